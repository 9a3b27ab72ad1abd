import fc from 'fast-check';
import { ASSISTANT_LIMITS, MustHavesOutputSchema } from '../../../../lambdas/shared/contracts/assistant';
import { classifyRequirement, proposeMustHaves } from '../../../../lambdas/assistant/domain/must-haves';
import { skillEntry, skillsIn } from '../../../../lambdas/shared/text/skills-dictionary';
import {
  ICU_REGISTERED_NURSE,
  LOGISTICS_COORDINATOR,
  SAMPLE_JOBS,
  SENIOR_ACCOUNTANT,
  SENIOR_BACKEND_ENGINEER,
  type SampleJob,
} from '../../../../lambdas/assistant/samples/sample-jobs';

function propose(job: SampleJob) {
  return proposeMustHaves({ title: job.title, description: job.description, companyInfo: job.companyInfo });
}

function texts(items: readonly { text: string; kind: string }[]) {
  return items.map((i) => `${i.kind}: ${i.text}`);
}

describe('proposed must-haves on the sample requisitions', () => {
  it('list the backend engineer requirements and keep the nice-to-haves apart', () => {
    const output = propose(SENIOR_BACKEND_ENGINEER);
    expect(texts(output.mustHaves)).toEqual([
      'experience: 6+ years of backend development, at least 3 of them in Java',
      'skill: Strong experience with Spring Boot and REST API design',
      'skill: Production experience with Kubernetes and Docker',
      'skill: Solid SQL and PostgreSQL skills, including schema design and query tuning',
      'skill: Experience running services on AWS',
      'skill: Understanding of payment processing or other financial systems where correctness matters',
    ]);
    expect(texts(output.niceToHaves)).toEqual([
      'skill: Apache Kafka or another event streaming platform',
      'skill: Terraform',
      'skill: Knowledge of PCI DSS compliance',
      'skill: Kotlin',
    ]);
    expect(output.title).toBe('Senior Backend Engineer');
    expect(output.location).toBe('Chicago, IL');
  });

  it('list the ICU nurse licence, certifications and experience', () => {
    const output = propose(ICU_REGISTERED_NURSE);
    expect(texts(output.mustHaves)).toEqual([
      'certification: Active Registered Nurse (RN) license in Wisconsin or a multistate compact license',
      'experience: Minimum of 2 years of recent ICU experience in an adult critical care unit',
      'certification: BLS and ACLS certification from the American Heart Association',
      'skill: Experience with mechanical ventilation and vasoactive medications',
      'other: Able to work 12-hour night shifts and every third weekend',
    ]);
    expect(texts(output.niceToHaves)).toEqual([
      'education: BSN',
      'certification: CCRN certification',
      'skill: CRRT experience',
      'skill: Epic charting experience',
      'language: Spanish speaking',
    ]);
    expect(output.title).toBe('ICU Registered Nurse');
    expect(output.location).toBe('Milwaukee, WI');
  });

  it('keep "ideally in manufacturing" a must-have for the accountant and the CPA a nice-to-have', () => {
    const output = propose(SENIOR_ACCOUNTANT);
    expect(texts(output.mustHaves)).toEqual([
      "education: Bachelor's degree in Accounting or Finance",
      'experience: 5+ years of progressive accounting experience, ideally in manufacturing',
      'skill: Strong knowledge of US GAAP',
      'skill: Hands-on experience with month-end close and account reconciliations',
      'skill: Inventory and cost accounting experience in a manufacturing environment',
      'skill: Advanced Excel skills (pivot tables, VLOOKUP/XLOOKUP)',
    ]);
    expect(texts(output.niceToHaves)).toEqual([
      'certification: CPA license or progress toward a CPA',
      'skill: NetSuite experience',
      'skill: Experience with an ERP implementation',
      // Named twice in the duties: a skill of the job, offered as a nice-to-have once the posting states its requirements.
      'skill: Journal Entries',
    ]);
    expect(output.location).toBe('Dayton, OH (on-site)');
  });

  it('find requirements in prose without sections, adding the tools it names (a practice named once, like KPI reporting, is not one)', () => {
    const output = propose(LOGISTICS_COORDINATOR);
    expect(texts(output.mustHaves)).toEqual([
      'experience: At least 2 years of experience in freight brokerage, transportation or 3PL operations',
      'skill: Transportation Management',
      'skill: Warehouse Management',
      'skill: Excel',
    ]);
    expect(output.niceToHaves.map((n) => n.text)).toEqual(['Cold chain or food-grade shipping experience and conversational Spanish']);
    expect(output.mustHaves[1].evidence).toMatch(/tracks every load in our TMS/);
  });

  it.each(SAMPLE_JOBS.map((job) => [job.id, job] as const))(
    'cover every expected must-have of %s, each with its evidence, and never an internal note',
    (_id, job) => {
      const output = propose(job);
      expect(MustHavesOutputSchema.safeParse(output).success).toBe(true);
      const found = new Set(output.mustHaves.flatMap((m) => skillsIn(m.text)));
      for (const expected of job.expectedMustHaves) expect(found).toContain(skillEntry(expected)?.canonical);
      for (const item of [...output.mustHaves, ...output.niceToHaves]) {
        expect(job.description.replace(/\s+/g, ' ')).toContain(item.evidence);
        for (const planted of job.plantedSensitive.filter((p) => p.category !== 'client-name'))
          expect(item.text.toLowerCase()).not.toContain(planted.text.toLowerCase());
      }
    },
  );
});

