import { nextLink, parseLinkHeader } from '../../../../lambdas/ats/http/link-header';

describe('the Link header', () => {
  it("reads Greenhouse's next, prev and last links", () => {
    const header =
      '<https://harvest.greenhouse.io/v1/candidates?page=3&per_page=2>; rel="next",<https://harvest.greenhouse.io/v1/candidates?page=1&per_page=2>; rel="prev",<https://harvest.greenhouse.io/v1/candidates?page=10&per_page=2>; rel="last"';
    expect(parseLinkHeader(header)).toEqual({
      next: 'https://harvest.greenhouse.io/v1/candidates?page=3&per_page=2',
      prev: 'https://harvest.greenhouse.io/v1/candidates?page=1&per_page=2',
      last: 'https://harvest.greenhouse.io/v1/candidates?page=10&per_page=2',
    });
  });

  it('accepts unquoted and multi-valued relations, other parameters and quoted commas', () => {
    const header = '<https://a.example/2>; title="a, b"; rel=next, <https://a.example/9>; rel="last LAST"; type="application/json"';
    expect(parseLinkHeader(header)).toEqual({ next: 'https://a.example/2', last: 'https://a.example/9' });
  });

  it('has no next link on the last page or without a header', () => {
    expect(nextLink('<https://a.example/1>; rel="prev"')).toBeNull();
    expect(nextLink(null)).toBeNull();
    expect(nextLink('')).toBeNull();
    expect(nextLink('garbage')).toBeNull();
  });
});
