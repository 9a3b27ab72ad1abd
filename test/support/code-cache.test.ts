import * as vm from 'node:vm';
import { withCodeCache } from './code-cache';

/**
 * The jest runtime's compilation (cached-compile-runtime.js), with a `vm.Script` that records the
 * code cache each compilation starts from, and a compileFunction that records what it is left.
 */
function cachedCompiler() {
  const uncached: vm.CompileFunctionOptions[] = [];
  const cachesUsed: (Buffer | undefined)[] = [];
  class RecordingScript extends vm.Script {
    constructor(code: string, options?: vm.ScriptOptions) {
      super(code, options);
      cachesUsed.push(options?.cachedData as Buffer | undefined);
    }
  }
  const compile = withCodeCache((code, params, options) => {
    uncached.push(options ?? {});
    return vm.compileFunction(code, params, options);
  }, RecordingScript);
  return { compile, uncached, cachesUsed, parsingContext: vm.createContext({}) };
}

/** A function whose `inner` V8 compiles only when it is first called (lazily). */
const WITH_INNER_FUNCTION = 'function inner(x) { const doubled = x * 2; return doubled + 1; }\nreturn inner(a);';

describe('compiling with the code cache of an earlier compilation', () => {
  it("starts a file's second compilation from a cache made after the first one ran, holding the functions it called", () => {
    const { compile, cachesUsed, parsingContext } = cachedCompiler();
    const options = { filename: '/app/inner.js', parsingContext };
    // What a cache made at compilation holds: the top level, with `inner` still to be compiled.
    const topLevelOnly = new vm.Script(`(function (a) {${WITH_INNER_FUNCTION}\n})`).createCachedData();

    const first = compile(WITH_INNER_FUNCTION, ['a'], options);
    expect(first(1)).toBe(3);
    const second = compile(WITH_INNER_FUNCTION, ['a'], options);

    const [none, started] = cachesUsed;
    expect(none).toBeUndefined();
    expect(started?.byteLength).toBeGreaterThan(topLevelOnly.byteLength);
    expect(second(20)).toBe(41);
  });

  it('makes the cache again at the 4th and 8th compilation, not at each one', () => {
    const { compile, cachesUsed, parsingContext } = cachedCompiler();

    for (let compilation = 1; compilation <= 8; compilation += 1) {
      expect(compile('return a + 1;', ['a'], { filename: '/app/often.js', parsingContext })(compilation)).toBe(compilation + 1);
    }

    const madeAt = cachesUsed.flatMap((cache, index) => (index > 0 && cache !== cachesUsed[index - 1] ? [index + 1] : []));
    expect(madeAt).toEqual([2, 4, 8]);
  });

  it("never runs another source's code cache, even one of the same length in the same file", () => {
    const { compile, parsingContext } = cachedCompiler();

    compile('return 1 + 1;', [], { filename: '/app/changed.js', parsingContext })();
    const changed = compile('return 2 + 5;', [], { filename: '/app/changed.js', parsingContext });

    expect(changed()).toBe(7);
  });

  it('keeps one cache for each set of parameters', () => {
    const { compile, parsingContext } = cachedCompiler();

    compile('return a;', ['a', 'b'], { filename: '/app/params.js', parsingContext })(1, 2);
    const swapped = compile('return a;', ['b', 'a'], { filename: '/app/params.js', parsingContext });

    expect(swapped(1, 2)).toBe(2);
  });

  it("reports an error's line and column as vm.compileFunction does, on the first line and after", () => {
    const { compile, parsingContext } = cachedCompiler();
    const where = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return (error as Error).stack?.split('\n')[1].replace(/^.*\((.*)\)$|^\s*at /, '$1');
      }
      return 'no error';
    };
    const firstLine = '"use strict"; const n = null; n.x;';
    const laterLine = 'let n = null;\n  if (a) n.y = 1;';
    const options = { filename: '/app/where.js', parsingContext };

    for (const [code, params] of [
      [firstLine, []],
      [laterLine, ['a']],
    ] as const) {
      // Without a context: in jest's workers vm.compileFunction is this cache, which leaves such calls alone.
      const expected = where(() => vm.compileFunction(code, [...params], { filename: '/app/where.js' })(true));
      expect(where(() => compile(code, [...params], options)(true))).toBe(expected);
      expect(where(() => compile(code, [...params], options)(true))).toBe(expected);
      expect(expected).toMatch(/^\/app\/where\.js:\d+:\d+$/);
    }
  });

  it('leaves a compilation outside a context to vm.compileFunction as it is', () => {
    const { compile, uncached, cachesUsed } = cachedCompiler();

    expect(compile('return 3;', [], { filename: '/app/plain.js' })()).toBe(3);

    expect(uncached).toHaveLength(1);
    expect(cachesUsed).toHaveLength(0);
  });
});
