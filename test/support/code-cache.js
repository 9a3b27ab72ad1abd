/**
 * `vm.compileFunction` with V8's code cache kept across calls: the first compilation of a file's
 * source produces the cache, later compilations of the very same source, file and parameters start
 * from it. V8 checks a code cache against the source's length only (a cache of another source of
 * the same length would run that other code), so an entry is used only for an identical source.
 *
 * Only calls that compile into a context (`parsingContext`, as jest-runtime's are) are cached.
 *
 * @param {typeof import('node:vm').compileFunction} compileFunction
 * @returns {typeof import('node:vm').compileFunction}
 */
function withCodeCache(compileFunction) {
  /** @type {Map<string, { source: string, data: Buffer }>} file name and parameters → source and cache */
  const compiled = new Map();
  return function compileFunctionWithCache(code, params, options) {
    if (!options?.parsingContext || typeof options.filename !== 'string' || options.cachedData) {
      return compileFunction.call(this, code, params, options);
    }
    const key = `${options.filename}\0${params?.join(',')}`;
    const earlier = compiled.get(key);
    const reuse = earlier !== undefined && earlier.source === code;
    const fn = compileFunction.call(
      this,
      code,
      params,
      reuse ? { ...options, cachedData: earlier.data } : { ...options, produceCachedData: true },
    );
    if (reuse && fn.cachedDataRejected) compiled.delete(key);
    else if (!reuse && fn.cachedDataProduced) compiled.set(key, { source: code, data: fn.cachedData });
    return fn;
  };
}

module.exports = { withCodeCache };
