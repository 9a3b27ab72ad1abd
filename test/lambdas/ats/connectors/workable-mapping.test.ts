import {
  WorkableCandidateDetailSchema,
  WorkableCandidateSummarySchema,
  WorkableJobSchema,
  mapWorkableApplication,
  mapWorkableCandidate,
  mapWorkableJob,
} from '../../../../lambdas/ats/connectors/workable-mapping';
import { WORKABLE_CANDIDATES, WORKABLE_JOBS, type WorkableCandidateRecord } from '../../../../local/ats/fake-workable-data';

function detail(record: WorkableCandidateRecord) {
  const parsed = WorkableCandidateDetailSchema.safeParse({ candidate: record });
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data.candidate;
}

function summary(record: WorkableCandidateRecord) {
  const parsed = WorkableCandidateSummarySchema.safeParse(record);
  if (!parsed.success) throw new Error(parsed.error.message);
  return parsed.data;
}

function jobs() {
  return WORKABLE_JOBS.map((job) => {
    const parsed = WorkableJobSchema.safeParse(job);
    if (!parsed.success) throw new Error(parsed.error.message);
    return mapWorkableJob(parsed.data);
  });
}

function byId(id: string): WorkableCandidateRecord {
  const found = WORKABLE_CANDIDATES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
}

describe('Workable jobs as the port reads them', () => {
  it('uses the shortcode as the job id, because candidates name their job by it', () => {
    expect(jobs().map((job) => job.id)).toEqual(['GROOV003', 'GROOV004', 'GROOV005']);
  });

  it('reads published and internally closed jobs as open, archived as closed', () => {
    expect(jobs().map((job) => job.status)).toEqual(['open', 'open', 'closed']);
  });

  it('turns the HTML posting into plain text with its list items as bullets', () => {
    expect(jobs()[0].description).toBe('We build payment services.\nRequirements\n• Java & Spring Boot\n• 5+ years');
    expect(jobs()[2].description).toBe('');
  });

  it('names the location, a remote job as remote, and an absent department as empty', () => {
    const [backend, office, intern] = jobs();
    expect(backend.location).toBe('Denver, Colorado, United States');
    expect(office.location).toBe('Remote');
    expect(intern.department).toBe('');
    expect(backend).toMatchObject({
      title: 'Senior Backend Engineer',
      department: 'Engineering',
      createdAt: '2026-01-10T09:00:00.000Z',
      updatedAt: '2026-03-01T12:00:00.000Z',
    });
  });
});

describe('Workable candidates as the port reads them', () => {
  it('assembles the profile from headline, summary, experience, education, skills and tags', () => {
    const candidate = mapWorkableCandidate(detail(byId('ce4da98')));
    expect(candidate).toMatchObject({
      id: 'ce4da98',
      name: 'Lakita Marrero',
      headline: 'Backend Engineer at Paylane',
      location: 'Denver, CO, United States',
    });
    expect(candidate.profile).toContain(
      'Experience\nBackend Engineer at Paylane (2020-05 – present)\nCard authorization in Java 17 and Spring Boot.',
    );
    expect(candidate.profile).toContain('Education\nBSc, Computer Science — University of Colorado (2014-09 – 2018-06)');
    expect(candidate.profile).toContain('Skills\nJava, Spring Boot, Kafka');
    expect(candidate.profile).toContain('Tags\npayments, referral');
  });

  it('never copies an e-mail address, phone number or street address into the profile', () => {
    for (const record of WORKABLE_CANDIDATES) {
      const candidate = mapWorkableCandidate(detail(record));
      const everything = JSON.stringify(candidate);
      expect(everything).not.toContain('@example.com');
      expect(everything).not.toContain('555-0188');
      expect(everything).not.toContain('991-6256');
      expect(everything).not.toContain('Clemmie');
    }
    expect(mapWorkableCandidate(detail(byId('ce4da98'))).profile).toContain('Summary\nPayments engineer; reach me at');
  });

  it('leaves out the cover letter, whose greetings and contact lines are not a profile', () => {
    expect(mapWorkableCandidate(detail(byId('ce4da99'))).profile).not.toContain('hiring manager');
  });

  it('builds the name from first and last name when the full name is missing', () => {
    const record = { ...byId('ce4daa1'), name: '' };
    expect(mapWorkableCandidate(detail(record)).name).toBe('Mei Tanaka');
  });
});

describe('Workable candidate records as applications', () => {
  it('maps each candidate record to one application for its job', () => {
    expect(mapWorkableApplication(summary(byId('ce4daa1')))).toEqual({
      id: 'ce4daa1',
      candidateId: 'ce4daa1',
      jobId: 'GROOV003',
      status: 'active',
      stage: 'phone-screen',
      appliedAt: '2026-02-01T10:00:00.000Z',
      closedAt: null,
      updatedAt: '2026-04-01T09:00:00.000Z',
    });
  });

  it('reads the hired stage as hired, closed when hired_at says', () => {
    expect(mapWorkableApplication(summary(byId('ce4da98')))).toMatchObject({ status: 'hired', closedAt: '2026-03-20T00:00:00.000Z' });
  });

  it('reads hired_at alone as hired too', () => {
    const record = { ...byId('ce4daa1'), hired_at: '2026-04-02T00:00:00Z' };
    expect(mapWorkableApplication(summary(record))?.status).toBe('hired');
  });

  it("reads a disqualified candidate as rejected, or withdrawn when they withdrew, dated by the detail's disqualified_at", () => {
    expect(mapWorkableApplication(summary(byId('ce4da99')), '2026-03-04T15:00:00Z')).toMatchObject({
      status: 'rejected',
      closedAt: '2026-03-04T15:00:00.000Z',
    });
    // Without the detail's date, the last edit stands in.
    expect(mapWorkableApplication(summary(byId('ce4da99')))).toMatchObject({ status: 'rejected', closedAt: '2026-03-09T11:00:00.000Z' });
    expect(mapWorkableApplication(summary(byId('ce4daa0')))).toMatchObject({ status: 'withdrawn', closedAt: '2026-03-11T09:00:00.000Z' });
  });

  it('skips a talent-pool record, which applied to no job', () => {
    expect(mapWorkableApplication(summary(byId('ce4daa2')))).toBeNull();
  });
});
