import fc from 'fast-check';
import {
  ASSISTANT_LIMITS,
  REQUIREMENT_KINDS,
  ScreeningQuestionsOutputSchema,
  type ScreeningQuestion,
} from '../../../../lambdas/shared/contracts/assistant';
import { screeningQuestions } from '../../../../lambdas/assistant/domain/screening-questions';
import { classifyRequirement } from '../../../../lambdas/assistant/domain/must-haves';
import { malformations } from '../../../eval/question-checks';
import { SAMPLE_JOB_IDS, sampleJobContext } from './support/sample-job-contexts';

function questionsFor(id: string, options?: { confirmed: boolean }): ScreeningQuestion[] {
  return screeningQuestions(sampleJobContext(id, options)).questions;
}

function about(questions: readonly ScreeningQuestion[], requirement: RegExp): ScreeningQuestion {
  const found = questions.find((q) => requirement.test(q.requirement));
  if (!found) throw new Error(`No question about ${requirement}`);
  return found;
}

describe('screening questions for the sample jobs', () => {
  it.each(SAMPLE_JOB_IDS)('ask one knock-out question per must-have of %s, each with a rubric of two to four points', (id) => {
    const job = sampleJobContext(id);
    const questions = questionsFor(id);
    const knockouts = questions.filter((q) => q.kind === 'knockout');
    expect(knockouts.map((q) => q.requirement)).toEqual(job.mustHaves.map((m) => m.text));
    for (const question of questions) {
      expect(question.goodAnswer.length).toBeGreaterThanOrEqual(2);
      expect(question.goodAnswer.length).toBeLessThanOrEqual(4);
      for (const point of question.goodAnswer) expect(point.trim().length).toBeGreaterThan(10);
      expect(question.question).toMatch(/\?$/);
    }
    expect(ScreeningQuestionsOutputSchema.safeParse({ questions }).success).toBe(true);
  });

  it('ask the nurse for the license number and expiry, and for the issuer of each life-support card', () => {
    const questions = questionsFor('icu-registered-nurse');
    const licence = about(questions, /Registered Nurse/);
    // The requirement names the state already, so the question does not ask for it again.
    expect(licence.question).toBe(
      'Do you hold a current Registered Nurse license in Wisconsin or a multistate compact license? What are the license number and expiry date?',
    );
    expect(licence.goodAnswer).toEqual([
      'Confirms they hold a current Registered Nurse license in Wisconsin or a multistate compact license',
      'Names the issuing state or board',
      'Gives the license number so it can be verified',
      'Gives an expiry date that has not passed',
    ]);
    const cards = about(questions, /BLS and ACLS/);
    expect(cards.question).toBe(
      'Do you hold a current BLS and ACLS certification from the American Heart Association? Who issued each, and when do they expire?',
    );
    expect(cards.goodAnswer).toEqual([
      'Confirms they hold each of BLS, ACLS, current',
      'Names the issuing body (American Heart Association or Red Cross)',
      'Gives an expiry date that has not passed',
    ]);
  });

  it('ask for years and roles where the must-have is experience, and about patients for clinical skills', () => {
    const questions = questionsFor('icu-registered-nurse');
    const years = about(questions, /2 years of recent ICU/);
    expect(years.question).toBe('How many years of ICU experience in an adult critical care unit do you have, and in which roles?');
    expect(years.goodAnswer[0]).toBe('States at least 2 years of ICU in an adult critical care unit');
    expect(years.goodAnswer).toContain('Describes the unit, the patient types and the patient load');
    const ventilation = about(questions, /mechanical ventilation/);
    expect(ventilation.question).toMatch(
      /^Tell me about a patient situation where you relied on mechanical ventilation and vasoactive medications/,
    );
    expect(ventilation.goodAnswer).toContain('Gives the outcome for the patient');
    expect(about(questions, /night shifts/).question).toBe(
      'Are you able to work 12-hour night shifts and every third weekend? What schedule do you work now?',
    );
  });

  it('ask the engineer for both numbers of "6+ years, at least 3 in Java" and about production use of each skill', () => {
    const questions = questionsFor('senior-backend-engineer');
    const years = about(questions, /6\+ years/);
    expect(years.question).toBe(
      'How many years of backend development experience do you have, how many of them in Java, and in which roles?',
    );
    expect(years.goodAnswer.slice(0, 2)).toEqual(['States at least 6 years of backend development', 'States at least 3 years in Java']);
    const kubernetes = about(questions, /Kubernetes/);
    expect(kubernetes.question).toMatch(/^Tell me about a time you used Kubernetes and Docker in production/);
    expect(kubernetes.goodAnswer).toEqual([
      'Names a real system, project or employer where they used Kubernetes and Docker',
      'Says what they personally did (designed, built, ran, fixed)',
      'Gives a measurable result or scale (users, requests, latency, cost)',
    ]);
    expect(about(questions, /payment processing/).goodAnswer).toContain(
      'Explains how they kept it correct or compliant (controls, reconciliation, audits)',
    );
  });

  it('ask the accountant about the degree, the tools with their examples, and the CPA or the progress toward it', () => {
    const questions = questionsFor('senior-accountant');
    expect(about(questions, /Bachelor/).question).toBe(
      "Do you have a bachelor's degree in Accounting or Finance? From which institution, and when did you complete it?",
    );
    const excel = about(questions, /Excel/);
    expect(excel.question).toBe(
      'How long have you used Excel, at which employer, and what is the most advanced thing you have built or set up in it (for example pivot tables, VLOOKUP/XLOOKUP)?',
    );
    expect(excel.goodAnswer).toContain('Mentions pivot tables, VLOOKUP/XLOOKUP');
    const cpa = about(questions, /CPA/);
    expect(cpa.kind).toBe('competency');
    expect(cpa.question).toMatch(/^Do you hold a current CPA license, or how far along are you toward it\?/);
  });

  it('follow the knock-outs with competency questions on the nice-to-haves, probing trade-offs', () => {
    const questions = questionsFor('senior-backend-engineer');
    const firstCompetency = questions.findIndex((q) => q.kind === 'competency');
    expect(questions.slice(firstCompetency).every((q) => q.kind === 'competency')).toBe(true);
    const nice = questions.slice(firstCompetency).map((q) => q.requirement);
    expect(nice.slice(0, 4)).toEqual([
      'Apache Kafka or another event streaming platform',
      'Terraform',
      'Knowledge of PCI DSS compliance',
      'Kotlin',
    ]);
    expect(about(questions, /Terraform/).goodAnswer).toContain('Explains a trade-off: the options considered and why they chose one');
  });

  it('number the questions q1, q2… and give the same questions for the same job', () => {
    const questions = questionsFor('senior-accountant');
    expect(questions.map((q) => q.id)).toEqual(questions.map((_, i) => `q${i + 1}`));
    expect(questionsFor('senior-accountant')).toEqual(questions);
  });

  it('derive the must-haves from the description when the job has none confirmed yet', () => {
    const derived = questionsFor('icu-registered-nurse', { confirmed: false });
    expect(derived.filter((q) => q.kind === 'knockout').map((q) => q.requirement)).toEqual(
      sampleJobContext('icu-registered-nurse').mustHaves.map((m) => m.text),
    );
  });

  it(`stop at ${ASSISTANT_LIMITS.questionsMax} questions, knock-outs first`, () => {
    const mustHaves = Array.from({ length: 25 }, (_, i) => ({
      text: `Requirement number ${i + 1} about Kubernetes cluster ${i + 1}`,
      kind: 'skill' as const,
    }));
    const questions = screeningQuestions({ ...sampleJobContext('senior-backend-engineer'), mustHaves }).questions;
    expect(questions).toHaveLength(ASSISTANT_LIMITS.questionsMax);
    expect(questions.every((q) => q.kind === 'knockout')).toBe(true);
  });

  it('never throws and always answers the contract, whatever the job says', () => {
    const requirement = fc.record({ text: fc.string({ minLength: 1, maxLength: 160 }), kind: fc.constantFrom(...REQUIREMENT_KINDS) });
    fc.assert(
      fc.property(
        fc.record({
          title: fc.string({ maxLength: 120 }),
          description: fc.string({ maxLength: 2_000 }),
          companyInfo: fc.string({ maxLength: 200 }),
          location: fc.string({ maxLength: 120 }),
          mustHaves: fc.array(requirement, { maxLength: 25 }),
          niceToHaves: fc.array(requirement, { maxLength: 25 }),
        }),
        (job) => {
          const output = screeningQuestions(job);
          expect(ScreeningQuestionsOutputSchema.safeParse(output).success).toBe(true);
          expect(output.questions.length).toBeLessThanOrEqual(ASSISTANT_LIMITS.questionsMax);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('screening questions from typed requirements (fixtures written for these tests)', () => {
  const jobWith = (mustHaves: string[], description = '') => ({
    title: 'Driver',
    description,
    companyInfo: '',
    location: 'Tulsa, OK',
    mustHaves: mustHaves.map((text) => ({ text, kind: classifyRequirement(text) })),
    niceToHaves: [],
  });

  it('ask each shape of requirement in its own words, never splicing the posting sentence in', () => {
    const questions = screeningQuestions(
      jobWith([
        'At least 21 years old',
        'Class A CDL',
        'Able to lift 75 lbs',
        'Background check',
        'Work authorization in the US',
        'US citizenship',
        'Must live in Oklahoma',
        "Valid driver's license",
        'Must be willing to wear a respirator (clean shaven)',
        'ONE YEAR of PREVIOUS EXPERIENCE',
        'All drivers are required to complete a road test, which must be passed before the first dispatch',
      ]),
    ).questions.map((q) => q.question);
    expect(questions.slice(0, 8)).toEqual([
      'Are you at least 21 years old?',
      'Do you hold a current Class A CDL? In which state was it issued, when does it expire, and which endorsements do you have?',
      'This role involves lifting up to 75 lbs. Can you do that safely, and in which jobs have you done similar physical work?',
      'Are you willing to complete a background check before starting?',
      'Are you legally authorized to work in the United States, and will you now or in the future need visa sponsorship?',
      'This role requires US citizenship. Are you a US citizen?',
      'Do you live in Oklahoma, or will you relocate there before starting?',
      "Do you hold a valid driver's license? In which state was it issued, and is your driving record clean?",
    ]);
    expect(questions[8]).toBe('The role requires you to wear a respirator. Are you able to do that, and where have you done it before?');
    expect(questions[9]).toBe('How many years of relevant experience do you have, and in which roles?');
    for (const question of questions) expect({ question, problems: malformations(question) }).toEqual({ question, problems: [] });
  });

  it('give trades and transport rubrics about the job, the equipment and safety, not software scale', () => {
    const job = { ...jobWith([]), mustHaves: [{ text: 'Conduit bending and wire pulling', kind: 'skill' as const }] };
    const [conduit] = screeningQuestions(job).questions;
    expect(conduit.question).toMatch(/^Tell me about a job where you used conduit bending and wire pulling: what equipment/);
    expect(conduit.goodAnswer.join(' ')).toMatch(/safety or quality checks/);
    expect(conduit.goodAnswer.join(' ')).not.toMatch(/latency|requests|users|production/i);
  });
});
