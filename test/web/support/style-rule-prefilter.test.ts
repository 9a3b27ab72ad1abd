/**
 * The test environment answers jsdom's user-agent rules by element type before asking nwsapi
 * (style-rule-prefilter.js, on the window's document only). A document made with
 * `createHTMLDocument` has no such filter: the same markup in both must compute the same styles.
 */
const TYPES =
  'html head body meta title link style script p div layer article aside footer header hgroup main nav section ' +
  'marquee address blockquote figcaption figure q center hr map video h1 h2 h3 h4 h5 h6 table caption colgroup ' +
  'col thead tbody tfoot tr td th ul menu dir ol li dd dl dt form label legend fieldset button textarea select ' +
  'optgroup option output meter progress datalist area param u ins strong b i cite em var dfn tt code kbd samp ' +
  'pre xmp plaintext listing mark big small s strike del sub sup nobr ruby rt rp noframes iframe details summary ' +
  'template bdi bdo dialog span a img embed object';

const INPUT_TYPES = 'text hidden search password image file radio checkbox button submit reset range color';

/** Nested as the user-agent sheet's descendant and child rules say, and with the attributes it names. */
const NESTED = `
  ${INPUT_TYPES.split(' ')
    .map((type) => `<input type="${type}" data-probe><input type="${type}" disabled data-probe>`)
    .join('')}
  <input type="color" list="colors" data-probe><input readonly data-probe>
  <section><article><nav><aside><h1 data-probe></h1></aside></nav></article></section>
  <ol><li><ul><li><ul data-probe><li><ol data-probe></ol></li></ul></li></ul></li></ol>
  <table><tr data-probe><td data-probe></td></tr></table>
  <select disabled><option data-probe></option></select>
  <dialog open data-probe></dialog><div hidden data-probe></div><p hidden><span data-probe></span></p>
  <textarea dir="auto" data-probe></textarea><ruby><rt data-probe></rt><rp data-probe></rp></ruby>
  <svg><foreignObject data-probe></foreignObject><circle data-probe></circle></svg>`;

/** Every type the user-agent sheet names, each alone (made, not parsed: `plaintext` would swallow the rest). */
function fill(root: Document): void {
  root.body.innerHTML = NESTED;
  for (const type of TYPES.split(' ')) {
    if (['html', 'head', 'body'].includes(type)) continue;
    const element = root.createElement(type);
    element.setAttribute('data-probe', '');
    root.body.append(element);
  }
}

/** Each probed element's computed style: every property the declaration holds, with its value. */
function stylesOf(root: Document): string[][] {
  return [root.documentElement, root.head, root.body, ...Array.from(root.querySelectorAll('[data-probe]'))].map((element) => {
    const style = window.getComputedStyle(element);
    return [element.localName, ...Array.from(style, (property) => `${property}: ${style.getPropertyValue(property)}`)];
  });
}

describe('the user-agent rules answered by element type', () => {
  it('give every element type the style jsdom computes without them', () => {
    fill(document);
    const unfiltered = document.implementation.createHTMLDocument('');
    fill(unfiltered);

    const styles = stylesOf(document);
    expect(styles).toEqual(stylesOf(unfiltered));
    // The rules apply in both: a heading is a block, a hidden element is not shown.
    expect(styles.find(([type]) => type === 'h1')).toContain('display: block');
    expect(window.getComputedStyle(document.querySelector('div[hidden]')!).display).toBe('none');
  });
});
