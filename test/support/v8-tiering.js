/**
 * When V8 optimizes a function in the test processes: after four times its default interrupt
 * budget (the bytecode a function runs between V8's looks at whether to optimize it; V8 11.3,
 * Node 20, has 67,584). Only when code is optimized changes, never what it does.
 *
 * Why: jest gives every test file its own module registry, so each file runs the SDK, zod, dynalite
 * and the product afresh with fresh type feedback, and V8's optimizing compiler (TurboFan) compiled
 * the same warm functions again in every file, only to drop them when the file ended: a quarter
 * of `perf`'s samples in test/lambdas/ats. The local runtime's Lambda containers are fresh isolates
 * in the same way. With the higher budget only code that stays hot is optimized (jest, jsdom, long
 * loops). Whole jest runs alternated with the default: 258-271 CPU-s against 280-306
 * (docs/decisions.md, "V8's tier-up in the test processes"). No TurboFan at all (`--max-opt=2`) saved a
 * tenth in the handler tests but cost as much in the others.
 *
 * Applied by the jest workers (cached-compile-runtime.js) and, on their command line, ESLint and
 * Prettier (bin/tuned.mjs), which read each file of the repository once. Not the browser tests:
 * there it changed nothing. `npm start`, the bench and the processes tests start keep V8's defaults.
 */
const DEFAULT_INTERRUPT_BUDGET = 67_584;

/** The V8 flags of the test processes, as a command line's options. */
const TEST_V8_FLAGS = Object.freeze([`--interrupt-budget=${4 * DEFAULT_INTERRUPT_BUDGET}`]);

/** Sets {@link TEST_V8_FLAGS} in this process (before the code they are meant for is loaded). */
function applyTestV8Flags() {
  require('node:v8').setFlagsFromString(TEST_V8_FLAGS.join(' '));
}

module.exports = { DEFAULT_INTERRUPT_BUDGET, TEST_V8_FLAGS, applyTestV8Flags };
