/**
 * webcapture-content: convert saved HTML files from the command line.
 * The only file of the package that does I/O.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeHtml, processHtml } from './index';
import { markdownToText } from './plain-text';
import type { ContentOptions, LinkStyle, Mode } from './types';

const USAGE = `Usage: webcapture-content [options] FILE...

  --mode article|raw|llm        markdown mode (default article)
  --format markdown|html|text|json   output for each file (default markdown)
  --url BASE_URL                URL the page was fetched from (default: the file's file:// URL)
  --jsonl                       one JSON object per file per line:
                                {file, markdown, metadata, links, images, tables, warnings, stats}
  --query TEXT                  BM25 filter: keep blocks relevant to TEXT
  --links inline|references|none|text
  --images inline|references|none|text
  -h, --help
`;

const MODES = new Set(['article', 'raw', 'llm']);
const FORMATS = new Set(['markdown', 'html', 'text', 'json']);
const STYLES = new Set(['inline', 'references', 'none', 'text']);

function fail(message: string): never {
  process.stderr.write(`webcapture-content: ${message}\n\n${USAGE}`);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    mode: { type: 'string', default: 'article' },
    format: { type: 'string', default: 'markdown' },
    url: { type: 'string' },
    jsonl: { type: 'boolean', default: false },
    query: { type: 'string', default: '' },
    links: { type: 'string', default: 'inline' },
    images: { type: 'string', default: 'inline' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (!MODES.has(values.mode)) fail(`unknown --mode ${values.mode}`);
if (!FORMATS.has(values.format)) fail(`unknown --format ${values.format}`);
if (!STYLES.has(values.links)) fail(`unknown --links ${values.links}`);
if (!STYLES.has(values.images)) fail(`unknown --images ${values.images}`);
if (positionals.length === 0) fail('no input files');

let failures = 0;
const jsonItems: unknown[] = [];
const many = positionals.length > 1;

for (const file of positionals) {
  let html: string;
  try {
    html = decodeHtml(readFileSync(file)).html;
  } catch (err) {
    failures++;
    const message = err instanceof Error ? err.message : String(err);
    if (values.jsonl) process.stdout.write(`${JSON.stringify({ file, error: message })}\n`);
    else process.stderr.write(`webcapture-content: ${file}: ${message}\n`);
    continue;
  }
  const rich = values.jsonl || values.format === 'json';
  const options: ContentOptions = {
    url: values.url ?? pathToFileURL(resolve(file)).href,
    outputs: values.format === 'html' ? ['html'] : rich ? ['markdown', 'links', 'images'] : ['markdown'],
    mode: values.mode as Mode,
    query: values.query,
    links: (values.format === 'text' ? 'none' : values.links) as LinkStyle,
    images: (values.format === 'text' ? 'none' : values.images) as LinkStyle,
    includeMedia: rich,
    includeWarnings: rich,
    includeStats: rich,
  };
  const result = processHtml(html, options);
  if (values.jsonl) {
    const { markdown, metadata, links, images, tables, warnings, stats } = result;
    process.stdout.write(
      `${JSON.stringify({ file, markdown, metadata, links, images, tables, warnings, stats })}\n`,
    );
    continue;
  }
  if (values.format === 'json') {
    jsonItems.push({ file, ...result });
    continue;
  }
  const body =
    values.format === 'html'
      ? (result.html ?? '')
      : values.format === 'text'
        ? markdownToText(result.markdown ?? '')
        : (result.markdown ?? '');
  if (many) process.stdout.write(`==> ${file} <==\n`);
  process.stdout.write(`${body}\n${many ? '\n' : ''}`);
}

if (values.format === 'json' && !values.jsonl) {
  process.stdout.write(`${JSON.stringify(many ? jsonItems : jsonItems[0], null, 2)}\n`);
}
process.exitCode = failures ? 1 : 0;
