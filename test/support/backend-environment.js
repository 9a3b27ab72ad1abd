/**
 * The backend tests' environment: Node, with output held back unless a test fails (quiet-output.js)
 * and each file's async-local storages released when it ends (released-async-storage.js).
 */
const { TestEnvironment } = require('jest-environment-node');
const { withQuietOutput } = require('./quiet-output');
const { withReleasedAsyncStorage } = require('./released-async-storage');

module.exports = withReleasedAsyncStorage(withQuietOutput(TestEnvironment));
