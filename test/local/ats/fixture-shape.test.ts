import { shapeOf, undocumentedShape } from '../../../local/ats/fixture-shape';

describe('the shape of a JSON answer', () => {
  it('lists every key path with the JSON types found there, array items sharing one path', () => {
    const shape = shapeOf([
      { id: 1, tags: ['a'], office: { name: 'HQ' } },
      { id: null, tags: [], office: null },
    ]);
    expect(Object.fromEntries([...shape].map(([path, types]) => [path, [...types].sort()]))).toEqual({
      '': ['array'],
      '[]': ['object'],
      '[].id': ['null', 'number'],
      '[].tags': ['array'],
      '[].tags[]': ['string'],
      '[].office': ['null', 'object'],
      '[].office.name': ['string'],
    });
  });

  it('merges several samples of one answer into one shape', () => {
    expect([...shapeOf({ a: 1 }, { b: 'x' }).keys()].sort()).toEqual(['', 'a', 'b']);
  });
});

describe('an answer checked against the documented shape', () => {
  const documented = shapeOf([{ id: 1, name: 'Ops', office_ids: [3] }]);

  it('passes when every path and type is documented, even with documented fields left out', () => {
    expect(undocumentedShape(shapeOf([{ id: 2 }]), documented)).toEqual([]);
  });

  it('names a key the documentation does not have', () => {
    expect(undocumentedShape(shapeOf([{ id: 2, departments: [{ id: 9 }] }]), documented)).toEqual([
      '[].departments: not documented',
      '[].departments[]: not documented',
      '[].departments[].id: not documented',
    ]);
  });

  it('names a value of another JSON type than documented', () => {
    expect(undocumentedShape(shapeOf([{ id: '2', office_ids: ['3'] }]), documented)).toEqual([
      '[].id: string, documented number',
      '[].office_ids[]: string, documented number',
    ]);
    expect(undocumentedShape(shapeOf({}), documented)).toEqual(['(the answer): object, documented array']);
  });

  it('lets null stand for any documented type only when asked to', () => {
    const answer = shapeOf([{ id: 2, name: null }]);
    expect(undocumentedShape(answer, documented)).toEqual(['[].name: null, documented string']);
    expect(undocumentedShape(answer, documented, { nullFitsAnyType: true })).toEqual([]);
  });
});
