import { proposeMustHaves } from '../../../../lambdas/assistant/domain/must-haves';
import { sourcingTerms } from '../../../../lambdas/assistant/domain/sourcing-terms';
import { ProposeMustHavesRequestSchema, SourcingTermsRequestSchema } from '../../../../lambdas/shared/contracts/assistant';
import { OCCUPATION_POSTINGS } from '../../../e2e/fixtures/occupation-postings';
import { garbageReason } from '../../../eval/term-quality';

// The occupation families' postings, as a recruiter pastes them into the sourcing-terms and
// must-haves screens (title and description only): the search carries the role's usual title and a
// word of its trade, no term is garbage, and the proposed must-haves name the hard requirement.
// These are properties of the offline engine's output, so they are checked here, on the engine the
// two routes run; test/e2e/occupation-families.spec.ts walks one family through the screens and
// reads the same checks off the page (how the titles, term groups and must-haves are shown).

describe.each(OCCUPATION_POSTINGS.map((posting) => [posting.family, posting] as const))('%s posting', (_family, posting) => {
  const pasted = { title: posting.title, description: posting.description };

  it('passes both routes’ request checks as pasted', () => {
    expect(SourcingTermsRequestSchema.parse(pasted)).toMatchObject(pasted);
    expect(ProposeMustHavesRequestSchema.parse(pasted)).toMatchObject(pasted);
  });

  it('gives a search with its title and trade, and no garbage term', () => {
    // What the sourcing-terms route gives the engine for a pasted posting (no saved job).
    const output = sourcingTerms({
      ...pasted,
      companyInfo: '',
      location: '',
      mustHaves: [],
      niceToHaves: [],
      exclusions: [],
    });
    // The screen shows the titles and the terms of the must-have and nice-to-have groups.
    const terms = [...output.mustHaveGroups, ...output.niceToHaveGroups].flatMap((group) => group.terms);
    expect(output.titles).toContainEqual(expect.stringMatching(posting.searchTitle));
    expect(terms).toContainEqual(expect.stringMatching(posting.coreSkill));
    const garbage = [...output.titles, ...terms].flatMap((term) => {
      const reason = garbageReason(term);
      return reason ? [`${term} (${reason})`] : [];
    });
    expect(garbage).toEqual([]);
    expect(output.searches).not.toHaveLength(0);
  });

  it('proposes its hard requirement as a must-have', () => {
    const { mustHaves } = proposeMustHaves({ ...pasted, companyInfo: '' });
    expect(mustHaves.map((item) => item.text)).toContainEqual(expect.stringMatching(posting.mustHave));
  });
});
