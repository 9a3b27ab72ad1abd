/**
 * Runs the slowest test files first, so neither jest worker is left with a long file at the end.
 * Jest already does this from the timings of the previous run; on a clean clone (CI) it has none
 * and falls back to file size, which starts the tiny fuzz files (minutes each) last. Here a file
 * without a recorded time is estimated: one that starts the whole local runtime or synthesizes the
 * CDK app counts as slow whatever its size.
 */
const Sequencer = require('@jest/test-sequencer').default;
const fs = require('node:fs');

/** Imports that cost tens of seconds: the local runtime (whole or in part), the synthesized CDK app. */
const SLOW_WORK =
  /from '[^']*(security-runtime|authz-runtime|local\/runtime|local-runtime|local\/start|support\/build-app|synthesized-app)'/;

/** Seconds a slow file is assumed to take; others are guessed at one second per 2 kB of test. */
const SLOW_FILE_SECONDS = 60;

class SlowFirstSequencer extends Sequencer {
  time(test) {
    const recorded = super.time(test);
    if (recorded !== undefined) return recorded;
    let source = '';
    try {
      source = fs.readFileSync(test.path, 'utf8');
    } catch {
      return 0;
    }
    return SLOW_WORK.test(source) ? SLOW_FILE_SECONDS * 1000 : source.length / 2;
  }
}

module.exports = SlowFirstSequencer;