describe("a requirement's kind", () => {
  it.each([
    ['Active RN license', 'certification'],
    ['CPA', 'certification'],
    ['AWS Certified Solutions Architect', 'certification'],
    ["Bachelor's degree in Accounting", 'education'],
    ['Fluent Spanish', 'language'],
    ['German', 'language'],
    ['5+ years of Java', 'experience'],
    ['Experience in a unionized plant', 'experience'],
    ['Must be based in Chicago or willing to relocate', 'location'],
    ['Kubernetes', 'skill'],
    ['Knowledge of lab safety', 'skill'],
    ['Able to lift 50 lbs', 'other'],
    ['', 'other'],
  ])('of %j is %s', (text, kind) => {
    expect(classifyRequirement(text)).toBe(kind);
  });
});

describe('proposing must-haves from odd text', () => {
  it.each([
    ['an empty description', ''],
    ['only whitespace', ' \n\t \n'],
    ['empty lines and headings only', 'Requirements\n\n\nNice to have\n\n'],
    ['unicode', 'Ingénieur·e backend — exigences : Kubernetes ✅, Java ☕, 日本語 OK 🎉'],
    // Long runs that make careless patterns backtrack: each must still answer at once.
    ['20,000 spaces', ' '.repeat(20_000)],
    ['20,000 brackets and quotes', '(("'.repeat(6_666)],
    ['thousands of headings', 'Requirements:\n'.repeat(1_400)],
    ['thousands of numbers', '12 34 5678 '.repeat(1_800)],
  ])('gives a sensible answer for %s', (_label, description) => {
    const output = proposeMustHaves({ title: '', description, companyInfo: '' });
    expect(MustHavesOutputSchema.safeParse(output).success).toBe(true);
  });

  it('caps 20,000 characters of repeated requirements at the contract limits', () => {
    const description = `Requirements\n${Array.from({ length: 600 }, (_, i) => `- Kubernetes with tool v${i}x`).join('\n')}`.slice(
      0,
      ASSISTANT_LIMITS.documentMaxChars,
    );
    const output = proposeMustHaves({ title: 'Engineer', description, companyInfo: '' });
    expect(output.mustHaves).toHaveLength(ASSISTANT_LIMITS.requirementsMax);
    const repeated = proposeMustHaves({ title: '', description: 'Java and SQL. '.repeat(1400), companyInfo: '' });
    expect(repeated.mustHaves.map((m) => m.text)).toEqual(['Java', 'SQL']);
  });

  it('never throws and always fits the contract', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.string({ maxLength: 60 }), (description, title) => {
        const output = proposeMustHaves({ title, description, companyInfo: '' });
        expect(MustHavesOutputSchema.safeParse(output).success).toBe(true);
        for (const item of [...output.mustHaves, ...output.niceToHaves])
          expect(item.text.length).toBeLessThanOrEqual(ASSISTANT_LIMITS.itemMaxChars);
      }),
      { numRuns: 150 },
    );
  });
});

