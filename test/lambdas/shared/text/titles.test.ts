import { seniorityOf, titleVariants } from '../../../../lambdas/shared/text/titles';

describe('title variants for sourcing', () => {
  it('give a backend engineer the names recruiters search for', () => {
    expect(titleVariants('Senior Backend Engineer')).toEqual([
      'Senior Backend Engineer',
      'Senior Backend Developer',
      'Senior Back-End Engineer',
      'Senior Back-End Developer',
      'Senior Software Engineer, Backend',
      'Backend Engineer',
      'Backend Developer',
      'Sr. Backend Engineer',
    ]);
  });

  it('give an ICU nurse the RN and critical-care names', () => {
    expect(titleVariants('ICU Registered Nurse')).toEqual(
      expect.arrayContaining(['ICU Registered Nurse', 'ICU RN', 'Critical Care Registered Nurse', 'ICU Nurse']),
    );
    expect(titleVariants('Registered Nurse - ICU (Nights)').slice(0, 3)).toEqual(['Registered Nurse', 'ICU Registered Nurse', 'ICU RN']);
  });

  it('give an accountant the staff and general-ledger names', () => {
    expect(titleVariants('Senior Accountant')).toEqual([
      'Senior Accountant',
      'Senior Staff Accountant',
      'Accountant',
      'Staff Accountant',
      'Sr. Accountant',
      'Senior General Ledger Accountant',
    ]);
  });

  it('swap engineer and developer for software roles only', () => {
    expect(titleVariants('Java Developer')).toContain('Java Engineer');
    expect(titleVariants('Civil Engineer')).toEqual(['Civil Engineer']);
  });

  it('keep at most eight and nothing for an empty title', () => {
    expect(titleVariants('Senior Full Stack Engineer').length).toBeLessThanOrEqual(8);
    expect(titleVariants('   ')).toEqual([]);
    expect(titleVariants('(m/f/d)')).toEqual([]);
  });
});

describe('seniority of a title', () => {
  it.each([
    ['Senior Accountant', 'senior'],
    ['Sr. Backend Engineer', 'senior'],
    ['Junior Data Analyst', 'entry'],
    ['Data Analyst II', 'mid'],
    ['Lead Engineer', 'lead'],
    ['Nurse Manager', 'lead'],
    ['VP of Sales', 'executive'],
    ['Head of Finance', 'executive'],
    ['ICU Registered Nurse', null],
    ['', null],
  ])('reads %j as %s', (title, level) => {
    expect(seniorityOf(title)).toBe(level);
  });
});
