/**
 * The backend tests' environment: Node, with output held back unless a test fails (quiet-output.js),
 * each file's async-local storages released when it ends (released-async-storage.js) and its `exit`
 * listeners run then (file-exit.js).
 */
const { TestEnvironment } = require('jest-environment-node');
const { withFileExit } = require('./file-exit');
const { withQuietOutput } = require('./quiet-output');
const { withReleasedAsyncStorage } = require('./released-async-storage');

module.exports = withFileExit(withReleasedAsyncStorage(withQuietOutput(TestEnvironment)));
