import fc from 'fast-check';
import { ExternalJobDescriptionOutputSchema } from '../../../../lambdas/shared/contracts/assistant';
import { externalJobDescription } from '../../../../lambdas/assistant/domain/external-job-description';
import { synonymsOf } from '../../../../lambdas/shared/text/skills-dictionary';
import {
  ICU_REGISTERED_NURSE,
  LOGISTICS_COORDINATOR,
  SAMPLE_JOBS,
  SENIOR_BACKEND_ENGINEER,
  type SampleJob,
} from '../../../../lambdas/assistant/samples/sample-jobs';

function external(job: SampleJob) {
  return externalJobDescription({
    title: job.title,
    description: job.description,
    companyInfo: job.companyInfo,
    clientNames: job.clientNames,
  });
}

describe('the external job description of each sample', () => {
  it.each(SAMPLE_JOBS.map((job) => [job.id, job] as const))('%s: publishable, in clean sections, with the substance kept', (_id, job) => {
    const output = external(job);
    expect(ExternalJobDescriptionOutputSchema.safeParse(output).success).toBe(true);
    const lower = output.text.toLowerCase();
    // Nothing planted survives, anywhere: title, sections or text.
    for (const planted of job.plantedSensitive) {
      expect([planted.text, lower.includes(planted.text.toLowerCase())]).toEqual([planted.text, false]);
      for (const section of output.sections)
        expect(`${section.heading} ${section.body}`.toLowerCase()).not.toContain(planted.text.toLowerCase());
    }
    for (const planted of job.plantedSensitive) {
      expect(output.removed.some((r) => r.text.toLowerCase().includes(planted.text.toLowerCase()))).toBe(true);
    }
    // Every expected must-have is still there, by one of its names.
    for (const mustHave of job.expectedMustHaves) {
      expect([mustHave, [mustHave, ...synonymsOf(mustHave)].some((name) => lower.includes(name.toLowerCase()))]).toEqual([mustHave, true]);
    }
    expect(output.sections.map((s) => s.heading)).toEqual([
      'About the role',
      'What you’ll do',
      'What you bring',
      'Nice to have',
      'What’s on offer',
      'Location',
    ]);
    expect(output.text).toBe([output.title, ...output.sections.map((s) => `${s.heading}\n${s.body}`)].join('\n\n'));
  });

  it('introduces the backend client by its industry and keeps every responsibility', () => {
    const output = external(SENIOR_BACKEND_ENGINEER);
    expect(output.title).toBe('Senior Backend Engineer');
    expect(output.sections[0].body).toMatch(
      /^We are looking for a Senior Backend Engineer to join our client, a fintech company in Chicago, IL\. Our client is a fast-growing fintech company/,
    );
    expect(output.sections[1].body.split('\n')).toEqual([
      '- Design, build and operate Java and Spring Boot microservices that move money reliably',
      '- Own the REST APIs behind our client’s mobile app and merchant dashboard',
      '- Run services on Kubernetes (EKS) with Terraform-managed infrastructure on AWS',
      '- Publish and consume events with Kafka, and make every consumer idempotent',
      '- Improve observability with tracing, dashboards and alerts in Datadog',
      '- Review code and mentor two mid-level engineers',
    ]);
    expect(output.sections[5]).toEqual({ heading: 'Location', body: 'Chicago, IL' });
  });

  it('calls a hospital a hospital, and uses "an" before ICU', () => {
    expect(external(ICU_REGISTERED_NURSE).sections[0].body).toMatch(
      /^We are looking for an ICU Registered Nurse to join our client, a hospital in Milwaukee, WI\./,
    );
  });

  it('sorts a requisition written as prose into the same sections', () => {
    const output = external(LOGISTICS_COORDINATOR);
    const section = (heading: string) => output.sections.find((s) => s.heading === heading)?.body ?? '';
    expect(section('What you’ll do')).toContain('tracks every load in our TMS until delivery');
    expect(section('What you bring')).toContain('at least 2 years of experience in freight brokerage');
    expect(section('Nice to have')).toBe('- Cold chain or food-grade shipping experience and conversational Spanish are a plus.');
    expect(section('What’s on offer')).toBe('We offer a competitive hourly rate, overtime, medical and dental coverage and a 401(k).');
  });

  it('handles a requisition in another house style: shouted headings, "*" bullets, labels and a client named only in the text', () => {
    const description = [
      'ROLE: Enterprise Account Executive (East)',
      'Company: Northwind Analytics Inc. — a SaaS company selling supply-chain analytics to retailers. HQ at 77 Summer Street, Boston, MA 02110.',
      '',
      'OVERVIEW',
      "Northwind's sales team is growing after the Series C. You'll own a territory of Fortune 1000 retailers on the East Coast.",
      '',
      'RESPONSIBILITIES:',
      '* Run full-cycle sales from discovery to close using MEDDPICC',
      '* Forecast accurately in Salesforce',
      '',
      'WHAT WE NEED:',
      '* 5+ years of B2B SaaS sales',
      '* Track record of exceeding a $1M+ annual quota',
      '',
      'BONUS POINTS:',
      '* French',
      '',
      'Comp: $150k base / $300k OTE, uncapped commission. Placement fee 25% — send candidates to Priya Natarajan (VP Sales) at priya@northwind.ai or 617-555-0199.',
      'Recruiter note: they are quietly replacing the current AE; do not post on LinkedIn under the company name.',
    ].join('\n');
    const output = externalJobDescription({ title: '', description, companyInfo: '', clientNames: [] });
    expect(output.title).toBe('Enterprise Account Executive');
    expect(output.sections).toEqual([
      {
        heading: 'About the role',
        body:
          'We are looking for an Enterprise Account Executive to join our client, a software company in Boston, MA. Our client is a SaaS company selling supply-chain analytics to retailers. ' +
          "Our client’s sales team is growing after the Series C. You'll own a territory of Fortune 1000 retailers on the East Coast.",
      },
      {
        heading: 'What you’ll do',
        body: '- Run full-cycle sales from discovery to close using MEDDPICC\n- Forecast accurately in Salesforce',
      },
      { heading: 'What you bring', body: '- 5+ years of B2B SaaS sales\n- Track record of exceeding a $1M+ annual quota' },
      { heading: 'Nice to have', body: '- French' },
      // The candidate's pay stays (pay-transparency laws require it); the placement fee goes.
      { heading: 'What’s on offer', body: 'Comp: $150k base / $300k OTE, uncapped commission.' },
      { heading: 'Location', body: 'Boston, MA' },
    ]);
    for (const secret of [
      'Northwind',
      '77 Summer',
      '02110',
      'Placement fee',
      '25%',
      'Priya',
      'northwind.ai',
      '617-555-0199',
      'quietly replacing',
    ]) {
      expect(output.text).not.toContain(secret);
    }
  });

  it('answers sensibly for odd input', () => {
    for (const description of [
      '',
      '  \n\n ',
      'Internal: everything here is confidential.',
      '日本語のテキスト 🎉\n\n',
      'x'.repeat(20_000),
      ' '.repeat(20_000),
      '(("'.repeat(6_666),
      '12 Main St '.repeat(1_800),
      '(312) 555-0148 '.repeat(1_300),
    ]) {
      const output = externalJobDescription({ title: '', description, companyInfo: '', clientNames: [] });
      expect(ExternalJobDescriptionOutputSchema.safeParse(output).success).toBe(true);
      expect(output.text).not.toContain('confidential');
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 40 }), (description, title) => {
        expect(
          ExternalJobDescriptionOutputSchema.safeParse(
            externalJobDescription({ title, description, companyInfo: '', clientNames: [title] }),
          ).success,
        ).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
