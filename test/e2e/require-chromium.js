// Fails the browser tests early, with the fix, when Debian's chromium headless shell is not installed.
const fs = require('node:fs');

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';
if (!fs.existsSync(chromiumPath)) {
  console.error(
    [
      `Chromium was not found at ${chromiumPath}; the browser tests need it.`,
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium-headless-shell',
      'or point CHROMIUM_PATH at an existing Chromium binary.',
      '(Do not run "npx playwright install": it downloads a browser, which this machine cannot.)',
    ].join('\n'),
  );
  process.exit(1);
}
