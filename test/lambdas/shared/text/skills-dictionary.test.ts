import { findSkills, searchTermsOf, skillKey, skills, skillsIn, synonymsOf } from '../../../../lambdas/shared/text/skills-dictionary';

describe('the skills dictionary', () => {
  it('stays compact and gives every name to exactly one skill', () => {
    expect(skills().length).toBeGreaterThan(200);
    expect(skills().length).toBeLessThan(400);
    const owner = new Map<string, string>();
    for (const entry of skills()) {
      for (const name of [entry.canonical, ...entry.synonyms, ...(entry.exactCase ?? [])]) {
        const previous = owner.get(skillKey(name));
        expect(previous === undefined || previous === entry.canonical ? 'unique' : `${name}: ${previous} and ${entry.canonical}`).toBe(
          'unique',
        );
        owner.set(skillKey(name), entry.canonical);
      }
    }
  });

  it('covers every trade recruiters fill, with the synonyms they meet', () => {
    expect(synonymsOf('Kubernetes')).toContain('k8s');
    expect(synonymsOf('JavaScript')).toContain('JS');
    expect(synonymsOf('PostgreSQL')).toContain('Postgres');
    expect(synonymsOf('Registered Nurse')).toContain('RN');
    expect(synonymsOf('CPA')).toContain('Certified Public Accountant');
    expect(synonymsOf('k8s')[0]).toBe('Kubernetes');
    expect(synonymsOf('Underwater basket weaving')).toEqual([]);
    expect(new Set(skills().map((s) => s.category))).toEqual(
      new Set([
        'software',
        'data',
        'cloud',
        'clinical',
        'finance',
        'sales',
        'operations',
        'certification',
        'education',
        'language',
        'soft-skill',
      ]),
    );
  });

  it('finds skills by any of their names, at word boundaries', () => {
    expect(skillsIn('JavaScript and TypeScript on Node.js, deployed to k8s on AWS; data in Postgres.')).toEqual([
      'JavaScript',
      'TypeScript',
      'Node.js',
      'Kubernetes',
      'AWS',
      'PostgreSQL',
    ]);
    expect(skillsIn('Registered Nurse (RN) with BLS and ACLS; a CPA is not needed.')).toEqual(['Registered Nurse', 'BLS', 'ACLS', 'CPA']);
  });

  it('does not find Java in JavaScript, JS in Node.js, or SQL inside SQL Server', () => {
    expect(skillsIn('Senior JavaScript developer')).toEqual(['JavaScript']);
    expect(skillsIn('Node.js services')).toEqual(['Node.js']);
    expect(findSkills('SQL Server and T-SQL').map((m) => [m.canonical, m.matched])).toEqual([
      ['SQL Server', 'SQL Server'],
      ['SQL', 'T-SQL'],
    ]);
  });

  it('reads Go and R as languages only in a skills context', () => {
    expect(skillsIn('Go, Python and Java')).toEqual(['Go', 'Python', 'Java']);
    expect(skillsIn('Services written in Go or Golang')).toEqual(['Go']);
    expect(skillsIn('Go to market with us. We go live in May. Ready to go?')).toEqual([]);
    expect(skillsIn('Analysis in R, SQL and Tableau')).toEqual(['R', 'SQL', 'Tableau']);
    expect(skillsIn('Our R&D team, section R.')).toEqual([]);
  });

  it('matches words that are ordinary English in lower case only as written', () => {
    expect(skillsIn('Advanced Excel (pivot tables)')).toEqual(['Excel']);
    expect(skillsIn('You excel at detail. Excel at communication.')).toEqual(['Communication']);
    expect(skillsIn('react quickly to incidents')).toEqual([]);
    expect(skillsIn('React and Redux')).toEqual(['React']);
    expect(skillsIn('Install guard rails; a lean team')).toEqual([]);
  });

  it('gives search terms without ambiguous names', () => {
    expect(searchTermsOf('Go')).toEqual(['Golang']);
    expect(searchTermsOf('Kubernetes')).toEqual(expect.arrayContaining(['Kubernetes', 'k8s']));
    expect(searchTermsOf('Excel')).not.toContain('Excel');
    expect(searchTermsOf('nothing known')).toEqual([]);
  });

  it('finds skills in 20,000 characters quickly enough for a request and never throws on odd text', () => {
    const long = 'Java, Kubernetes and SQL Server. '.repeat(620);
    expect(findSkills(long).length).toBe(620 * 3);
    for (const odd of ['', '   ', '\n\n', '🎉🎉', 'ｋ８ｓ', '((((', 'C+++', '.NET.NET']) expect(() => findSkills(odd)).not.toThrow();
  });
});
