import fc from 'fast-check';
import { CandidateSummaryOutputSchema, type CandidateSummaryOutput } from '../../../../lambdas/shared/contracts/assistant';
import { candidateSummary } from '../../../../lambdas/assistant/domain/candidate-summary';
import { hasContact } from '../../../../lambdas/shared/text/contact-data';
import { SAMPLE_CANDIDATES } from '../../../../lambdas/assistant/samples/sample-candidates';
import { candidateIn, contactDetailsIn, sampleJobContext } from './support/sample-job-contexts';

function everythingWritten(output: CandidateSummaryOutput): string {
  return [output.candidateName, output.headline, output.summary, ...output.highlights, ...output.skills, output.text].join('\n');
}

describe('candidate summaries', () => {
  it.each(SAMPLE_CANDIDATES.map((c) => [c.name, c] as const))(
    'leave out every e-mail, phone, address and link of %s',
    (_name, candidate) => {
      const written = everythingWritten(
        candidateSummary({ candidateName: null, profile: candidate.profile, job: sampleJobContext(candidate.jobId) }),
      );
      const details = contactDetailsIn(candidate.profile);
      expect(details.length).toBeGreaterThanOrEqual(2);
      for (const detail of details) expect(written).not.toContain(detail);
      expect(written).not.toMatch(/linkedin|github\.com|@/i);
      expect(hasContact(written)).toBe(false);
    },
  );

  it('strip a street address and its ZIP code', () => {
    const grace = candidateIn('icu-registered-nurse', 'best-fit');
    const written = everythingWritten(candidateSummary({ candidateName: null, profile: grace.profile, job: null }));
    expect(grace.profile).toContain('2918 N Downer Ave');
    expect(written).not.toContain('Downer');
    expect(written).not.toContain('53211');
  });

  it('strip phones, e-mails and links written the usual ways, and keep amounts, dates and license numbers', () => {
    const profile = [
      'Jamie Rivera',
      'Senior Accountant',
      'Phone: 2065550147 · Mobile +44 20 7946 0958 · tel. 312.555.0119 · jamie.rivera@example.org · www.jamie.dev · https://example.org/cv',
      'Apt 4B, 22 Baker Street, Springfield, OH 45501',
      'EXPERIENCE',
      'Senior Accountant — Acme Metals, Dayton, OH (2019 – Present)',
      '- Closed the books for 3 entities with revenue of $1,200,000 a month, cutting the close from 9 to 5 days.',
      'CERTIFICATIONS',
      'Certified Public Accountant, Ohio, license #0410398812, expires 12/2026',
    ].join('\n');
    const output = candidateSummary({ candidateName: null, profile, job: null });
    const written = everythingWritten(output);
    for (const detail of [
      '2065550147',
      '7946 0958',
      '312.555.0119',
      'jamie.rivera',
      'jamie.dev',
      'example.org',
      'Baker Street',
      '45501',
      'Phone',
      'Mobile',
    ]) {
      expect(written).not.toContain(detail);
    }
    expect(output.candidateName).toBe('Jamie Rivera');
    expect(output.highlights).toEqual([
      'Closed the books for 3 entities with revenue of $1,200,000 a month, cutting the close from 9 to 5 days.',
    ]);
    expect(output.summary).toContain('Credentials: CPA');
  });

  it("write the backend engineer's headline, years, key skills and quantified highlights", () => {
    const output = candidateSummary({
      candidateName: null,
      profile: candidateIn('senior-backend-engineer', 'best-fit').profile,
      job: null,
    });
    expect(output.candidateName).toBe('Priya Raman');
    expect(output.headline).toBe('Senior Software Engineer, Backend · 8 years of experience · payments and financial services');
    expect(output.yearsOfExperience).toBe(8);
    expect(output.skills.slice(0, 5)).toEqual(['PostgreSQL', 'Kubernetes', 'Java', 'Spring Boot', 'AWS']);
    expect(output.summary).toBe(
      'Priya Raman is a Senior Software Engineer, Backend with 8 years of experience in payments and financial services. ' +
        'Currently at Northwind Payments, where they led the rewrite of the card authorization service as Java 17 and Spring Boot microservices, cutting p99 latency from 420 ms to 95 ms at 3,000 requests per second. ' +
        'Core skills: PostgreSQL, Kubernetes, Java, Spring Boot and AWS. ' +
        'Education: B.S. Computer Science, University of Illinois Chicago, 2016.',
    );
    expect(output.highlights).toHaveLength(5);
    expect(output.highlights).toContain(
      'Migrated 14 services from EC2 to Kubernetes on Amazon EKS with Docker, Helm and Argo CD; deploys went from weekly to 30 a day.',
    );
    expect(output.fit).toBeNull();
    expect(output.text.startsWith('Priya Raman\nSenior Software Engineer, Backend · 8 years of experience')).toBe(true);
    expect(output.text).toContain('\nHighlights\n- Led the rewrite');
    expect(CandidateSummaryOutputSchema.safeParse(output).success).toBe(true);
  });

  it("name the nurse's licences and certifications and her ICU years", () => {
    const output = candidateSummary({ candidateName: null, profile: candidateIn('icu-registered-nurse', 'best-fit').profile, job: null });
    expect(output.candidateName).toBe('Grace Okafor');
    expect(output.headline).toBe('Registered Nurse, Medical ICU · 7 years of experience · critical care and trauma care');
    expect(output.summary).toContain(
      'Credentials: Registered Nurse, CCRN, BLS and ACLS; education: B.S. Nursing, Marquette University, 2017.',
    );
    expect(output.skills.slice(0, 4)).toEqual(['Critical Care', 'Epic', 'Mechanical Ventilation', 'Vasoactive Drips']);
    expect(output.highlights).toContain("Led the unit's sepsis bundle project, raising 3-hour bundle compliance from 71% to 93%.");
  });

  it('list the must-haves the resume shows and those it does not, against a job', () => {
    const cases = [
      ['senior-backend-engineer', 'near-miss', ['Production experience with Kubernetes and Docker']],
      ['icu-registered-nurse', 'near-miss', ['BLS and ACLS certification from the American Heart Association']],
      ['senior-accountant', 'near-miss', ['Inventory and cost accounting experience in a manufacturing environment']],
      ['senior-accountant', 'best-fit', []],
    ] as const;
    for (const [jobId, role, missing] of cases) {
      const job = sampleJobContext(jobId);
      const output = candidateSummary({ candidateName: null, profile: candidateIn(jobId, role).profile, job });
      expect(output.fit?.missing).toEqual(missing);
      expect(output.fit?.met).toEqual(job.mustHaves.map((m) => m.text).filter((text) => !(missing as readonly string[]).includes(text)));
    }
    const marcus = candidateSummary({
      candidateName: null,
      profile: candidateIn('senior-backend-engineer', 'near-miss').profile,
      job: sampleJobContext('senior-backend-engineer'),
    });
    expect(marcus.summary).toContain(
      "Against the Senior Backend Engineer's 6 must-haves, the resume shows 5; not shown: Kubernetes and Docker.",
    );
    expect(marcus.text).toContain('Not shown: Production experience with Kubernetes and Docker');
  });

  it('do not credit a keyword list with any must-have', () => {
    const output = candidateSummary({
      candidateName: null,
      profile: candidateIn('senior-accountant', 'keyword-stuffer').profile,
      job: sampleJobContext('senior-accountant'),
    });
    expect(output.fit?.met).toEqual([]);
    expect(output.headline).toBe('Accounts Payable Clerk · 1 year of experience');
  });

  it('take the name given, else the first line when it reads as a name, else "The candidate"', () => {
    const profile = candidateIn('senior-accountant', 'best-fit').profile;
    expect(candidateSummary({ candidateName: 'S. Martinez', profile, job: null }).candidateName).toBe('S. Martinez');
    expect(candidateSummary({ candidateName: null, profile, job: null }).candidateName).toBe('Sofia Martinez');
    const anonymous = candidateSummary({ candidateName: null, profile: profile.split('\n').slice(3).join('\n'), job: null });
    expect(anonymous.candidateName).toBe('The candidate');
    expect(anonymous.summary.startsWith('The candidate is a Senior Accountant with 7 years of experience')).toBe(true);
  });

  it('say so when a resume gives nothing to summarize', () => {
    expect(candidateSummary({ candidateName: null, profile: 'hello', job: null }).summary).toBe(
      'The resume shows no title, years of experience or skills to summarize yet.',
    );
  });

  it('never throws and never repeats an e-mail address, whatever the resume holds', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2_000 }), fc.option(fc.string({ maxLength: 120 })), fc.emailAddress(), (text, name, email) => {
        const output = candidateSummary({ candidateName: name, profile: `${text}\n${email}\n${text}`, job: null });
        expect(CandidateSummaryOutputSchema.safeParse(output).success).toBe(true);
        expect(everythingWritten(output)).not.toContain(email);
      }),
      { numRuns: 150 },
    );
  });
});
