import { RESOLVER_HOST_GLOBAL, SIGNAL_MARKER } from '../../../local/appsync/host-bridge';
import { LocalResolverHost } from '../../../local/appsync/resolver-host';
import { runtime, util } from '../../../local/appsync/util-shim';

/** The local `@aws-appsync/utils` shim, hosted as the runner hosts it. */

const host = new LocalResolverHost();

beforeAll(() => {
  (globalThis as Record<string, unknown>)[RESOLVER_HOST_GLOBAL] = host;
});

afterAll(() => {
  delete (globalThis as Record<string, unknown>)[RESOLVER_HOST_GLOBAL];
});

describe('util', () => {
  it('matches like Java’s String.matches: the whole value, not a part of it', () => {
    expect(util.matches('[a-z]+', 'abc')).toBe(true);
    expect(util.matches('[a-z]+', 'abc1')).toBe(false);
    expect(util.matches('a|b', 'ab')).toBe(false);
    expect(util.matches('\\p{L}+', 'Zoë')).toBe(true);
  });

  it('generates UUID v4 ids and ISO-8601 times', () => {
    expect(util.autoId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(util.autoId()).not.toBe(util.autoId());
    expect(util.time.nowISO8601()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(util.time.nowEpochSeconds() - Date.now() / 1000)).toBeLessThan(2);
  });

  it('converts values to DynamoDB attribute values', () => {
    expect(util.dynamodb.toMapValues({ id: 'a', count: 2, ok: true, none: null, tags: ['x'], skipped: undefined })).toEqual({
      id: { S: 'a' },
      count: { N: '2' },
      ok: { BOOL: true },
      none: { NULL: true },
      tags: { L: [{ S: 'x' }] },
    });
    expect(util.dynamodb.toDynamoDB({ a: 1 })).toEqual({ M: { a: { N: '1' } } });
    expect(JSON.parse(util.dynamodb.toMapValuesJson({ id: 'a' }))).toEqual({ id: { S: 'a' } });
  });

  it('stops the handler with util.error and util.unauthorized, and records util.appendError', () => {
    expect(() => util.error('Bad input', 'ValidationError', null, { fields: { name: 'Required' } })).toThrow(
      expect.objectContaining({
        [SIGNAL_MARKER]: 'error',
        message: 'Bad input',
        errorType: 'ValidationError',
        errorInfo: { fields: { name: 'Required' } },
      }),
    );
    expect(() => util.unauthorized()).toThrow(expect.objectContaining({ [SIGNAL_MARKER]: 'unauthorized' }));
    expect(() => runtime.earlyReturn({ id: 1 })).toThrow(expect.objectContaining({ [SIGNAL_MARKER]: 'earlyReturn', value: { id: 1 } }));

    host.begin('API_KEY');
    util.appendError('Careful', 'Warning');
    expect(util.authType()).toBe('API Key Authorization');
    expect(host.end().appendedErrors).toEqual([{ message: 'Careful', errorType: 'Warning', data: null, errorInfo: null }]);
  });

  it('has the null helpers', () => {
    expect(util.isNullOrEmpty('')).toBe(true);
    expect(util.isNull(0)).toBe(false);
    expect(util.defaultIfNull(null, 'fallback')).toBe('fallback');
  });
});
