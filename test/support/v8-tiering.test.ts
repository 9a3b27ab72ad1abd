import { spawnSync } from 'node:child_process';
import { DEFAULT_INTERRUPT_BUDGET, TEST_V8_FLAGS } from './v8-tiering';

describe('the test processes’ V8 flags', () => {
  it('start with the V8 this Node has (an unknown or renamed flag fails here, not silently in the workers)', () => {
    const run = spawnSync(process.execPath, [...TEST_V8_FLAGS, '-e', '0'], { encoding: 'utf8' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('raise the interrupt budget from this V8’s default, which the figures were measured against', () => {
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    const shownDefault = /--interrupt-budget[^\n]*\n\s*type: int\s+default: --interrupt-budget=(\d+)/.exec(options)?.[1];
    expect(Number(shownDefault)).toBe(DEFAULT_INTERRUPT_BUDGET);
  });
});
