import fc from 'fast-check';
import { SourcingTermsOutputSchema } from '../../../../lambdas/shared/contracts/assistant';
import { googleWordCount, parseBooleanQuery, SEARCH_LIMITS } from '../../../../lambdas/assistant/domain/boolean-query';
import { sourcingTerms } from '../../../../lambdas/assistant/domain/sourcing-terms';
import { synonymsOf } from '../../../../lambdas/shared/text/skills-dictionary';
import {
  ICU_REGISTERED_NURSE,
  SAMPLE_JOBS,
  SENIOR_BACKEND_ENGINEER,
  type SampleJob,
} from '../../../../lambdas/assistant/samples/sample-jobs';

function termsFor(job: SampleJob, extra: Partial<Parameters<typeof sourcingTerms>[0]> = {}) {
  return sourcingTerms({
    title: job.title,
    description: job.description,
    companyInfo: job.companyInfo,
    location: job.location,
    mustHaves: [],
    niceToHaves: [],
    exclusions: [],
    ...extra,
  });
}

/** Whether a query names a concept by any of its names. */
function names(query: string, concept: string): boolean {
  const lower = query.toLowerCase();
  return [concept, ...synonymsOf(concept)].some((name) => lower.includes(name.toLowerCase()));
}

describe('sourcing search strings for the sample jobs', () => {
  it.each(SAMPLE_JOBS.map((job) => [job.id, job] as const))(
    'for %s: one valid string per target, within its limit, naming each must-have or saying it left it out',
    (_id, job) => {
      const output = termsFor(job);
      expect(SourcingTermsOutputSchema.safeParse(output).success).toBe(true);
      expect(output.searches.map((s) => s.target)).toEqual(['linkedin-recruiter', 'linkedin-recruiter-title', 'job-board', 'google-xray']);
      const leftOut = output.notes.find((n) => n.startsWith('The strings AND at most 4 concepts')) ?? '';
      for (const search of output.searches) {
        expect(parseBooleanQuery(search.query, search.target)).toMatchObject({ ok: true });
        expect(search.limit).toEqual(SEARCH_LIMITS[search.target]);
        const length = search.target === 'google-xray' ? googleWordCount(search.query) : search.query.length;
        expect(search.length).toBe(length);
        expect(length).toBeLessThanOrEqual(search.limit.max);
        if (search.target !== 'linkedin-recruiter-title' && search.target !== 'google-xray')
          for (const concept of job.expectedMustHaves)
            expect([search.target, concept, names(search.query, concept) || names(leftOut, concept)]).toEqual([
              search.target,
              concept,
              true,
            ]);
        // No client name or internal detail leaks into a search a recruiter may share.
        for (const planted of job.plantedSensitive) expect(search.query.toLowerCase()).not.toContain(planted.text.toLowerCase());
      }
    },
  );

  it('gives the backend engineer the strings a sourcer would write', () => {
    const output = termsFor(SENIOR_BACKEND_ENGINEER);
    // The posting's title and the role at every level (O*NET's web developers add no title that names it).
    expect(output.titles).toEqual(['Senior Backend Engineer', 'Backend Engineer']);
    expect(output.mustHaveGroups.map((g) => g.concept)).toEqual([
      'Java',
      'Spring Boot',
      'REST APIs',
      'Kubernetes',
      'Docker',
      'SQL',
      'PostgreSQL',
      'AWS',
    ]);
    expect(output.mustHaveGroups.find((g) => g.concept === 'Kubernetes')?.terms).toEqual(['Kubernetes', 'k8s', 'EKS', 'AKS']);
    // The posting's nice-to-haves, the client's industry, then the tools the posting names elsewhere.
    expect(output.niceToHaveGroups.map((g) => g.concept)).toEqual([
      'Apache Kafka',
      'Terraform',
      'PCI DSS',
      'Kotlin',
      'fintech industry',
      'Event-Driven Architecture',
      'Microservices',
      'Observability',
    ]);
    // Each term group from the posting shows the sentence it came from.
    const kubernetes = output.mustHaveGroups.find((g) => g.concept === 'Kubernetes');
    expect(kubernetes?.evidence).toMatch(/Kubernetes/);
    expect(SENIOR_BACKEND_ENGINEER.description).toContain(String(kubernetes?.evidence).replace(/…$/, '').slice(0, 40));
    expect(output.exclusions).toEqual(['recruiter', 'talent acquisition', 'intern', 'sales']);
    expect(output.location).toBe('Chicago, IL (hybrid)');
    const google = output.searches.find((s) => s.target === 'google-xray');
    expect(google?.query).toMatch(/^site:linkedin\.com\/in \("Senior Backend Engineer" OR /);
    expect(google?.query).toContain('"Chicago"');
    expect(google?.query).toContain('-recruiter');
    // Title, Java, Spring Boot, REST APIs: four AND-ed concepts; the other must-haves are named in a note.
    expect(output.searches[0].query).toMatch(
      /^\("Senior Backend Engineer" OR [^)]*\) AND \(Java OR J2EE\) AND "Spring Boot" AND \("REST APIs" OR "REST API"\) NOT \(recruiter /,
    );
    expect(output.notes.find((n) => n.startsWith('The strings AND at most 4 concepts'))).toContain(
      'Kubernetes, Docker, SQL, PostgreSQL, AWS',
    );
  });

  it('keeps students out of a licensed nursing search and says what no keyword can find', () => {
    const output = termsFor(ICU_REGISTERED_NURSE);
    expect(output.exclusions).toEqual(['recruiter', 'talent acquisition', 'intern', 'sales', 'nursing student', 'student nurse']);
    expect(output.mustHaveGroups.find((g) => g.concept === 'Critical Care')?.terms).toEqual([
      'Critical Care',
      'ICU',
      'intensive care',
      'CCU',
    ]);
    expect(output.notes).toContain(
      'Not in the strings (no keyword finds it; check it when screening): Able to work 12-hour night shifts and every third weekend.',
    );
  });

  it('never excludes what the job is about', () => {
    const output = sourcingTerms({
      title: 'Technical Recruiter',
      description: 'Requirements\n- 3+ years of agency recruiting\n- Talent acquisition for engineering teams',
      companyInfo: '',
      location: '',
      mustHaves: [],
      niceToHaves: [],
      exclusions: [],
    });
    expect(output.exclusions).toEqual(['intern', 'sales']);
  });

  it("uses the confirmed must-haves and the recruiter's exclusions when the job has them", () => {
    const output = termsFor(SENIOR_BACKEND_ENGINEER, {
      mustHaves: [
        { text: 'Go or Rust', kind: 'skill' },
        { text: 'Kubernetes', kind: 'skill' },
      ],
      niceToHaves: [{ text: 'Salesforce CPQ', kind: 'skill' }],
      exclusions: ['Contractor'],
    });
    expect(output.mustHaveGroups).toEqual([
      { concept: 'Go or Rust', terms: ['Golang', 'Rust'] },
      { concept: 'Kubernetes', terms: ['Kubernetes', 'k8s', 'EKS', 'AKS'] },
    ]);
    expect(output.niceToHaveGroups.map((g) => g.concept)).toEqual(['Salesforce', 'fintech industry']);
    expect(output.exclusions[0]).toBe('Contractor');
    expect(output.searches[0].query).toContain('NOT (Contractor OR recruiter');
  });

  it('answers sensibly for odd input', () => {
    for (const description of [
      '',
      '   \n\n  ',
      'Requirements\n\n',
      '🎉 ' + 'Lorem ipsum dolor sit amet. '.repeat(700),
      ' '.repeat(20_000),
      'Go R Excel Project Falcon '.repeat(760),
    ]) {
      const output = sourcingTerms({
        title: '',
        description: description.slice(0, 20_000),
        companyInfo: '',
        location: '',
        mustHaves: [],
        niceToHaves: [],
        exclusions: [],
      });
      expect(SourcingTermsOutputSchema.safeParse(output).success).toBe(true);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 40 }), (description, title) => {
        const output = sourcingTerms({ title, description, companyInfo: '', location: '', mustHaves: [], niceToHaves: [], exclusions: [] });
        for (const s of output.searches) expect(parseBooleanQuery(s.query, s.target)).toMatchObject({ ok: true });
      }),
      { numRuns: 100 },
    );
  });
});
