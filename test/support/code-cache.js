/**
 * `vm.compileFunction` with V8's code cache kept across calls, for jest's module compilation.
 *
 * A cacheable call (one that compiles into a context, as jest-runtime's do) compiles the same
 * function as a `vm.Script` of a function expression, so that its code cache can be made after it
 * has run: the cache then holds the inner functions the earlier test files called, compiled, as well
 * as the top level. A cache made at the first compilation (`produceCachedData`) held only the top
 * level, and every later file parsed and compiled again each function it called. The cache is made
 * from the previous compilation at a file's 2nd, 4th, 8th… compilation, so it grows with what the
 * worker's files use.
 *
 * V8 checks a code cache against the source's length only (a cache of another source of the same
 * length would run that other code), so an entry is used only for an identical source.
 *
 * @param {typeof import('node:vm').compileFunction} compileFunction for the calls it does not cache
 * @param {typeof import('node:vm').Script} Script compiles the ones it caches
 * @returns {typeof import('node:vm').compileFunction}
 */
function withCodeCache(compileFunction, Script) {
  /**
   * File name and parameters → the source, its latest compilation (run by a test file, or running)
   * and the code cache later compilations start from.
   * @type {Map<string, { source: string, script: import('node:vm').Script, compilations: number, data?: Buffer }>}
   */
  const compiled = new Map();
  return function compileFunctionWithCache(code, params = [], options) {
    if (!options?.parsingContext || typeof options.filename !== 'string' || options.cachedData || options.produceCachedData) {
      return compileFunction.call(this, code, params, options);
    }
    const key = `${options.filename}\0${params.join(',')}`;
    let entry = compiled.get(key);
    if (entry !== undefined && entry.source !== code) entry = undefined;
    if (entry !== undefined) {
      entry.compilations += 1;
      // A power of two: the cache follows what the files use without serializing it for each one.
      if ((entry.compilations & (entry.compilations - 1)) === 0) entry.data = entry.script.createCachedData();
    }
    // The parameters and the opening on the first line, so every line keeps its number; the
    // negative column offset keeps the first line's columns as compileFunction reports them.
    const opening = `(function (${params.join(', ')}) {`;
    const script = new Script(`${opening}${code}\n})`, {
      filename: options.filename,
      lineOffset: options.lineOffset ?? 0,
      columnOffset: (options.columnOffset ?? 0) - opening.length,
      cachedData: entry?.data,
      importModuleDynamically: options.importModuleDynamically,
    });
    if (entry === undefined || script.cachedDataRejected) {
      compiled.set(key, { source: code, script, compilations: 1 });
    } else {
      entry.script = script;
    }
    return script.runInContext(options.parsingContext);
  };
}

module.exports = { withCodeCache };
