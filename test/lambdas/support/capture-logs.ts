/** Captures the JSON log lines the handlers write to standard output during a test. */
export interface CapturedLogs {
  /** Every line written so far, parsed. */
  readonly lines: Record<string, unknown>[];
  /** Everything written, raw, to check that nothing secret leaked. */
  text(): string;
  restore(): void;
}

export function captureLogs(): CapturedLogs {
  const raw: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    raw.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  });
  return {
    get lines() {
      return raw
        .join('')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    text: () => raw.join(''),
    restore: () => spy.mockRestore(),
  };
}
