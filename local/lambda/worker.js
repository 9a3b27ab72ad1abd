// One Lambda "container" of the local runtime: a worker thread with the function's own
// environment (process.env is the worker's copy) that loads the bundled handler once and runs
// one invocation at a time. Plain CommonJS: it runs without a TypeScript loader.
'use strict';

const fs = require('node:fs');
const Module = require('node:module');
const { parentPort, workerData } = require('node:worker_threads');

process.setSourceMapsEnabled(true);

// The runtime's dynalite over a MessagePort instead of a loopback socket (dynamodb-port-handler.js).
if (workerData.dynamodb) require('./dynamodb-port-handler.js').routeDynamoDbThroughPort(workerData.dynamodb, workerData.repoRoot);

function loadHandler() {
  const loaded = new Module(workerData.file);
  loaded.filename = workerData.file;
  // Externals such as @aws-sdk/* resolve from the repository's node_modules.
  loaded.paths = Module._nodeModulePaths(workerData.repoRoot);
  loaded._compile(fs.readFileSync(workerData.file, 'utf8'), workerData.file);
  if (typeof loaded.exports.handler !== 'function') {
    throw new Error('it does not export a function named "handler"');
  }
  return loaded.exports.handler;
}

function lambdaContext(data) {
  const notSupported = () => {
    throw new Error('context.done/succeed/fail are not supported locally; return a value or a promise.');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: data.functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: data.invokedFunctionArn,
    memoryLimitInMB: String(data.memoryLimitInMB),
    awsRequestId: data.awsRequestId,
    logGroupName: `/aws/lambda/${data.functionName}`,
    logStreamName: data.logStreamName,
    getRemainingTimeInMillis: () => Math.max(0, data.deadline - Date.now()),
    done: notSupported,
    fail: notSupported,
    succeed: notSupported,
  };
}

function serializeError(error) {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

function invoke(handler, event, context) {
  return new Promise((resolve, reject) => {
    let settled = false;
    const callback = (error, result) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(result);
    };
    try {
      const returned = handler(event, context, callback);
      if (returned && typeof returned.then === 'function')
        returned.then(
          (result) => callback(null, result),
          (error) => callback(error || new Error('Handler rejected')),
        );
      else if (handler.length < 3) callback(null, returned);
    } catch (error) {
      callback(error);
    }
  });
}

let handler;
try {
  handler = loadHandler();
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'load-error', error: serializeError(error) });
}

parentPort.on('message', (message) => {
  if (message.type !== 'invoke' || !handler) return;
  invoke(handler, message.event, lambdaContext(message.context)).then(
    (result) => parentPort.postMessage({ type: 'result', id: message.id, result }),
    (error) => parentPort.postMessage({ type: 'error', id: message.id, error: serializeError(error) }),
  );
});
