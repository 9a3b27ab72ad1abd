import { createContext, compileFunction, type CompileFunctionOptions } from 'node:vm';
import { withCodeCache } from './code-cache';

/** The jest runtime's compilation (cached-compile-runtime.js), on a compileFunction that records its options. */
function cachedCompiler() {
  const calls: CompileFunctionOptions[] = [];
  const compile = withCodeCache((code, params, options) => {
    calls.push(options ?? {});
    return compileFunction(code, params, options);
  });
  return { calls, compile, parsingContext: createContext({}) };
}

describe('compiling with the code cache of an earlier compilation', () => {
  it("starts a file's second compilation from the first one's code cache, and runs the same code", () => {
    const { calls, compile, parsingContext } = cachedCompiler();

    const first = compile('return a + 1;', ['a'], { filename: '/app/one.js', parsingContext });
    const second = compile('return a + 1;', ['a'], { filename: '/app/one.js', parsingContext });

    expect(calls.map((options) => [options.produceCachedData === true, options.cachedData !== undefined])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect([first(1), second(41)]).toEqual([2, 42]);
  });

  it("never runs another source's code cache, even one of the same length in the same file", () => {
    const { compile, parsingContext } = cachedCompiler();

    compile('return 1 + 1;', [], { filename: '/app/changed.js', parsingContext });
    const changed = compile('return 2 + 5;', [], { filename: '/app/changed.js', parsingContext });

    expect(changed()).toBe(7);
  });

  it('keeps one cache for each set of parameters', () => {
    const { compile, parsingContext } = cachedCompiler();

    compile('return a;', ['a', 'b'], { filename: '/app/params.js', parsingContext });
    const swapped = compile('return a;', ['b', 'a'], { filename: '/app/params.js', parsingContext });

    expect(swapped(1, 2)).toBe(2);
  });
});