describe('must-haves from scraped and boilerplate-heavy postings (fixtures written for these tests)', () => {
  const items = (description: string) => proposeMustHaves({ title: '', description, companyInfo: '' });

  it('splits list items a scrape ran together and keeps "strongly preferred" apart from what is required', () => {
    const output = items(
      'Job SummaryProvide wound care to residents on the night shift.\n' +
        'Qualifications:Valid LPN license in the state of Ohio.Previous experience in long-term care preferred.Excellent communication skills.BLS, ACLS required; CCRN strongly preferred',
    );
    const must = output.mustHaves.map((m) => m.text);
    expect(must).toEqual(expect.arrayContaining(['Valid LPN license in the state of Ohio', 'BLS certification', 'ACLS certification']));
    expect(must.join(' | ')).not.toMatch(/CCRN|communication|long-term care/i);
    expect(output.niceToHaves.map((n) => n.text)).toEqual(expect.arrayContaining(['CCRN certification']));
    for (const item of output.mustHaves) expect(item.evidence.length).toBeGreaterThan(item.text.length - 1);
    expect(output.mustHaves.find((m) => m.text === 'BLS certification')?.evidence).toBe('BLS, ACLS required; CCRN strongly preferred');
  });

  it('names typed requirements short with their sentence as evidence: CDL, age, heavy lifting, degree, work authorization', () => {
    const output = items(
      [
        'About the company',
        'We are a family-owned carrier hauling produce across the Midwest since 1987!',
        'Requirements',
        '- Must be 23 years of age or older, hold a Class A CDL and have 2+ years of verifiable OTR experience, with a clean MVR and no DUI in the last five years',
        '- Able to lift and secure loads up to 60 lbs',
        '- High school diploma or GED',
        'Physical demands',
        'Occasionally required to lift up to 20 pounds; frequently required to sit and reach.',
        'Applicants must be authorized to work in the United States. We are an equal opportunity employer and do not discriminate based on age or citizenship status.',
      ].join('\n'),
    );
    const must = output.mustHaves.map((m) => `${m.kind}: ${m.text}`);
    expect(must).toEqual(
      expect.arrayContaining([
        'other: At least 23 years old',
        'certification: Class A CDL',
        'experience: 2+ years of verifiable OTR experience',
        'other: Able to lift and secure loads up to 60 lbs',
        'education: High school diploma or GED',
        'location: Applicants must be authorized to work in the United States',
      ]),
    );
    expect(must.join(' | ')).not.toMatch(/20 pounds|sit and reach|family-owned|equal opportunity|US citizenship/i);
    expect(output.mustHaves.find((m) => m.text === 'Class A CDL')?.evidence).toMatch(
      /^Must be 23 years of age or older, hold a Class A CDL/,
    );
  });

  it('makes one must-have of each name in a listed line of names', () => {
    const output = items('Requirements\n- Python, Terraform; Kubernetes and Grafana\n- Bachelor of Science or equivalent experience');
    expect(output.mustHaves.map((m) => m.text)).toEqual(expect.arrayContaining(['Python', 'Terraform', 'Kubernetes', 'Grafana']));
  });

  it('leaves out duties, soft skills, conditions, benefits and the employer talking about itself', () => {
    const output = items(
      [
        'Responsibilities',
        'Installs conduit and pulls wire in commercial buildings.',
        'Qualifications',
        'Hold a current journeyman electrician license',
        'Strong work ethic and a positive attitude',
        'Ability to work well in a team',
        'If you are not licensed yet, ask about our apprenticeship program.',
        'Acme Electric is the largest contractor in the valley.',
        'Benefits',
        'Medical, dental and a 401(k) match',
      ].join('\n'),
    );
    expect(output.mustHaves.map((m) => m.text)).toEqual(['Hold a current journeyman electrician license']);
  });
});

