import { seededRandom, shuffled } from '../../../../lambdas/ats/prediction/seeded-random';

describe('seeded randomness for reproducible splits', () => {
  it('gives the same sequence for the same seed, number or text, and another for another seed', () => {
    const take = (seed: number | string) => {
      const random = seededRandom(seed);
      return Array.from({ length: 5 }, () => random());
    };
    expect(take(42)).toEqual(take(42));
    expect(take('tenant-1')).toEqual(take('tenant-1'));
    expect(take(42)).not.toEqual(take(43));
    expect(take('a')).not.toEqual(take('b'));
    for (const x of take(7)) expect(x >= 0 && x < 1).toBe(true);
  });

  it('shuffles a copy, keeping every item and leaving the input alone', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const out = shuffled(items, seededRandom(1));
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(out).not.toEqual(items);
    expect(shuffled(items, seededRandom(1))).toEqual(out);
  });
});
