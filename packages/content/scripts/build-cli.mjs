// Bundles the CLI to one CommonJS file so `webcapture-content` starts without compiling
// TypeScript (tsx cost ~0.5 s a run). Run by the root postinstall and before the tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

// The content bin keeps V8's code cache of the bundle, made at the end of a run that found it
// missing or stale: one run over a page now, so the first real run starts from compiled code.
// Best effort (no page, a failed run): the first real run makes it then.
const bin = join(root, 'bin/webcapture-content.cjs');
const page = join(root, 'test/fixtures/wcxb-0661.html');
if (existsSync(bin) && existsSync(page)) {
  spawnSync(process.execPath, [bin, '--mode', 'article', page], { stdio: 'ignore' });
}
