/** Types of code-cache.js (plain JavaScript: jest loads its runtime without a transform). */
export function withCodeCache(
  compileFunction: typeof import('node:vm').compileFunction,
  Script: typeof import('node:vm').Script,
): typeof import('node:vm').compileFunction;
