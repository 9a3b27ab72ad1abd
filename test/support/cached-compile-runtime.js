/**
 * jest's runtime, with each module's compilation kept for the worker's next test files.
 *
 * jest loads every module afresh for each test file and compiles it with `vm.compileFunction`,
 * which on Node 20 does not use V8's compilation cache: a worker parsed the AWS SDK, zod, dynalite
 * and the product's modules again for every file that imports them (about a tenth of the handler
 * tests' CPU). With a code cache made after a module has run in earlier files (code-cache.js),
 * later files start from its compiled top level and the functions those files called. Only the
 * compilation is shared: each file still runs each module afresh, in its own context.
 */
const vm = require('node:vm');
// V8 optimizes only what stays hot across the worker's files (v8-tiering.js says why), set before
// jest-runtime and the first test file load.
require('./v8-tiering').applyTestV8Flags();
const Runtime = require('jest-runtime').default;
const { withCodeCache } = require('./code-cache');
// A worker's quick exit: installed here, since jest loads this module once in each worker.
require('./quick-worker-exit');

// jest-runtime calls `vm.compileFunction` through the module object, so this reaches its calls;
// this module is loaded once per worker (by jest, outside any test file's context).
vm.compileFunction = withCodeCache(vm.compileFunction, vm.Script);

module.exports = Runtime;
