/**
 * The web tests' setup. Tests of plain logic (no DOM, no browser API) run in Node, asking for it
 * in a docblock: `@jest-environment ./test/support/backend-environment.js` (the backend's quiet
 * environment). jsdom and the DOM testing libraries cost such a file about as much as its own
 * work. Tests with a DOM get setup-dom.ts.
 */
if (typeof document !== 'undefined') jest.requireActual('./setup-dom');
