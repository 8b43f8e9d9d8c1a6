/**
 * webcapture-extract: the schema extractor of POST /v1/schema on saved HTML files, same code, no
 * service. One JSON line per file: {file, data, fields} or {file, error, missing}. Runs as the
 * bundle `dist/cli.cjs` (scripts/build-cli.mjs), never as TypeScript.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { decodeHtml } from '@webcapture/content';
import {
  type CompiledSchema,
  compileSchema,
  ExtractionFailedError,
  extract,
  InvalidSchemaError,
} from './index';

const USAGE = `Usage: webcapture-extract --schema SCHEMA.json [--url BASE_URL] FILE...

Fills the JSON Schema (draft 2020-12, root an object) from each HTML file (.html or .html.gz) and
prints one JSON object per file per line:
  {"file", "data", "fields", "unsupported_keywords"}   data validates against the schema
  {"file", "error", "missing"}                          required properties without a valid value

  --schema FILE     the JSON Schema
  --url BASE_URL    URL the pages were fetched from, for relative links (default: each file's file:// URL)
  -h, --help
Exit status: 0 when every file was extracted, 1 when one failed, 2 for a bad schema or usage.
`;

function fail(message: string): never {
  process.stderr.write(`webcapture-extract: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function readPage(file: string): Uint8Array {
  const bytes = readFileSync(file);
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
}

function loadSchema(file: string): CompiledSchema {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    fail(`cannot read the schema ${file}: ${(error as Error).message}`);
  }
  try {
    return compileSchema(parsed);
  } catch (error) {
    if (!(error instanceof InvalidSchemaError)) throw error;
    process.stderr.write(
      `webcapture-extract: ${error.message}\n${error.errors.map((e) => `  ${e}\n`).join('')}`,
    );
    process.exit(2);
  }
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      schema: { type: 'string' },
      url: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (!values.schema) fail('--schema is required');
  if (positionals.length === 0) fail('no input files');
  const schema = loadSchema(values.schema);
  let failures = 0;
  for (const file of positionals) {
    let line: Record<string, unknown>;
    try {
      const html = decodeHtml(readPage(file)).html;
      const url = values.url ?? pathToFileURL(resolve(file)).href;
      const result = extract({ html, url, schema });
      line = {
        file,
        data: result.data,
        fields: result.fields,
        unsupported_keywords: result.unsupported_keywords,
      };
    } catch (error) {
      failures++;
      line =
        error instanceof ExtractionFailedError
          ? { file, error: error.message, missing: error.missing }
          : { file, error: (error as Error).message, missing: [] };
    }
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
  process.exitCode = failures ? 1 : 0;
}

main();
