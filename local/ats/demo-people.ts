import type { AtsJob } from '../../lambdas/ats/ats-port';

/**
 * What every vendor's demo history (greenhouse-, lever-, workable-, crelate-history.ts) writes the
 * same way around the synthetic history: made-up people's names, the employers and posting
 * introduction of each job family, and the posting's HTML, so each fake's demo account reads like
 * a real firm's while the planted signal stays the synthetic history's.
 */

export const DEMO_FIRST_NAMES = [
  'Avery',
  'Jordan',
  'Priya',
  'Marcus',
  'Elena',
  'Tomás',
  'Grace',
  'Darnell',
  'Mei',
  'Samuel',
  'Fatima',
  'Connor',
  'Lucia',
  'Andre',
  'Hannah',
  'Ravi',
  'Olivia',
  'Malik',
  'Sofia',
  'Ethan',
  'Aisha',
  'Noah',
  'Camila',
  'Daniel',
  'Yuki',
  'Isaac',
  'Leah',
  'Omar',
  'Chloe',
  'Gabriel',
] as const;

export const DEMO_LAST_NAMES = [
  'Nguyen',
  'Patel',
  'Garcia',
  'Johnson',
  'Kim',
  'Okafor',
  'Schmidt',
  'Rivera',
  'Chen',
  'Williams',
  'Haddad',
  'Kowalski',
  'Brown',
  'Santos',
  'Murphy',
  'Ali',
  'Larsen',
  'Thompson',
  'Morales',
  'Singh',
  'Fischer',
  'Davis',
  'Tanaka',
  'Reyes',
  'Novak',
  'Clarke',
  'Mendoza',
  'Bauer',
  'Owens',
  'Ibrahim',
  'Walsh',
  'Costa',
  'Park',
  'Jensen',
  'Adeyemi',
  'Russo',
  'Hughes',
] as const;

/** Per job family (the synthetic history's job order): department, the posting's introduction, employers, a school. */
export const DEMO_FAMILIES = [
  {
    department: 'Engineering',
    intro: 'Our payments platform moves money for thousands of small businesses; you will build and run the services behind it.',
    employers: [
      'Brightline Payments',
      'Northwind Software',
      'Cobalt Cloud',
      'Lumen Logistics Tech',
      'Fieldstone Systems',
      'Harbor Analytics',
      'Quarry Labs',
    ],
    school: { org: 'University of Texas at Austin', degree: 'B.S.', field: 'Computer Science' },
  },
  {
    department: 'Finance',
    intro: 'Join a growing finance team that closes the books for a multi-entity distribution group.',
    employers: [
      'Summit Ridge CPAs',
      'Front Range Distribution',
      'Alpine Health Partners',
      'Peak Mountain Retail',
      'Cherry Creek Holdings',
      'Aspen Freight',
    ],
    school: { org: 'University of Colorado Denver', degree: 'B.S.', field: 'Accounting' },
  },
  {
    department: 'Nursing',
    intro: 'Care for critically ill adults in a 24-bed medical ICU at a Level I trauma center.',
    employers: [
      'Lakeshore Medical Center',
      'Northside Community Hospital',
      "St. Brendan's Hospital",
      'Midwest Regional Health',
      'Riverside University Hospital',
    ],
    school: { org: 'Loyola University Chicago', degree: 'B.S.N.', field: 'Nursing' },
  },
] as const;

export type DemoFamily = (typeof DEMO_FAMILIES)[number];

/** The family of the synthetic history's job at `index`. */
export function demoFamily(index: number): DemoFamily {
  return DEMO_FAMILIES[index % DEMO_FAMILIES.length];
}

/** The made-up name of the synthetic history's person number `n` (unique below 1,110). */
export function demoPersonName(n: number): { readonly firstName: string; readonly lastName: string } {
  return { firstName: DEMO_FIRST_NAMES[n % DEMO_FIRST_NAMES.length], lastName: DEMO_LAST_NAMES[n % DEMO_LAST_NAMES.length] };
}

/** `n` from the synthetic history's ids (`cand-0042` → 42). */
export function numberOfSyntheticId(id: string): number {
  return Number(/(\d+)$/.exec(id)?.[1] ?? 0);
}

/** "Senior Backend Engineer at Company 17" → the title, and the employer the company number names in `family`. */
export function demoPosition(headline: string, family: DemoFamily): { readonly title: string; readonly company: string } {
  const at = headline.lastIndexOf(' at ');
  const title = at < 0 ? headline : headline.slice(0, at);
  const number = Number(/(\d+)$/.exec(headline)?.[1] ?? 1);
  return { title, company: family.employers[number % family.employers.length] };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The posting as HTML: the same lines the synthetic description has, after the family's introduction. */
export function demoPostingHtml(job: AtsJob, mustHaves: readonly string[], intro: string): string {
  const items = mustHaves.map((mustHave) => `<li>${escapeHtml(mustHave)}</li>`).join('');
  return `<p>${escapeHtml(job.title)}</p><p>Location: ${escapeHtml(job.location)}</p><p>${escapeHtml(intro)}</p><p>Requirements:</p><ul>${items}</ul>`;
}
