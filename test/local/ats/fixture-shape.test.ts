import { shapeOf, unknownPaths } from '../../../local/ats/fixture-shape';

describe('the shape of a JSON answer', () => {
  it('lists every key path with its JSON type, array elements under []', () => {
    expect(
      [
        ...shapeOf({
          total: 2,
          data: [
            { id: 1, candidate: { id: 7 }, note: null },
            { id: 2, tags: ['a'] },
          ],
        }),
      ].sort(),
    ).toEqual([
      ':object',
      'data:array',
      'data[].candidate.id:number',
      'data[].candidate:object',
      'data[].id:number',
      'data[].note:null',
      'data[].tags:array',
      'data[].tags[]:string',
      'data[]:object',
      'total:number',
    ]);
  });

  it('gives a list of any length the shape of its records, and a scalar its type', () => {
    expect(shapeOf([{ a: true }, { a: false }, { a: true }])).toEqual(shapeOf([{ a: false }]));
    expect([...shapeOf('text')]).toEqual([':string']);
  });

  it('names what an answer has that no fixture has: a new key, or a known key of another type', () => {
    const fixtures = [shapeOf({ data: [{ id: 1, status: 'Placed' }] }), shapeOf({ data: [{ id: 2, status: null }] })];
    expect(unknownPaths(shapeOf({ data: [{ id: 3, status: null }] }), fixtures)).toEqual([]);
    expect(unknownPaths(shapeOf({ data: [{ id: '3', status: 'x', extra: 1 }] }), fixtures)).toEqual([
      'data[].extra:number',
      'data[].id:string',
    ]);
  });
});
