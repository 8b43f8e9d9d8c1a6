/**
 * Output identity of the content engine: every page of ../shared/corpus (WCXB, Fundus,
 * Readability's test pages, corpus/pages) through `processHtml` in article, raw and llm mode, each
 * output written to a folder, then compared byte for byte with a folder saved before a change.
 * For refactorings that must not change what the engine produces.
 *
 * Usage: npx tsx bench/output-identity.ts --save DIR     (before the change: write the baseline)
 *        npx tsx bench/output-identity.ts --compare DIR  (after it: write to a temp folder and compare)
 *        [--corpus wcxb,fundus,readability,pages] [--every K] [--out DIR]
 *
 * One process, no JSDOM: about a minute per mode over the 1,840 pages on an idle machine. Exits 1
 * when any page differs or is missing on one side.
 */

import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type ContentOptions, decodeHtml, processHtml } from '../packages/content/src/index';

const CORPUS = '/work/shared/corpus';
const CORPORA = ['wcxb', 'fundus', 'readability', 'pages'] as const;
type Corpus = (typeof CORPORA)[number];
/** Readability's test suite runs every page at this URL; corpus/pages has none of its own. */
const READABILITY_URL = 'http://fakehost/test/page.html';
const PAGES_URL = 'https://example.com/page.html';
/** How many differing page names to print. */
const SHOWN = 10;

interface Page {
  /** `<corpus>/<folder or file stem>`: the page's folder in the output. */
  name: string;
  url: string;
  load: () => string;
}

interface Args {
  save: string | null;
  compare: string | null;
  out: string | null;
  corpora: Corpus[];
  every: number;
}

function parseArgs(argv: string[]): Args {
  const val = (name: string): string | null => {
    const i = argv.indexOf(name);
    return i >= 0 ? (argv[i + 1] ?? null) : null;
  };
  const corpora = (val('--corpus')?.split(',') ?? [...CORPORA]) as Corpus[];
  const unknown = corpora.filter((c) => !CORPORA.includes(c));
  if (unknown.length) throw new Error(`unknown corpus: ${unknown.join(', ')}`);
  return {
    save: val('--save'),
    compare: val('--compare'),
    out: val('--out'),
    corpora,
    every: Number(val('--every') ?? 1),
  };
}

/** URLs of WCXB and Fundus pages, from their manifests (relative links resolve as on the site). */
function manifestUrls(corpus: string): Map<string, string> {
  const urls = new Map<string, string>();
  for (const line of readFileSync(join(CORPUS, corpus, 'manifest.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const entry = JSON.parse(line) as { folder: string; url: string };
    urls.set(entry.folder, entry.url);
  }
  return urls;
}

function pagesOf(corpus: Corpus): Page[] {
  const dir = join(CORPUS, corpus);
  if (corpus === 'pages') {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.html'))
      .sort()
      .map((f) => ({
        name: `pages/${f.slice(0, -'.html'.length)}`,
        url: PAGES_URL,
        load: () => decodeHtml(readFileSync(join(dir, f))).html,
      }));
  }
  if (corpus === 'readability') {
    return readdirSync(dir)
      .filter((f) => existsSync(join(dir, f, 'source.html')))
      .sort()
      .map((f) => ({
        name: `readability/${f}`,
        url: READABILITY_URL,
        load: () => decodeHtml(readFileSync(join(dir, f, 'source.html'))).html,
      }));
  }
  // WCXB and Fundus store UTF-8 whatever the page declares (their READMEs).
  const urls = manifestUrls(corpus);
  return [...urls.keys()].sort().map((folder) => ({
    name: `${corpus}/${folder}`,
    url: urls.get(folder) as string,
    load: () => gunzipSync(readFileSync(join(dir, folder, 'source.html.gz'))).toString('utf8'),
  }));
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * What one page produces: the markdown of each mode, and in raw mode every other output too (the
 * cleaned html as its digest: it is the whole page again).
 */
function outputsOf(html: string, url: string): Record<string, string> {
  const markdownOf = (mode: ContentOptions['mode']): string =>
    processHtml(html, { url, outputs: ['markdown'], mode }).markdown ?? '';
  const { html: cleaned, ...raw } = processHtml(html, {
    url,
    mode: 'raw',
    outputs: ['html', 'markdown', 'links', 'images', 'metadata'],
    includeMedia: true,
    includeWarnings: true,
    includeStats: true,
  });
  return {
    'article.md': markdownOf('article'),
    'raw.md': raw.markdown ?? '',
    'llm.md': markdownOf('llm'),
    'raw.json': `${JSON.stringify({ ...raw, markdown: undefined, htmlSha256: sha256(cleaned ?? '') }, null, 1)}\n`,
  };
}

function writeOutputs(pages: Page[], out: string): void {
  let done = 0;
  const started = Date.now();
  for (const page of pages) {
    const dir = join(out, page.name);
    mkdirSync(dir, { recursive: true });
    let outputs: Record<string, string>;
    try {
      outputs = outputsOf(page.load(), page.url);
    } catch (error) {
      // A throw is an output too: it must stay the same throw.
      outputs = { 'error.txt': `${(error as Error).message}\n` };
    }
    for (const [file, text] of Object.entries(outputs)) writeFileSync(join(dir, file), text);
    if (++done % 200 === 0)
      console.error(`${done}/${pages.length} pages, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

/** Names of the pages whose files differ between the two folders (a file missing on one side counts). */
function differingPages(pages: Page[], baseline: string, current: string): string[] {
  const differing: string[] = [];
  for (const page of pages) {
    const a = join(baseline, page.name);
    const b = join(current, page.name);
    const files = new Set([
      ...(existsSync(a) ? readdirSync(a) : []),
      ...(existsSync(b) ? readdirSync(b) : []),
    ]);
    const same =
      existsSync(a) &&
      [...files].every(
        (f) =>
          existsSync(join(a, f)) &&
          existsSync(join(b, f)) &&
          readFileSync(join(a, f)).equals(readFileSync(join(b, f))),
      );
    if (!same) differing.push(page.name);
  }
  return differing;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (!args.save === !args.compare) {
    console.error('give exactly one of --save DIR or --compare DIR');
    process.exit(2);
  }
  const pages = args.corpora.flatMap(pagesOf).filter((_, i) => i % args.every === 0);
  if (args.save) {
    rmSync(args.save, { recursive: true, force: true });
    writeOutputs(pages, args.save);
    console.log(`saved ${pages.length} pages to ${args.save}`);
    return;
  }
  const baseline = args.compare as string;
  const out = args.out ?? mkdtempSync(join(tmpdir(), 'output-identity-'));
  rmSync(out, { recursive: true, force: true });
  writeOutputs(pages, out);
  const differing = differingPages(pages, baseline, out);
  console.log(
    `${pages.length - differing.length} identical, ${differing.length} different (of ${pages.length} pages)`,
  );
  for (const name of differing.slice(0, SHOWN))
    console.log(`  differs: ${name}  (diff -r ${join(baseline, name)} ${join(out, name)})`);
  if (differing.length) process.exit(1);
  if (!args.out) rmSync(out, { recursive: true, force: true });
}

main();
