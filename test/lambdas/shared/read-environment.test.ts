import { z } from 'zod';
import { EnvironmentError, HttpEnvironmentSchema, readEnvironment } from '../../../lambdas/shared/read-environment';

describe('readEnvironment', () => {
  const Schema = z.object({ TABLE_NAME: z.string().min(1), RETRIES: z.coerce.number().int().min(0) });

  it('returns the parsed values', () => {
    expect(readEnvironment(Schema, { TABLE_NAME: 'users', RETRIES: '2', UNRELATED: 'x' })).toEqual({ TABLE_NAME: 'users', RETRIES: 2 });
  });

  it('names every missing or invalid variable in one error', () => {
    const read = () => readEnvironment(Schema, { RETRIES: 'many' });

    expect(read).toThrow(EnvironmentError);
    expect(read).toThrow('TABLE_NAME is not set');
    expect(read).toThrow('RETRIES is invalid');
  });
});

describe('ALLOWED_ORIGINS', () => {
  it('splits the comma-separated list and trims it', () => {
    expect(readEnvironment(HttpEnvironmentSchema, { ALLOWED_ORIGINS: 'https://app.example.com, http://127.0.0.1:5180,' })).toEqual({
      ALLOWED_ORIGINS: ['https://app.example.com', 'http://127.0.0.1:5180'],
    });
  });

  it.each([
    ['an empty list', ''],
    ['a path instead of an origin', 'https://app.example.com/'],
    ['a bare host', 'app.example.com'],
  ])('refuses %s', (_label, value) => {
    expect(() => readEnvironment(HttpEnvironmentSchema, { ALLOWED_ORIGINS: value })).toThrow('ALLOWED_ORIGINS is invalid');
  });
});
