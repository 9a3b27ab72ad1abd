// Types of v8-tiering.js (plain JavaScript: jest loads its runtime, which applies it, without a transform).

/** V8's default interrupt budget on the Node this suite runs on. */
export const DEFAULT_INTERRUPT_BUDGET: number;
/** The test processes' V8 flags, as a command line's options. */
export const TEST_V8_FLAGS: readonly string[];
/** Sets {@link TEST_V8_FLAGS} in this process. */
export function applyTestV8Flags(): void;
