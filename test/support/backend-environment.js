/** The backend tests' environment: Node, with output held back unless a test fails (quiet-output.js). */
const { TestEnvironment } = require('jest-environment-node');
const { withQuietOutput } = require('./quiet-output');

module.exports = withQuietOutput(TestEnvironment);
