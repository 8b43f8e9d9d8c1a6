/**
 * `npm run openapi` writes docs/openapi.json from the handlers' own schemas;
 * `npm run openapi -- --check` fails when the committed file is out of date (CI runs it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registeredRouteSpecs } from '../src/api';
import { buildOpenApi } from '../src/openapi';
import { ROUTES } from '../src/routes';

const root = resolve(import.meta.dirname, '../../..');
const target = resolve(root, 'docs/openapi.json');

// Importing a handler registers its schemas; the manifest names every handler file.
for (const file of new Set(ROUTES.map((route) => route.handler))) {
  await import(pathToFileURL(resolve(root, file)).href);
}
const document = `${JSON.stringify(buildOpenApi(registeredRouteSpecs()), null, 2)}\n`;

if (process.argv.includes('--check')) {
  const committed = readFileSync(target, 'utf8');
  if (committed !== document) {
    console.error('docs/openapi.json is out of date: run `npm run openapi` and commit it.');
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date.');
} else {
  writeFileSync(target, document);
  console.log(`wrote ${target}`);
}