describe("must-haves read a posting's lists as a recruiter does (fixtures written for these tests)", () => {
  const propose = (description: string, title = '') => proposeMustHaves({ title, description, companyInfo: '' });
  const must = (description: string, title = '') => propose(description, title).mustHaves.map((m) => m.text);

  it('switches lists at labels a scrape left inside a paragraph ("Required:", "Preferred:")', () => {
    const output = propose(
      'Qualifications:\nRequired: Valid forklift certification. Able to lift 60 lbs. Preferred: Associate degree in logistics. Experience with SAP EWM.',
    );
    expect(output.mustHaves.map((m) => m.text)).toEqual(['Valid forklift certification', 'Able to lift 60 lbs']);
    expect(output.niceToHaves.map((n) => n.text)).toEqual(expect.arrayContaining(['Experience with SAP EWM']));
    expect(output.niceToHaves.map((n) => n.kind)).toContain('education');
  });

  it('reads a Title Case line as a heading only when it names nothing to require', () => {
    const output = propose(
      [
        "What You'll Bring to the Table",
        "- Valid Driver's License Required",
        '- High School Diploma Required',
        '- Bilingual Spanish Preferred',
        'Title: Route Sales Driver',
      ].join('\n'),
    );
    expect(output.mustHaves.map((m) => m.text)).toEqual(["Valid Driver's License", 'High School Diploma']);
    expect(output.niceToHaves.map((n) => n.text)).toEqual(['Bilingual Spanish']);
  });

  it('takes only typed requirements from a duty list, but a line worded as a qualification counts wherever it is', () => {
    const items = must(
      [
        'What you will do',
        '- Restock the sales floor and update inventory records as required',
        '- Proficient in Excel pivot tables',
        '- Maintain a valid food handler card',
        'Requirements',
        '- 2+ years of retail experience',
      ].join('\n'),
    );
    expect(items).toEqual(['Proficient in Excel pivot tables', 'Food handler certification', '2+ years of retail experience']);
  });

  it('proposes one requirement for alternatives joined by "or", stated by the first', () => {
    const items = must(
      [
        'Education',
        '- Certified Dental Assistant credential or',
        '- Completion of an accredited dental assisting program or',
        '- High school diploma and 3 years of chairside experience',
      ].join('\n'),
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toBe('Certified Dental Assistant credential');
  });

  it('leaves out physical-demand rows, tasks listed as qualifications and bare nouns', () => {
    const items = must(
      [
        'Qualifications',
        '- Kneel at floor level - Frequently',
        '- Constantly required to enter and exit the van',
        '- Scheduling patient recalls',
        '- Patient recall lists',
        '- Dentrix experience',
      ].join('\n'),
    );
    expect(items).toEqual(['Dentrix experience']);
  });

  it('offers familiarity, basic knowledge and methodologies as nice-to-haves, and leaves out the working environment and vague experience', () => {
    const output = propose(
      [
        'Requirements',
        '- 3+ years of Python',
        '- Familiarity with Jira',
        '- Basic knowledge of Tableau',
        '- Experience working in Scrum teams',
        '- Ability to thrive in a fast-paced environment',
        '- Experience with large-scale, multi-year projects',
        '- Our recruiters do not charge candidates any fee',
      ].join('\n'),
    );
    expect(output.mustHaves.map((m) => m.text)).toEqual(['3+ years of Python']);
    expect(output.niceToHaves.map((n) => n.text)).toEqual(
      expect.arrayContaining(['Familiarity with Jira', 'Basic knowledge of Tableau', 'Experience working in Scrum teams']),
    );
    expect([...output.mustHaves, ...output.niceToHaves].map((i) => i.text).join(' | ')).not.toMatch(/fast-paced|large-scale|fee/);
  });

  it('proposes a typed requirement once when the posting states it twice, keeping the more specific wording', () => {
    const items = must(
      [
        'Job title: Certified Journeyman Plumber',
        'Must be able to lift 50 lbs every day.',
        'Requirements',
        '- Ability to lift and carry materials up to 55 pounds',
        '- Licensed journeyman plumber in Colorado',
      ].join('\n'),
    );
    expect(items.filter((t) => /lift|pounds/i.test(t))).toHaveLength(1);
  });

  it("keeps the candidate's clause of a sentence where the employer speaks", () => {
    expect(must('We move fast, so you must clear a drug screen before your first shift, and we pay weekly.')).toEqual([
      'You must clear a drug screen before your first shift',
    ]);
    expect(must('Our client is a regional hospital - candidates must have experience with Meditech charting.')).toEqual([
      'Experience with Meditech charting',
    ]);
  });

  it("stops at the sender's sign-off and never reads contact lines or the footer", () => {
    const items = must(
      [
        'Requirements',
        '- 2 years of MIG welding experience',
        'Thanks,',
        'Jordan Price',
        'Phone: 555-0100 | Experience the difference of a family firm',
        '© 2025 Example Staffing. Example Staffing candidates must hold a license of their own.',
      ].join('\n'),
    );
    expect(items).toEqual(['2 years of MIG welding experience']);
  });

  it('reads "locals only" and "open only to candidates living in" as where the candidate must live', () => {
    expect(must('Location: Tacoma, WA (locals only)\nRequirements\n- 5+ years of SQL')).toContain('Must be local to Tacoma, WA');
    expect(must('This remote role is open only to candidates located in Oregon.')).toEqual(['Must live in Oregon']);
  });

  it('keeps the stack a years requirement is in', () => {
    expect(
      must(
        'Requirements\n- A minimum of 6 years of hands-on backend development, with deep expertise in technologies such as Go, PostgreSQL and Kafka',
      ),
    ).toEqual(['6 years of hands-on backend development experience (Go, PostgreSQL, Apache Kafka)']);
  });

  it('adds the EPA 608 certification the law requires of a refrigeration technician, once', () => {
    const description =
      'Cold Chain Services installs and repairs walk-in coolers.\nRequirements\n- 3+ years servicing commercial refrigeration';
    const output = propose(description, 'Refrigeration Service Technician');
    expect(output.mustHaves[0]).toMatchObject({ text: 'EPA 608 certification', kind: 'certification' });
    expect(output.mustHaves[0].evidence).toMatch(/Clean Air Act/);
    const stated = must(`${description}\n- EPA 608 Universal certification`, 'Refrigeration Service Technician');
    expect(stated.filter((t) => /EPA/.test(t))).toHaveLength(1);
    expect(must(description, 'Refrigeration Sales Representative').join(' ')).not.toMatch(/EPA/);
  });
});
