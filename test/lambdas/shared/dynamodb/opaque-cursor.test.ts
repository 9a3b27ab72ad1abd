import { opaqueCursor } from '../../../../lambdas/shared/dynamodb/opaque-cursor';
import { ValidationError } from '../../../../lambdas/shared/errors';
import * as z from '../../../../lambdas/shared/zod';

/** One opaque cursor codec for every paged DynamoDB read (the activity log's, the admin console's). */

const MESSAGE = 'The cursor must be one this list gave.';
const cursor = opaqueCursor(
  { after: z.nullable(z.string().check(z.minLength(1))), skip: z.number().check(z.int(), z.gte(0)) },
  { message: MESSAGE },
);
const coded = opaqueCursor({ before: z.string() }, { message: MESSAGE, code: 'invalid_cursor' });

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

function refusal(decode: () => unknown): unknown {
  try {
    decode();
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('opaqueCursor', () => {
  it('round-trips a position through a base64url string the client cannot read as JSON', () => {
    const encoded = cursor.encode({ after: 'user#1', skip: 40 });
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(() => JSON.parse(encoded) as unknown).toThrow();
    expect(cursor.decode(encoded)).toEqual({ after: 'user#1', skip: 40 });
    expect(cursor.decode(cursor.encode({ after: null, skip: 0 }))).toEqual({ after: null, skip: 0 });
  });

  it.each([
    ['not base64url JSON', '!!'],
    ['text that is not a cursor', 'not-a-cursor'],
    ['JSON that is not an object', base64url('"user-1"')],
    ['a missing key', base64url('{"after":"user-1"}')],
    ['an empty object', 'e30'],
    ['a key beyond the shape', base64url('{"after":"user-1","skip":0,"table":"users"}')],
    ['a value of the wrong type', base64url('{"after":1,"skip":0}')],
    ['a value outside its checks', base64url('{"after":"user-1","skip":-1}')],
  ])('refuses %s with a 400 on `cursor` (validation_failed without a code)', (_case, given) => {
    const error = refusal(() => cursor.decode(given));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ message: MESSAGE, code: 'validation_failed', fields: { cursor: MESSAGE } });
  });

  it("answers the refusal's own code when it has one", () => {
    expect(refusal(() => coded.decode(base64url('{"before":1}')))).toMatchObject({
      name: 'ValidationError',
      code: 'invalid_cursor',
      fields: { cursor: MESSAGE },
    });
    expect(coded.decode(coded.encode({ before: '2026-11-27T09:30:00.000Z#id' }))).toEqual({ before: '2026-11-27T09:30:00.000Z#id' });
  });
});
