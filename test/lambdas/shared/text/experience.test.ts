import { yearsOfExperience, yearsRequired } from '../../../../lambdas/shared/text/experience';

describe('years a job asks for', () => {
  it.each([
    ['5+ years of backend experience and 2 years with Kubernetes', 5],
    ['Minimum of three (3) years of ICU experience', 3],
    ['3-5 years in a manufacturing environment', 3],
    ['At least 2 years as a Registered Nurse', 2],
    ['You have 7 years building distributed systems', 7],
  ])('reads %j as %d', (text, years) => {
    expect(yearsRequired(text)).toBe(years);
  });

  it.each([
    'Founded 40 years ago',
    'We have served patients for over 40 years.',
    'Acme has 25 years of history',
    'a 2 year contract',
    'no numbers',
  ])('does not take the company or the contract for a requirement: %j', (text) => {
    expect(yearsRequired(text)).toBeNull();
  });
});

describe('years a resume shows', () => {
  it('takes the total the candidate states', () => {
    expect(yearsOfExperience('ICU nurse with 9 years of critical care experience.\n2016 - 2020 Mercy')).toBe(9);
  });

  it('adds up dated roles, counting overlaps once and leaving out study', () => {
    const resume =
      'Senior Engineer, Acme (Mar 2018 – Present)\nEngineer, Beta 2014 - 2018\nContractor, Gamma 2016 - 2017\nBSc Computer Science 2010 - 2014';
    expect(yearsOfExperience(resume, { currentYear: 2026 })).toBe(13);
    expect(yearsOfExperience('Staff Accountant 06/2017 - 08/2021\nSenior Accountant 09/2021 - present', { currentYear: 2025 })).toBe(9);
  });

  it('says nothing when the resume shows nothing', () => {
    expect(yearsOfExperience('A keen learner.')).toBeNull();
    expect(yearsOfExperience('')).toBeNull();
  });
});
