import { jobSections, locationInText, sectionRole, titleInText } from '../../../../lambdas/shared/text/job-sections';
import { SAMPLE_JOBS } from '../../../../lambdas/assistant/samples/sample-jobs';

describe('the sections of a job description', () => {
  it.each([
    ["What you'll do", 'duties'],
    ['Key responsibilities', 'duties'],
    ['Requirements', 'requirements'],
    ['Qualifications', 'requirements'],
    ['Must have', 'requirements'],
    ['Preferred qualifications', 'nice-to-haves'],
    ['Nice to have', 'nice-to-haves'],
    ['Benefits', 'offer'],
    ["What's on offer", 'offer'],
    ['Internal notes – do not share', 'internal'],
    ['Confidential – for the agency only', 'internal'],
    ['About the role', 'about'],
    ['The role', 'about'],
    ['Tech stack', 'other'],
  ])('reads %j as %s', (heading, role) => {
    expect(sectionRole(heading)).toBe(role);
  });

  it('gives each sample its sections in order', () => {
    const roles = jobSections(SAMPLE_JOBS[0].description).map((s) => s.role);
    // "Client: …", "Hiring manager: …" and "Internal: …" lines are labelled sections of their own.
    expect(roles).toEqual([
      'other',
      'other',
      'about',
      'duties',
      'requirements',
      'nice-to-haves',
      'offer',
      'internal',
      'internal',
      'internal',
    ]);
  });
});

describe('the title and location a description states', () => {
  it('finds them in each sample', () => {
    expect(SAMPLE_JOBS.map((job) => [titleInText(job.description), locationInText(job.description)])).toEqual([
      ['Senior Backend Engineer – Payments Platform', 'Chicago, IL'],
      ['ICU Registered Nurse (Nights) – Medical Intensive Care Unit', 'Milwaukee, WI'],
      ['Senior Accountant', 'Dayton, OH (on-site)'],
      ['Logistics Coordinator – Memphis, TN', 'Memphis, TN'],
    ]);
  });

  it('reads labelled lines and remote roles', () => {
    expect(titleInText('Position: Staff Accountant\nWe are growing.')).toBe('Staff Accountant');
    expect(locationInText('Work from anywhere: this role is fully remote (US time zones).')).toBe('Remote (US time zones)');
    expect(locationInText('Location: 500 Market St, Suite 200, San Francisco, CA 94105')).toBe('San Francisco, CA');
    expect(titleInText('We are a friendly team.')).toBeNull();
    expect(locationInText('')).toBeNull();
  });
});
