import { findSameJob, jobIdentity } from '../../../../lambdas/assistant/domain/job-identity';

describe('the same job', () => {
  it('ignores case, spacing and Unicode forms in the title and description', () => {
    expect(jobIdentity({ title: ' Data  Engineer', description: 'Python\nand SQL.' })).toBe(
      jobIdentity({ title: 'data engineer ', description: 'PYTHON and  SQL.' }),
    );
    expect(jobIdentity({ title: 'Ｄata engineer', description: 'x' })).toBe(jobIdentity({ title: 'Data engineer', description: 'x' }));
  });

  it('tells jobs apart by either field, and does not let the title run into the description', () => {
    const job = { title: 'Data engineer', description: 'Python and SQL.' };
    expect(jobIdentity(job)).not.toBe(jobIdentity({ ...job, description: 'Python and Spark.' }));
    expect(jobIdentity(job)).not.toBe(jobIdentity({ ...job, title: 'Data analyst' }));
    expect(jobIdentity({ title: 'a b', description: 'c' })).not.toBe(jobIdentity({ title: 'a', description: 'b c' }));
  });

  it('finds the kept job that reads the same, or none', () => {
    const kept = [
      { id: 'one', title: 'Nurse', description: 'Night shifts.' },
      { id: 'two', title: 'Data engineer', description: 'Python and SQL.' },
    ];
    expect(findSameJob(kept, { title: 'DATA ENGINEER', description: 'Python and SQL.' })?.id).toBe('two');
    expect(findSameJob(kept, { title: 'Data engineer', description: 'Python.' })).toBeUndefined();
  });
});
