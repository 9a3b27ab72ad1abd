import { bestFit } from '../../../../lambdas/assistant/domain/best-fit';
import { candidateSummary } from '../../../../lambdas/assistant/domain/candidate-summary';
import { analyzeProfile, requirementEvidence } from '../../../../lambdas/assistant/domain/profile-evidence';
import { scoreAnswer } from '../../../../lambdas/assistant/domain/interview-evaluation';
import { rolesOf } from '../../../../lambdas/assistant/domain/resume-outline';
import type { JobContext } from '../../../../lambdas/assistant/engine/language-model';
import type { Requirement } from '../../../../lambdas/shared/contracts/assistant';

/** Issue 19, items 2 and 7: what a resume shows, read the way a recruiter reads it. Fixtures written for this test. */

function met(profile: string, text: string, kind: Requirement['kind']): boolean {
  return requirementEvidence(analyzeProfile(profile), { text, kind }).met;
}

describe('resume evidence that denies, has lapsed or is not yet held', () => {
  it.each([
    ['Experience\nICU Nurse, Lakeview Hospital, 2019 - 2023\nI have not run CRRT myself, but I watched the machine.', 'CRRT', 'skill'],
    ['Certifications\nACLS (lapsed 2022)', 'ACLS', 'certification'],
    ['Certifications\nBLS - expired', 'BLS', 'certification'],
    ['Education\nBSN, expected 2027', "Bachelor's degree in Nursing", 'education'],
    ['Education\nPursuing a BSN at Riverbend College', "Bachelor's degree in Nursing", 'education'],
    ['Summary\nNo experience with forklifts, but I learn quickly.', 'Forklift operation', 'skill'],
  ] as const)('does not count %j as %s met', (profile, requirement, kind) => {
    expect(met(profile, requirement, kind)).toBe(false);
  });

  it('counts the same requirements when the resume shows them', () => {
    expect(
      met('Experience\nICU Nurse, Lakeview Hospital, 2019 - 2023\nRan CRRT for 3 post-surgical patients a week.', 'CRRT', 'skill'),
    ).toBe(true);
    expect(met('Certifications\nACLS, American Heart Association, expires 04/2027', 'ACLS', 'certification')).toBe(true);
  });
});

describe('dates that run to the present', () => {
  const today = new Date('2026-11-15T00:00:00Z');

  it.each(['2019 - Present', 'Mar 2021 - Current'])('counts "%s" up to today', (range) => {
    const profile = `Experience\nDispatcher, Harbor Freight Lines, ${range}\nRouted 40 trucks a day.`;
    const start = range.startsWith('2019') ? 2019 : 2021.2;
    const years = analyzeProfile(profile, { today }).years;
    expect(years).toBe(Math.round(2026.9 - start));
    // Without a clock the latest year written stands for "present", so the figure is smaller.
    expect(analyzeProfile(profile).years ?? 0).toBeLessThan(years ?? 0);
  });

  it('does not read a state after a city (", MS") as a degree line', () => {
    const profile = 'Experience\nCashier, Dollar Mart, Jackson, MS, 2016 - 2022\nCounted the till at close.';
    expect(analyzeProfile(profile).years).toBe(6);
  });
});

const WAREHOUSE_JOB: JobContext = {
  title: 'Forklift Operator',
  description:
    'Responsibilities\nLoad and unload trailers with a sit-down forklift.\nPick and stage pallets for outbound shipments.\nRequirements\nForklift experience in a warehouse.',
  companyInfo: '',
  location: '',
  mustHaves: [],
  niceToHaves: [],
};

describe('best fit on a posting without confirmed must-haves', () => {
  const veteran = [
    'Jordan Reyes',
    'Forklift Operator',
    'Experience',
    'Forklift Operator, Northgate Distribution, 2016 - 2024',
    'Loaded and unloaded 30 trailers a shift with a sit-down forklift.',
    'Staged pallets for outbound shipments and kept the dock clear.',
  ].join('\n');
  const graduate = [
    'Avery Adams',
    'Recent graduate',
    'Education',
    'High school diploma, 2024',
    'Skills',
    'Forklift, warehouse, pallets, trailers, shipments, forklift, warehouse, pallets',
  ].join('\n');

  it('puts the experienced operator first, never behind a name that sorts earlier', () => {
    const output = bestFit({
      job: WAREHOUSE_JOB,
      candidates: [
        { name: 'Avery Adams', profile: graduate, evaluationOverall: null },
        { name: 'Jordan Reyes', profile: veteran, evaluationOverall: null },
      ],
    });
    expect(output.ranking.map((r) => r.name)).toEqual(['Jordan Reyes', 'Avery Adams']);
    expect(output.ranking[0].score).toBeGreaterThan(output.ranking[1].score);
    // Item 8: every verdict carries the sentence it rests on.
    const [first] = output.ranking;
    expect(new Set(first.mustHaveEvidence?.map((v) => v.requirement))).toEqual(new Set([...first.mustHavesMet, ...first.mustHavesMissing]));
    expect(first.mustHaveEvidence?.some((v) => v.met && v.evidence)).toBe(true);
    for (const verdict of first.mustHaveEvidence ?? [])
      if (verdict.met) expect(veteran).toContain(verdict.evidence?.replace(/…$/, '') ?? '∅');
  });

  it('ranks shown work above the same words in a list, whatever the names', () => {
    const stuffed = `${veteran.split('\n').slice(0, 2).join('\n')}\nSkills\nForklift, warehouse, pallets, trailers, shipments`;
    const output = bestFit({
      job: WAREHOUSE_JOB,
      candidates: [
        { name: 'Aaron Abbott', profile: stuffed, evaluationOverall: null },
        { name: 'Zed Young', profile: veteran, evaluationOverall: null },
      ],
    });
    expect(output.ranking[0].name).toBe('Zed Young');
  });
});

