// Bundles the CLI to one CommonJS file so `webcapture-content` starts without compiling
// TypeScript (tsx cost ~0.5 s a run). Run by the root postinstall and before the tests.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// A package folder may be given (the extract CLI is built the same way): default, this package.
const root = process.argv[2] ? resolve(process.argv[2]) : join(dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: [join(root, 'src/cli.ts')],
  outfile: join(root, 'dist/cli.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
});
