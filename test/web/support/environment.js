/**
 * jsdom, plus what jsdom lacks and the app's libraries use: TextEncoder/TextDecoder, the fetch
 * API (react-router's data router builds `Request`s), matchMedia (react-hot-toast),
 * structuredClone and a silent scrollTo. The fetch classes and AbortController come from Node
 * together, because Node's `Request` only accepts Node's own `AbortSignal`. Its user-agent style
 * rules are answered by element type first (style-rule-prefilter.js), which computes the same styles.
 */
const { TestEnvironment } = require('jest-environment-jsdom');
const { TextEncoder, TextDecoder } = require('node:util');
const { withFileExit } = require('../../support/file-exit');
const { withQuietOutput } = require('../../support/quiet-output');
const { withReleasedAsyncStorage } = require('../../support/released-async-storage');
const { prefilterStyleRules } = require('./style-rule-prefilter');

class WebTestEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    prefilterStyleRules(g.document);
    g.TextEncoder = TextEncoder;
    g.TextDecoder = TextDecoder;
    g.fetch = fetch;
    g.Request = Request;
    g.Response = Response;
    g.Headers = Headers;
    g.AbortController = AbortController;
    g.AbortSignal = AbortSignal;
    g.structuredClone = structuredClone;
    // jsdom implements no layout or scrolling; react-router's ScrollRestoration scrolls on navigation.
    g.scrollTo = () => undefined;
    g.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
}

// Output held back unless a test fails, and each file's async-local storages released and its `exit`
// listeners run when it ends, as in the backend tests (test/support/quiet-output.js,
// released-async-storage.js, file-exit.js): a worker runs web and backend files alike.
module.exports = withFileExit(withReleasedAsyncStorage(withQuietOutput(WebTestEnvironment)));
