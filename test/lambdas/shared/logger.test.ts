import { createLogger, currentRequestId, redact, runWithRequestId, serializeError } from '../../../lambdas/shared/logger';

function collect() {
  const lines: Record<string, unknown>[] = [];
  return { lines, write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) };
}

describe('structured logger', () => {
  it('writes one JSON line with level, message, component, request id and attributes', () => {
    const sink = collect();
    const logger = createLogger({ component: 'get-plans', write: sink.write });

    runWithRequestId('req-1', () => logger.info('Plans listed', { count: 3 }));

    expect(sink.lines).toEqual([
      {
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: 'info',
        message: 'Plans listed',
        requestId: 'req-1',
        component: 'get-plans',
        count: 3,
      },
    ]);
  });

  it('names the X-Ray trace of the invocation when Lambda provides one', () => {
    const sink = collect();
    const previous = process.env._X_AMZN_TRACE_ID;
    process.env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
    try {
      createLogger({ write: sink.write }).info('traced');
    } finally {
      if (previous === undefined) delete process.env._X_AMZN_TRACE_ID;
      else process.env._X_AMZN_TRACE_ID = previous;
    }
    createLogger({ write: sink.write }).info('untraced');

    expect(sink.lines[0]).toMatchObject({ message: 'traced', xrayTraceId: '1-5759e988-bd862e3fe1be46a994272793' });
    expect(sink.lines[1]).not.toHaveProperty('xrayTraceId');
  });

  it('keeps the request id across awaits and drops it outside the request', async () => {
    await runWithRequestId('req-2', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(currentRequestId()).toBe('req-2');
    });
    expect(currentRequestId()).toBeUndefined();
  });

  it('skips lines below its level', () => {
    const sink = collect();
    const logger = createLogger({ level: 'warn', write: sink.write });

    logger.debug('noise');
    logger.info('noise');
    logger.warn('kept');
    logger.error('kept too');

    expect(sink.lines.map((line) => line.level)).toEqual(['warn', 'error']);
  });

  it('does not let attributes overwrite the envelope', () => {
    const sink = collect();
    createLogger({ write: sink.write }).info('real message', { message: 'forged', level: 'error' });

    expect(sink.lines[0]).toMatchObject({ message: 'real message', level: 'info' });
  });

  it('still writes a line when attributes cannot be serialized', () => {
    const sink = collect();
    const circular: Record<string, unknown> = {};
    circular.self = circular;

    createLogger({ write: sink.write }).warn('odd input', { circular });

    expect(sink.lines[0]).toMatchObject({ message: 'odd input', unserializableAttributes: true });
  });
});

describe('no personal data or secrets in logs', () => {
  it('writes [redacted] for credentials, tokens, ATS keys and contact details, at any depth and in any spelling', () => {
    const sink = collect();
    createLogger({ write: sink.write }).info('Odd call', {
      password: 'Hunter2!x',
      Authorization: 'eyJraWQiOi.sig',
      request: {
        headers: { 'x-api-key': 'da2-secretkey', cookie: 'session=1' },
        body: { email: 'dana@northbridge.com', phone_number: '+15550100199', apikey1: 'ats-key' },
      },
      people: [{ Email: 'lee@harborstaffing.com', sub: 'a1b2' }],
      billingToken: 'tok_123',
      userId: 'a1b2',
      secretName: 'talentpilot/prod/recurly-api-key',
    });

    const line = JSON.stringify(sink.lines[0]);
    for (const leaked of ['Hunter2', 'eyJraWQiOi', 'da2-secretkey', 'session=1', 'dana@', '0100199', 'ats-key', 'lee@', 'tok_123'])
      expect(line).not.toContain(leaked);
    expect(sink.lines[0]).toMatchObject({
      password: '[redacted]',
      Authorization: '[redacted]',
      request: {
        headers: { 'x-api-key': '[redacted]', cookie: '[redacted]' },
        body: { email: '[redacted]', phone_number: '[redacted]', apikey1: '[redacted]' },
      },
      people: [{ Email: '[redacted]', sub: 'a1b2' }],
      // Ids and the name of a secret are not secret.
      userId: 'a1b2',
      secretName: 'talentpilot/prod/recurly-api-key',
    });
  });

  it('leaves values that are not plain objects, and the input itself, unchanged', () => {
    const input = { email: 'x@example.com', when: new Date(0) };
    expect(redact(input)).toEqual({ email: '[redacted]', when: new Date(0) });
    expect(input.email).toBe('x@example.com');
  });
});

describe('serializeError', () => {
  it('keeps name, message, stack, diagnostic codes and the cause chain, but not other properties', () => {
    const root = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET', headers: { authorization: 'Basic c2VjcmV0' } });
    const wrapped = new Error('Billing is unavailable', { cause: root });

    const serialized = serializeError(wrapped) as Record<string, unknown>;

    expect(serialized).toMatchObject({
      name: 'Error',
      message: 'Billing is unavailable',
      stack: expect.any(String),
      cause: { message: 'socket hang up', code: 'ECONNRESET' },
    });
    expect(JSON.stringify(serialized)).not.toContain('Basic');
  });
});