describe('summaries built from parsed roles', () => {
  const profile = [
    'Darnell Hayes',
    'Experience',
    'Lakeshore Supply, Kenosha WI — Forklift Operator (2018 – Present)',
    'Loaded 35 trailers a shift with a stand-up forklift.',
    'Brightway Foods | Warehouse Associate | Mar 2014 - Dec 2017',
    'Picked 150 cases an hour with an RF scanner.',
  ].join('\n');

  it('takes the part naming a role as the title and the other as the employer', () => {
    expect(rolesOf(profile)).toEqual([
      { title: 'Forklift Operator', employer: 'Lakeshore Supply', current: true },
      { title: 'Warehouse Associate', employer: 'Brightway Foods', current: false },
    ]);
  });

  it('never calls the person their employer', () => {
    const summary = candidateSummary({ candidateName: null, profile, job: null }, { today: new Date('2026-11-15T00:00:00Z') }).summary;
    expect(summary).toMatch(/^Darnell Hayes is a Forklift Operator with \d+ years of experience/);
    expect(summary).toContain('Currently at Lakeshore Supply');
    expect(summary).not.toMatch(/is an? Lakeshore/);
  });

  it('does not list as "not shown" a must-have that names a skill it shows', () => {
    const job: JobContext = {
      ...WAREHOUSE_JOB,
      mustHaves: [{ text: 'Forklift operation and a current OSHA forklift certification card from an approved trainer', kind: 'skill' }],
    };
    const output = candidateSummary({ candidateName: null, profile, job });
    expect(output.fit?.evidence?.map((v) => v.requirement)).toEqual([job.mustHaves[0].text]);
    const notShown = /not shown:\s*([^.]*)\./i.exec(output.summary)?.[1] ?? '';
    for (const skill of output.skills) expect(notShown.toLowerCase()).not.toContain(skill.toLowerCase());
  });
});

describe('interview answers in order', () => {
  const question = {
    id: 'q1',
    question: 'How many years of tractor-trailer driving do you have, and where?',
    requirement: '2 years of tractor-trailer driving experience',
    kind: 'knockout' as const,
    goodAnswer: [
      'States at least 2 years of tractor-trailer driving',
      'Names the roles or employers where they gained it',
      'Describes what they were responsible for and at what scale',
    ],
  };

  it('scores a specific answer above a vague one in other words, and a refusal lowest', () => {
    const strong = scoreAnswer(
      question,
      'Four years driving tractor-trailers for Redline Freight, about 2,000 miles a week on regional dry van runs.',
    );
    const middling = scoreAnswer(question, 'I have driven big rigs for a while for a couple of outfits.');
    const refusal = scoreAnswer(question, 'Not really, but I am a fast learner.');
    expect(strong.score).toBeGreaterThan(middling.score);
    expect(middling.score).toBeGreaterThan(refusal.score);
    expect(refusal.score).toBe(0);
    expect(refusal.meetsRequirement).toBe(false);
  });

  it('never scores an answer that contradicts the requirement as strong', () => {
    const contrary = scoreAnswer(question, 'No, I have not driven a tractor-trailer; I drove a box truck for 3 years at Cityline Movers.');
    expect(contrary.score).toBeLessThanOrEqual(1);
    expect(contrary.meetsRequirement).toBe(false);
  });
});

describe('degrees read the way a recruiter reads them (fixtures written for this test)', () => {
  const degree = "Bachelor's or Master's degree in Computer Science, Information Technology, or a related field";
  it.each([
    ['Education\nState University Masters :\nMasters in Computer Science, 2015', degree, true],
    ['Education\nBachelor of Science :\nAccounting, May 2010, Riverbend University', "Bachelor's degree in Accounting or Finance", true],
    ['Education\nMaster of Science : Chemistry, 2014', "Bachelor's degree in Chemical Engineering or Food Engineering", true],
    // The Computer Science degree is an associate's; the bachelor's is in another field.
    ['Education\nBachelor of Science :\nElectronics Engineering Technology, 1991\nA.S :\nComputer Science, 1989', degree, false],
    ['Education\nBachelor of Science in Nursing, expected 2027', "Bachelor's degree in Nursing", false],
    ['Education\nHigh School Diploma, 2008', "Bachelor's degree in Accounting or Finance", false],
  ] as const)('reads %j against %j as met: %s', (profile, requirement, expected) => {
    expect(met(profile, requirement, 'education')).toBe(expected);
  });
});
