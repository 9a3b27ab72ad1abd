import fc from 'fast-check';
import { SEARCH_TARGETS, SourcingTermsOutputSchema } from '../../../../lambdas/shared/contracts/assistant';
import { buildSearches, googleWordCount, parseBooleanQuery, SEARCH_LIMITS } from '../../../../lambdas/assistant/domain/boolean-query';

describe('the boolean query parser', () => {
  it('reads terms, phrases, groups and operators into a tree', () => {
    expect(parseBooleanQuery('("Backend Engineer" OR Developer) AND Java NOT (recruiter OR intern)', 'linkedin-recruiter')).toEqual({
      ok: true,
      ast: {
        type: 'and',
        children: [
          {
            type: 'or',
            children: [
              { type: 'term', value: 'Backend Engineer', phrase: true },
              { type: 'term', value: 'Developer', phrase: false },
            ],
          },
          { type: 'term', value: 'Java', phrase: false },
          {
            type: 'not',
            child: {
              type: 'or',
              children: [
                { type: 'term', value: 'recruiter', phrase: false },
                { type: 'term', value: 'intern', phrase: false },
              ],
            },
          },
        ],
      },
    });
    expect(parseBooleanQuery('site:linkedin.com/in ("ICU RN" OR "ICU Nurse") BLS -recruiter', 'google-xray')).toMatchObject({ ok: true });
  });

  it.each([
    ['(Java OR Kotlin', 'The parenthesis at character 1 is never closed.'],
    ['Java OR Kotlin)', 'The closing parenthesis at character 15 has no opening one.'],
    ['"Backend Engineer AND Java', 'The quote at character 1 is never closed.'],
    ['Java AND', 'AND at character 6 has nothing after it.'],
    ['OR Java', 'OR at character 1 has nothing before it.'],
    ['Java OR', 'OR at character 6 has nothing after it.'],
    ['Java AND OR Kotlin', 'AND at character 6 has nothing after it.'],
    ['Java NOT', 'NOT at character 6 has nothing to exclude.'],
    ['Java AND ()', 'The parentheses at character 10 hold nothing.'],
    ['“Backend Engineer” AND Java', 'Curly quotes at character 1: search engines need straight double quotes (").'],
    ['Java -recruiter', '"-" at character 6: this target excludes with NOT.'],
    ['site:linkedin.com/in Java', 'site: at character 1 works only in a web search.'],
    ['', 'The query is empty.'],
  ])('rejects %j for LinkedIn: %s', (query, problem) => {
    const result = parseBooleanQuery(query, 'linkedin-recruiter');
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toContain(problem);
  });

  it('tells Google users to exclude with a minus sign', () => {
    expect(parseBooleanQuery('Java NOT recruiter', 'google-xray')).toEqual({
      ok: false,
      problems: ['NOT at character 6: Google excludes with a minus sign (-term).'],
    });
  });

  it('counts the words Google reads, operators and quoted words included', () => {
    expect(googleWordCount('site:linkedin.com/in ("ICU RN" OR Nurse) BLS -recruiter')).toBe(7);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.constantFrom(...SEARCH_TARGETS), (query, target) => {
        const result = parseBooleanQuery(query, target);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

describe('building search strings', () => {
  const terms = {
    titles: ['Data Engineer', 'ETL Developer'],
    mustHaveGroups: [
      { concept: 'Python', terms: ['Python'] },
      { concept: 'Apache Spark', terms: ['Apache Spark', 'PySpark'] },
    ],
    niceToHaveGroups: [{ concept: 'dbt', terms: ['dbt'] }],
    exclusions: ['recruiter'],
    location: 'Austin, TX (hybrid)',
  };

  it('puts titles in an OR group, each must-have in its own AND group and exclusions after NOT; nice-to-haves stay out', () => {
    const { searches, notes } = buildSearches(terms);
    expect(searches.map((s) => [s.target, s.query])).toEqual([
      ['linkedin-recruiter', '("Data Engineer" OR "ETL Developer") AND Python AND ("Apache Spark" OR PySpark) NOT recruiter'],
      ['linkedin-recruiter-title', '"Data Engineer" OR "ETL Developer"'],
      ['job-board', '("Data Engineer" OR "ETL Developer") AND Python AND ("Apache Spark" OR PySpark) NOT recruiter'],
      ['google-xray', 'site:linkedin.com/in ("Data Engineer" OR "ETL Developer") Python ("Apache Spark" OR PySpark) "Austin" -recruiter'],
    ]);
    expect(searches[0].usage).toBe(
      'Paste into the Keywords field of a LinkedIn Recruiter search; set the Location filter to Austin, TX (hybrid).',
    );
    expect(searches[1].usage).toMatch(/^Paste into the Job titles field of a LinkedIn Recruiter search/);
    expect(notes).toEqual(['Nice-to-haves are not in the strings (a profile would have to match them): dbt.']);
  });

  it('ANDs at most four concepts, the title group counting as one and the city in Google too', () => {
    const six = {
      ...terms,
      mustHaveGroups: ['Python', 'SQL', 'Airflow', 'Kafka', 'Snowflake'].map((name) => ({ concept: name, terms: [name] })),
    };
    const { searches, notes } = buildSearches(six);
    const anded = (query: string) => {
      const parsed = parseBooleanQuery(query, 'linkedin-recruiter');
      if (!parsed.ok) throw new Error(query);
      return parsed.ast.type === 'and' ? parsed.ast.children.filter((c) => c.type !== 'not').length : 1;
    };
    expect(anded(searches[0].query)).toBe(4);
    expect(searches[0].query).toBe('("Data Engineer" OR "ETL Developer") AND Python AND SQL AND Airflow NOT recruiter');
    expect(searches.find((s) => s.target === 'google-xray')?.query).toBe(
      'site:linkedin.com/in ("Data Engineer" OR "ETL Developer") Python SQL "Austin" -recruiter',
    );
    expect(notes).toContain(
      'The strings AND at most 4 concepts (more find almost nobody): left out the must-haves Kafka, Snowflake; check them when screening or run a second search with them.',
    );
    // Without a title, four must-haves.
    expect(buildSearches({ ...six, titles: [] }).searches[0].query).toBe('Python AND SQL AND Airflow AND Kafka NOT recruiter');
  });

  it('strips search syntax a term brings along, so the strings still parse', () => {
    const { searches } = buildSearches({
      titles: ['"Engineer" OR (Dev', 'NOT'],
      mustHaveGroups: [{ concept: '-C++', terms: ['-C++', 'C# AND .NET', '“Go”'] }],
      niceToHaveGroups: [],
      exclusions: ['-intern)'],
      location: null,
    });
    for (const s of searches) expect(parseBooleanQuery(s.query, s.target)).toMatchObject({ ok: true });
    expect(searches[0].query).toBe('"Engineer OR Dev" AND ("C++" OR "C# AND .NET" OR Go) NOT intern');
  });

  it('drops the lowest-value terms to fit each limit and says which', () => {
    const many = {
      titles: Array.from({ length: 8 }, (_, i) => `Senior Platform Engineer Variant ${i}`),
      mustHaveGroups: Array.from({ length: 30 }, (_, i) => ({
        concept: `Skill${i}`,
        terms: [`Skill${i}`, `Synonym number ${i}`, `Another long synonym ${i}`],
      })),
      niceToHaveGroups: Array.from({ length: 5 }, (_, i) => ({ concept: `Bonus${i}`, terms: [`Bonus${i}`] })),
      exclusions: ['recruiter', 'intern', 'sales'],
      location: 'Denver, CO',
    };
    const { searches, notes } = buildSearches(many);
    for (const s of searches) {
      expect(s.length).toBeLessThanOrEqual(SEARCH_LIMITS[s.target].max);
      expect(parseBooleanQuery(s.query, s.target)).toMatchObject({ ok: true });
    }
    expect(notes.some((n) => n.startsWith('Job board: left out the title variants'))).toBe(true);
    expect(notes).toContain(
      'Nice-to-haves are not in the strings (a profile would have to match them): Bonus0, Bonus1, Bonus2, Bonus3, Bonus4.',
    );
    for (const s of searches) expect(s.query).not.toMatch(/Bonus/);
  });

  it('gives no strings, and says why, when there is nothing to search for', () => {
    expect(buildSearches({ titles: [' '], mustHaveGroups: [], niceToHaveGroups: [], exclusions: ['recruiter'], location: null })).toEqual({
      searches: [],
      notes: ['Give a job title or must-haves to build search strings.'],
    });
  });

  it('always builds strings that parse and fit, whatever the terms', () => {
    const term = fc.string({ maxLength: 40 });
    fc.assert(
      fc.property(
        fc.array(term, { maxLength: 8 }),
        fc.array(fc.record({ concept: term, terms: fc.array(term, { maxLength: 6 }) }), { maxLength: 10 }),
        fc.array(term, { maxLength: 6 }),
        (titles, groups, exclusions) => {
          const { searches, notes } = buildSearches({
            titles,
            mustHaveGroups: groups,
            niceToHaveGroups: groups.slice(0, 3),
            exclusions,
            location: null,
          });
          for (const s of searches) {
            expect(parseBooleanQuery(s.query, s.target)).toMatchObject({ ok: true });
            expect(s.length).toBeLessThanOrEqual(s.limit.max);
          }
          expect(SourcingTermsOutputSchema.shape.searches.safeParse(searches).success).toBe(true);
          expect(Array.isArray(notes)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
