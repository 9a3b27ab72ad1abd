import { shapeOf, unknownPaths } from '../../../local/ats/fixture-shape';

describe('the shape of a JSON answer', () => {
  it('lists every key path with its JSON type, array elements as []', () => {
    expect([...shapeOf({ data: [{ id: 'a', tags: ['x'], hasNext: false, n: 1, archived: null }] })].sort()).toEqual([
      '$ object',
      'data array',
      'data[] object',
      'data[].archived null',
      'data[].hasNext boolean',
      'data[].id string',
      'data[].n number',
      'data[].tags array',
      'data[].tags[] string',
    ]);
  });

  it('treats an object keyed by ids as a map, so answers with other ids have the same shape', () => {
    const one = shapeOf({ Tags: { 'e3000000-0000-4000-8000-000000000001': [{ Id: 'g', Title: 'Lean' }] } });
    const other = shapeOf({ Tags: { 'e3000000-0000-4000-8000-000000000009': [{ Id: 'h', Title: 'WMS' }], '42': [] } });
    expect(one).toContain('Tags{}[].Title string');
    expect(unknownPaths(other, [one])).toEqual([]);
  });
});

describe('an answer checked against the fixtures', () => {
  const fixture = shapeOf({ data: [{ id: 'a', headline: 'Acme, MIT', archived: { reason: 'r', archivedAt: 1 } }] });

  it('finds nothing unknown in an answer with the fixtures’ paths and types, or nulls where they have values', () => {
    expect(unknownPaths(shapeOf({ data: [{ id: 'b', headline: null, archived: null }] }), [fixture])).toEqual([]);
  });

  it('names a key path no fixture has, and a type no fixture gives a path', () => {
    const answer = shapeOf({ data: [{ id: 7, headline: 'x', title: 'Engineer' }] });
    expect(unknownPaths(answer, [fixture])).toEqual(['data[].id number', 'data[].title string']);
  });

  it('accepts what any one of several fixtures has', () => {
    const second = shapeOf({ data: [{ id: 'c', stage: { id: 's', text: 'Screen' } }] });
    expect(unknownPaths(shapeOf({ data: [{ id: 'd', stage: { id: 's', text: 'Offer' }, headline: '' }] }), [fixture, second])).toEqual([]);
  });
});
