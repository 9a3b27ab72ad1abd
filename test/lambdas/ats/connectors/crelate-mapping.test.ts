import {
  CrelateApplicationSchema,
  CrelateContactSchema,
  CrelateJobSchema,
  CrelatePlacementSchema,
  isCrelateCandidate,
  mapCrelateApplication,
  mapCrelateContact,
  mapCrelateJob,
  mapCrelatePlacement,
  statusFromStageName,
} from '../../../../lambdas/ats/connectors/crelate-mapping';
import { skipRecord } from '../../../../lambdas/ats/connectors/record-reading';
import { CRELATE_APPLICATIONS, CRELATE_CONTACTS, CRELATE_JOBS, CRELATE_PLACEMENTS } from '../../../../local/ats/fake-crelate-data';

function parse<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: Error } }, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw parsed.error;
  return parsed.data;
}

const jobs = CRELATE_JOBS.map((job) => mapCrelateJob(parse(CrelateJobSchema, job)));
const contacts = CRELATE_CONTACTS.map((contact) => parse(CrelateContactSchema, contact));

describe('Crelate jobs as the port reads them', () => {
  it('reads open, closed (ClosedOn) and on-hold jobs', () => {
    expect(jobs.map((job) => job.status)).toEqual(['open', 'closed', 'other']);
  });

  it('uses the job name, the portal city and state, and the description (the portal one when it is the only one) as text', () => {
    expect(jobs[0]).toMatchObject({
      title: 'Warehouse Operations Manager',
      location: 'Columbus, OH',
      description: 'Run a 200-person distribution center.\n• Lean\n• WMS',
    });
    expect(jobs[1].description).toBe('Lead the second shift.');
    expect(jobs[2].location).toBe('');
  });

  it('never takes the client account as a department', () => {
    expect(jobs.every((job) => job.department === '')).toBe(true);
    expect(JSON.stringify(jobs)).not.toContain('Acme Logistics');
  });
});

describe('Crelate contacts as candidates', () => {
  it('keeps candidates and leaves client contacts out, whether the record type comes by name or as the bitmask', () => {
    expect(contacts.map(isCrelateCandidate)).toEqual([true, false, true, true]);
    expect([1, 2, 3].map((RecordType) => isCrelateCandidate({ ...contacts[0], RecordType }))).toEqual([true, false, true]);
    expect(isCrelateCandidate({ ...contacts[0], RecordType: [{ Title: 'Candidate' }] })).toBe(true);
    expect(isCrelateCandidate({ ...contacts[0], RecordType: null })).toBe(true);
  });

  it('reads tags from the object of tag lists keyed by tag category that API3 answers, and from a plain list', () => {
    const byCategory = parse(CrelateContactSchema, {
      ...CRELATE_CONTACTS[0],
      Tags: { cat1: [{ Id: 't1', Title: 'Forklift' }], cat2: [{ Id: 't2', Title: 'OSHA 30' }] },
    });
    expect(mapCrelateContact(byCategory).profile).toContain('Tags\nForklift, OSHA 30');
    const listed = parse(CrelateContactSchema, { ...CRELATE_CONTACTS[0], Tags: [{ Id: 't1', Title: 'Forklift' }] });
    expect(mapCrelateContact(listed).profile).toContain('Tags\nForklift');
  });

  it('reads the current position as the headline and city, state and country as the location', () => {
    expect(mapCrelateContact(contacts[0])).toMatchObject({
      id: 'c1000000-0000-4000-8000-000000000001',
      name: 'Dana Whitfield',
      headline: 'Distribution Manager at Midwest Freight',
      location: 'Columbus, OH, United States',
      createdAt: '2026-01-10T10:00:00.000Z',
      updatedAt: '2026-03-15T10:00:00.000Z',
    });
    expect(mapCrelateContact(contacts[3]).location).toBe('');
  });

  it('builds the profile from headline, description and tags without any e-mail, phone or street', () => {
    const dana = mapCrelateContact(contacts[0]);
    expect(dana.profile).toContain('Distribution Manager at Midwest Freight');
    expect(dana.profile).toContain('Summary\nRan two DCs with Lean and Manhattan WMS.');
    expect(dana.profile).toContain('Tags\nLean Six Sigma, Warehouse');
    for (const contact of contacts) {
      const everything = JSON.stringify(mapCrelateContact(contact));
      expect(everything).not.toMatch(/@example\.org|555-?0142|6145550142|Clarendon|43215/);
    }
  });
});

describe('Crelate applications and placements', () => {
  it('reads workflow stage names as the port statuses', () => {
    expect(
      [
        'Interviewing with Client',
        'Placed',
        'Hired',
        'Not a Fit',
        'Rejected by Client',
        'Candidate Not Interested',
        'Withdrew',
        'Submitted to Client',
      ].map(statusFromStageName),
    ).toEqual(['active', 'hired', 'hired', 'rejected', 'rejected', 'withdrawn', 'withdrawn', 'active']);
  });

  it('maps a portal application to the contact and job it links, skipping one without a job', () => {
    const mapped = CRELATE_APPLICATIONS.map((a) => mapCrelateApplication(parse(CrelateApplicationSchema, a)));
    expect(mapped[0]).toEqual({
      id: 'application:p1000000-0000-4000-8000-000000000001',
      candidateId: 'c1000000-0000-4000-8000-000000000001',
      jobId: 'j1000000-0000-4000-8000-000000000001',
      status: 'active',
      stage: 'Interviewing with Client',
      appliedAt: '2026-02-01T10:00:00.000Z',
      closedAt: null,
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(mapped.map((a) => a?.status ?? null)).toEqual(['active', 'rejected', 'withdrawn', null]);
  });

  it('maps each placement to a hired application, closed at its start date (or when it was recorded)', () => {
    const mapped = CRELATE_PLACEMENTS.map((p) => mapCrelatePlacement(parse(CrelatePlacementSchema, p)));
    expect(mapped[0]).toEqual({
      id: 'placement:m1000000-0000-4000-8000-000000000001',
      candidateId: 'c1000000-0000-4000-8000-000000000003',
      jobId: 'j1000000-0000-4000-8000-000000000002',
      status: 'hired',
      stage: 'Placed',
      appliedAt: null,
      closedAt: '2026-02-16T00:00:00.000Z',
      updatedAt: '2026-02-10T10:00:00.000Z',
    });
    expect(mapped[1]).toMatchObject({ closedAt: '2026-03-20T10:00:00.000Z' });
    expect(mapped[2]).toEqual(skipRecord('no placed contact'));
  });

  it('takes the job from RegardingId, where Crelate names what a placement regards, or from a JobId lookup', () => {
    const placement = parse(CrelatePlacementSchema, { ...CRELATE_PLACEMENTS[0], RegardingId: null, JobId: { Id: 'j-9', Title: 'Other' } });
    expect(mapCrelatePlacement(placement)).toMatchObject({ jobId: 'j-9' });
  });
});
