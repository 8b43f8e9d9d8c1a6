#!/usr/bin/env node
// Runs the bundled CLI (dist/cli.cjs, built by `npm install` and `npm test`). CommonJS on purpose:
// no TypeScript at start, and no ESM loader scanning the bundle for exports.
const { readFileSync, renameSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { Script } = require('node:vm');
const { isMainThread } = require('node:worker_threads');

/*
 * A CLI run lasts seconds, and V8's optimizing compiler (on background threads) took a third of its
 * CPU time, much of it compiling inlined callees again into each caller. Without inlining, 174
 * pages cost 11% less CPU in raw mode, 16% in article, 10% in llm; 704 pages cost the same
 * (bench/content-cli.ts). Set before the bundle is compiled: V8 accepts a code cache only under
 * the flags it was made with. V8 flags are process-wide, so the worker threads run without it too.
 */
setFlagsFromString('--no-turbo-inlining');

const bundle = join(__dirname, '..', 'dist', 'cli.cjs');
let source;
try {
  source = readFileSync(bundle, 'utf8');
} catch {
  process.stderr.write('webcapture-content: not built yet; run `npm run build -w @webcapture/content`\n');
  process.exit(2);
}

/*
 * V8's code cache of the bundle (what Node 22's module.enableCompileCache keeps): the bytecode of
 * its functions, which every run compiled again (30 ms of a 1 s raw run over 176 pages). Made at
 * exit by a run that found none, or one older than the bundle, or one V8 rejected (another Node
 * version); scripts/build-cli.mjs makes it with a run over one page after each build.
 */
const cacheFile = `${bundle}.cache`;
let cachedData;
try {
  if (statSync(cacheFile).mtimeMs >= statSync(bundle).mtimeMs) cachedData = readFileSync(cacheFile);
} catch {}
// Wrapped on the bundle's first line, as Node wraps a module, so stack traces keep its line numbers.
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: bundle,
  cachedData,
});
if (isMainThread && (cachedData === undefined || script.cachedDataRejected)) {
  process.once('exit', () => {
    // Renamed into place whole: another run may be reading it.
    const partial = `${cacheFile}.${process.pid}`;
    try {
      writeFileSync(partial, script.createCachedData());
      renameSync(partial, cacheFile);
    } catch {}
  });
}
const mod = { exports: {} };
script.runInThisContext()(mod.exports, createRequire(bundle), mod, bundle, dirname(bundle));
