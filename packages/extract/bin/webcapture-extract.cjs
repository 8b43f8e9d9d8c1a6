#!/usr/bin/env node
// Runs the bundled CLI (dist/cli.cjs, built by `npm install` and `npm test`). CommonJS on purpose:
// no TypeScript at start, and no ESM loader scanning the bundle for exports.
try {
  require.resolve('../dist/cli.cjs');
} catch {
  process.stderr.write('webcapture-extract: not built yet; run `npm run build`\n');
  process.exit(2);
}
require('../dist/cli.cjs');
