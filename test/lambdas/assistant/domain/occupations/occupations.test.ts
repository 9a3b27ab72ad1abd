import { isGenericTitle, occupationIn, occupationOf, occupations, roleWords } from '../../../../../lambdas/assistant/domain/occupations';
import { postingTitles } from '../../../../../lambdas/assistant/domain/occupations/posting-title';
import { sourcingTerms } from '../../../../../lambdas/assistant/domain/sourcing-terms';

describe('the occupation vocabulary', () => {
  it('covers every family the assistant serves, each occupation with titles', () => {
    const families = new Set(occupations().map((o) => o.family));
    expect([...families].sort()).toEqual([
      'education',
      'engineering',
      'finance-accounting',
      'healthcare',
      'hospitality',
      'it-software',
      'legal',
      'light-industrial',
      'office-admin',
      'sales-marketing',
      'science',
      'skilled-trades',
      'transport',
    ]);
    for (const occupation of occupations()) expect(occupation.titles.length).toBeGreaterThan(0);
  });

  it.each([
    ['Licensed Practical Nurse - Night Shift', 'healthcare', 'Licensed Practical Nurse'],
    ['Forklift Operator 2nd shift', 'light-industrial', 'Forklift Operator'],
    ['Line Cook', 'hospitality', 'Line Cook'],
    ['Paralegal II', 'legal', 'Paralegal'],
    ['HVAC Service Tech', 'skilled-trades', 'HVAC Service Tech'],
    ['Accounts Payable Clerk', 'finance-accounting', 'Accounts Payable Clerk'],
  ])('finds the occupation of "%s"', (title, family, matched) => {
    expect(occupationOf(title)).toMatchObject({ occupation: { family }, title: matched });
  });

  it('never matches a title by a bare word every trade uses', () => {
    expect(isGenericTitle('Analyst')).toBe(true);
    expect(isGenericTitle('Driver')).toBe(true);
    expect(isGenericTitle('Paralegal')).toBe(false);
    expect(occupationOf('Help Desk Analyst')?.occupation.family).not.toBe('finance-accounting');
    // Unless the bare word is the whole role, and only when asked as a last resort.
    expect(occupationOf('Regional Drivers')).toBeNull();
    expect(occupationOf('Regional Drivers', { generic: true })?.occupation.family).toBe('transport');
  });

  it('reads the role words of a title without schedule, level or place words', () => {
    expect(roleWords('Senior CNC Machine Operator 3rd shift')).toEqual(['cnc', 'machine', 'operator']);
  });

  it('finds the occupation a description names when the title names none', () => {
    const description = 'We move freight across the state. Our truck driver team runs day routes; every truck driver is home nightly.';
    expect(occupationIn(description)?.occupation.family).toBe('transport');
    expect(occupationIn('We sell software to banks.')).toBeNull();
  });
});

describe('the titles a posting title names', () => {
  it.each([
    ['Warehouse Associate - Temp to Hire', ['Warehouse Associate']],
    ['Dental Assistant job in Springfield, IL - Make $900/week', ['Dental Assistant']],
    ['2025-2026 ELEMENTARY SCHOOL TEACHER', ['Elementary School Teacher']],
    ['Part-Time Pharmacy Technician (Weekends)', ['Pharmacy Technician']],
    ['Inside Sales Representative 3', ['Inside Sales Representative']],
    ['Phlebotomist/CNA', ['Phlebotomist', 'CNA']],
    ['Billing/AR Specialist', ['Billing Specialist', 'AR Specialist']],
    ['Springfield - Line Cook', ['Line Cook']],
  ])('%j → %j', (raw, expected) => {
    expect(postingTitles(raw)).toEqual(expected);
  });
});

describe('sourcing terms from the occupation vocabulary', () => {
  const job = (title: string, description: string) =>
    sourcingTerms({ title, description, companyInfo: '', location: '', mustHaves: [], niceToHaves: [], exclusions: [] });

  it('adds the common titles of the role, never a two-letter abbreviation or a bare generic word', () => {
    const output = job('Certified Nursing Assistant', 'Requirements\n- Current CNA certification\n- BLS');
    expect(output.titles).toContain('Nursing Assistant');
    for (const title of output.titles) {
      expect(title.length).toBeGreaterThan(2);
      expect(isGenericTitle(title)).toBe(false);
    }
  });

  it("finds the trade's words the posting uses, each with the sentence it came from", () => {
    const output = job(
      'Heat Treat Operator',
      'About the role\nYou will load parts into the furnaces and run quenching cycles.\nRequirements\n- Able to lift 50 lbs',
    );
    const quenching = [...output.mustHaveGroups, ...output.niceToHaveGroups].find((g) => g.concept === 'quenching');
    expect(quenching?.evidence).toBe('You will load parts into the furnaces and run quenching cycles.');
  });

  it('leaves soft skills and a guessed industry out of the terms', () => {
    const output = job(
      'Line Cook',
      'Our hospital cafeteria needs a cook.\nRequirements\n- Excellent communication skills\n- Teamwork\n- Food handler card',
    );
    const terms = [...output.mustHaveGroups, ...output.niceToHaveGroups].flatMap((g) => g.terms.map((t) => t.toLowerCase()));
    expect(terms).not.toContain('communication');
    expect(terms).not.toContain('teamwork');
    expect(terms).not.toContain('hospital');
  });
});
