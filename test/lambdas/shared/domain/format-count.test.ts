import { formatCount } from '../../../../lambdas/shared/domain/format-count';

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 20000, 123456, 1234567])('writes %d as en-US does', (value) => {
    expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });
});
