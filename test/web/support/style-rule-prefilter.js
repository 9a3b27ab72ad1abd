/**
 * jsdom's getComputedStyle (which every ByRole query calls, for each element whose name or
 * visibility it works out) matches each of its ~120 user-agent rules against the element with
 * nwsapi, again after every DOM change; the selector matching was two thirds of getComputedStyle's
 * cost and nwsapi's lookup of the compiled selector by its text most of that. Most of those rules
 * name an element type (`h1`, `td, th`, `input[type="hidden"]`): such a rule cannot match an
 * element of another type, so it is answered `false` before nwsapi is asked. Every other rule
 * (`:root`, `[hidden]`, `:focus`, or a selector this reading is not sure of) still goes to nwsapi,
 * so each answer is the one nwsapi gives. Browsers file their rules by type for the same reason.
 *
 * Only jsdom's style matcher is wrapped (the document's `_nwsapiDontThrow`, which jsdom's
 * style-rules.js alone uses); `matches`, `querySelector` and `closest` are untouched.
 */
const path = require('node:path');

const jsdomDir = path.dirname(require.resolve('jsdom', { paths: [path.dirname(require.resolve('jest-environment-jsdom'))] }));
const { implForWrapper } = require(path.join(jsdomDir, 'jsdom/living/generated/utils'));

/** selector text → the lower-case types its every alternative requires, or null when one may match any type */
const typesOfSelector = new Map();

/**
 * The element types a selector list can match, or null when that is not certain: each alternative's
 * rightmost compound must begin with a plain type name (no namespace, no escapes, no at-rule text).
 * @param {string} selectorText
 * @returns {Set<string> | null}
 */
function requiredTypes(selectorText) {
  if (/[\\|*@;]/.test(selectorText)) return null;
  const alternatives = [];
  let start = 0;
  const balanced = scanTopLevel(selectorText, (c, i) => {
    if (c !== ',') return;
    alternatives.push(selectorText.slice(start, i));
    start = i + 1;
  });
  if (!balanced) return null;
  alternatives.push(selectorText.slice(start));
  const types = new Set();
  for (const alternative of alternatives) {
    const type = rightmostType(alternative.trim());
    if (type === null) return null;
    types.add(type);
  }
  return types;
}

/** The type name the last compound of one complex selector begins with, or null. */
function rightmostType(selector) {
  let compoundStart = 0;
  scanTopLevel(selector, (c, i) => {
    if (/[\s>+~]/.test(c)) compoundStart = i + 1;
  });
  const match = /^([a-zA-Z][a-zA-Z0-9-]*)(?=$|[.#:[])/.exec(selector.slice(compoundStart));
  return match ? match[1].toLowerCase() : null;
}

/**
 * Calls `visit(character, index)` for each character of `text` outside quotes, brackets and
 * parentheses (and not for those delimiters); false when a quote or bracket is left open.
 * @param {string} text
 * @param {(character: string, index: number) => void} visit
 */
function scanTopLevel(text, visit) {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0) visit(c, i);
  }
  return quote === '' && depth === 0;
}

/** Whether a rule of `selectorText` may match an element of (lower-case) type `type`. */
function mayMatch(selectorText, type) {
  let types = typesOfSelector.get(selectorText);
  if (types === undefined) {
    types = requiredTypes(selectorText);
    typesOfSelector.set(selectorText, types);
  }
  return types === null || types.has(type);
}

/**
 * Files the rules of `document`'s style matcher by element type, when jsdom creates it.
 * @param {Document} document the window's document (the wrapper)
 */
function prefilterStyleRules(document) {
  const impl = implForWrapper(document);
  let matcher;
  Object.defineProperty(impl, '_nwsapiDontThrow', {
    configurable: true,
    get: () => matcher,
    set(created) {
      const match = created.match;
      // jsdom asks about every rule for one element, then the next: the type is read once per element.
      let lastElement;
      let lastType = '';
      created.match = (selectorText, element, ...rest) => {
        if (typeof selectorText === 'string' && element) {
          if (element !== lastElement) {
            lastElement = element;
            lastType = String(element.localName).toLowerCase();
          }
          if (!mayMatch(selectorText, lastType)) return false;
        }
        return match.call(created, selectorText, element, ...rest);
      };
      matcher = created;
    },
  });
}

module.exports = { prefilterStyleRules };
