// `npm run sdk:types -w @webcapture/sdk` writes generated/openapi.ts from docs/openapi.json, so the
// SDK's types are the API's own description and never a second hand-written copy.
// `npm run sdk:types -w @webcapture/sdk -- --check` fails when the committed file is out of date.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const sdkRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(sdkRoot, '../..');
const source = join(repoRoot, 'docs/openapi.json');
const target = join(sdkRoot, 'generated/openapi.ts');

const ast = await openapiTS(JSON.parse(readFileSync(source, 'utf8')), { alphabetize: false });
const banner =
  '// Generated from docs/openapi.json by `npm run sdk:types -w @webcapture/sdk`: do not edit.\n';
// Formatted the way the rest of the repo is, so `biome check` holds for the generated file too.
const formatted = execFileSync(
  join(repoRoot, 'node_modules/.bin/biome'),
  ['format', `--stdin-file-path=${target}`],
  { input: banner + astToString(ast), cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {}
  if (committed !== formatted) {
    console.error(
      'packages/sdk/generated/openapi.ts is out of date: run `npm run sdk:types -w @webcapture/sdk`.',
    );
    process.exit(1);
  }
  console.log('packages/sdk/generated/openapi.ts is up to date.');
} else {
  writeFileSync(target, formatted);
  console.log(`wrote ${target}`);
}
