// The DynamoDB transport of a local Lambda container (worker.js): the handler's DynamoDB clients
// for the runtime's dynalite endpoint send their signed requests over a MessagePort to the
// runtime's thread, which hands them to dynalite's request listener
// (local/dynamodb/dynalite-in-process.ts `serveDynaliteOnPort`). The SDK still builds, signs and
// parses every request and dynalite still validates and stores; only the HTTP client, the
// loopback socket and dynalite's HTTP server go (about half of the handler's CPU per DynamoDB
// request). Plain CommonJS, as worker.js.
'use strict';

const Module = require('node:module');
const path = require('node:path');

/** The SDK's HTTP handler interface (@smithy/types HttpHandler) over `port`. */
function portRequestHandler(port) {
  let nextId = 0;
  const pending = new Map();
  port.on('message', (message) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    waiting.settle(message);
  });
  return {
    metadata: { handlerProtocol: 'http/1.1' },
    handle(request, { abortSignal } = {}) {
      return new Promise((resolve, reject) => {
        if (abortSignal && abortSignal.aborted) {
          reject(Object.assign(new Error('Request aborted'), { name: 'AbortError' }));
          return;
        }
        const id = (nextId += 1);
        const onAbort = () => {
          pending.delete(id);
          reject(Object.assign(new Error('Request aborted'), { name: 'AbortError' }));
        };
        if (abortSignal && typeof abortSignal.addEventListener === 'function')
          abortSignal.addEventListener('abort', onAbort, { once: true });
        pending.set(id, {
          settle(message) {
            if (abortSignal && typeof abortSignal.removeEventListener === 'function') abortSignal.removeEventListener('abort', onAbort);
            if (message.error !== undefined) reject(new Error(`dynalite failed: ${message.error}`));
            else {
              const { statusCode, headers, body } = message.answer;
              resolve({ response: { statusCode, headers, body: Buffer.from(body, 'utf8') } });
            }
          },
        });
        // The runtime's thread makes dynalite's request of it (dynalite-in-process.ts `dynaliteRequestOf`).
        const { method, path: requestPath, query, headers, body } = request;
        port.postMessage({ id, method, path: requestPath, query, headers, body });
      });
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
    destroy() {},
  };
}

/**
 * Makes every `DynamoDBClient` the handler creates for `endpoint` (its DYNAMODB_ENDPOINT) without
 * a request handler of its own use the port: the handler's bundle loads `@aws-sdk/client-dynamodb`
 * from the repository's node_modules (external), the same module this patches before the handler
 * loads. Clients for any other endpoint, or with their own handler, are untouched.
 */
function routeDynamoDbThroughPort({ port, endpoint }, repoRoot) {
  const sdk = Module.createRequire(path.join(repoRoot, 'package.json'))('@aws-sdk/client-dynamodb');
  const requestHandler = portRequestHandler(port);
  const Base = sdk.DynamoDBClient;
  sdk.DynamoDBClient = class DynamoDBClient extends Base {
    constructor(configuration) {
      const own = configuration || {};
      super(own.endpoint === endpoint && !own.requestHandler ? { ...own, requestHandler } : configuration);
    }
  };
}

module.exports = { routeDynamoDbThroughPort };
