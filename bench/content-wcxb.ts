/**
 * Main-content extraction on every kind of page: WCXB's dev split (../shared/corpus/wcxb, 1,435
 * pages of seven types) scored with WCXB's metric, and the Fundus news corpus (24 languages)
 * scored with 4-gram shingle F1 as in content-quality.ts — @webcapture/content (article mode)
 * against @mozilla/readability run on the same pages, with WCXB's published peer figures beside.
 *
 * Usage: npx tsx bench/content-wcxb.ts [--corpus wcxb|fundus|both] [--types forum,product]
 *   [--limit N] [--every K] [--jobs N] [--mode article|raw|llm] [--no-readability] [--readability-cached] [--no-timing] [--worst N] [--verbose]
 *
 * --every K scores every K-th page (a quick, type-balanced subset); --jobs N scores the pages in N
 * child processes at a time (each at most 100 pages: JSDOM's memory grows page after page).
 * Readability's output does not change between runs, so its text is cached in
 * node_modules/.cache/content-wcxb (delete it after upgrading @mozilla/readability);
 * --readability-cached scores Readability only on the pages already cached (a quick run on a busy
 * machine) and says on how many.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { type Mode, processHtml } from '../packages/content/src/index';
import { htmlToText } from './lib/html-text';
import { markdownToScoringText, scorePage } from './lib/shingle-score';

const WCXB = '/work/shared/corpus/wcxb';
const FUNDUS = '/work/shared/corpus/fundus';
const CACHE = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules/.cache/content-wcxb');

/** WCXB's published word F1 on its dev split, in thousandths (README of the corpus; issue 13). */
const PEERS: Record<string, { rs: number; traf: number; rd: number }> = {
  all: { rs: 859, traf: 791, rd: 675 },
  article: { rs: 932, traf: 926, rd: 825 },
  documentation: { rs: 932, traf: 888, rd: 736 },
  service: { rs: 844, traf: 763, rd: 604 },
  listing: { rs: 707, traf: 589, rd: 496 },
  collection: { rs: 716, traf: 553, rd: 445 },
  product: { rs: 641, traf: 567, rd: 407 },
  forum: { rs: 808, traf: 585, rd: 466 },
};
const TYPE_ORDER = ['article', 'documentation', 'service', 'listing', 'collection', 'product', 'forum'];

interface Args {
  corpus: 'wcxb' | 'fundus' | 'both';
  types: string[] | null;
  limit: number;
  every: number;
  jobs: number;
  readability: boolean;
  readabilityCachedOnly: boolean;
  timing: boolean;
  worst: number;
  verbose: boolean;
  child: boolean;
  mode: Mode;
}

function parseArgs(argv: string[]): Args {
  const val = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    corpus: (val('--corpus') as Args['corpus']) ?? 'both',
    types: val('--types')?.split(',') ?? null,
    limit: Number(val('--limit') ?? Number.POSITIVE_INFINITY),
    every: Number(val('--every') ?? 1),
    jobs: Number(val('--jobs') ?? 1),
    readability: !argv.includes('--no-readability'),
    readabilityCachedOnly: argv.includes('--readability-cached'),
    timing: !argv.includes('--no-timing'),
    worst: Number(val('--worst') ?? 0),
    verbose: argv.includes('--verbose'),
    child: argv.includes('--child'),
    mode: (val('--mode') as Mode | undefined) ?? 'article',
  };
}

interface Page {
  corpus: 'wcxb' | 'fundus';
  folder: string;
  /** WCXB page type or Fundus language. */
  group: string;
  url: string;
  withSnippets: string[];
  withoutSnippets: string[];
  author: string | null;
  date: string | null;
  title: string | null;
}

interface PageResult {
  corpus: 'wcxb' | 'fundus';
  folder: string;
  group: string;
  ours: { p: number; r: number; f1: number };
  rd: { p: number; r: number; f1: number } | null;
  withHit: number;
  withTotal: number;
  withoutHit: number;
  withoutTotal: number;
  rdWithHit: number;
  rdWithoutHit: number;
  articleMs: number;
  rawMs: number;
  /** Metadata agreement against the manifest; null where the manifest has no value. */
  title: boolean | null;
  byline: boolean | null;
  date: boolean | null;
}

function readJsonl<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

function selectPages(args: Args): Page[] {
  const pages: Page[] = [];
  if (args.corpus !== 'fundus') {
    const rows = readJsonl<{
      folder: string;
      page_type: string;
      url: string;
      title: string | null;
      author: string | null;
      publish_date: string | null;
      with_snippets: string[] | null;
      without_snippets: string[] | null;
    }>(join(WCXB, 'manifest.jsonl'));
    const byType = new Map<string, number>();
    for (const r of rows) {
      if (args.types && !args.types.includes(r.page_type)) continue;
      const n = byType.get(r.page_type) ?? 0;
      byType.set(r.page_type, n + 1);
      if (n % args.every !== 0 || n / args.every >= args.limit) continue;
      pages.push({
        corpus: 'wcxb',
        folder: r.folder,
        group: r.page_type,
        url: r.url,
        withSnippets: r.with_snippets ?? [],
        withoutSnippets: r.without_snippets ?? [],
        author: r.author || null,
        date: r.publish_date || null,
        title: r.title || null,
      });
    }
  }
  if (args.corpus !== 'wcxb' && !args.types) {
    const rows = readJsonl<{ folder: string; language: string; url: string }>(join(FUNDUS, 'manifest.jsonl'));
    rows.forEach((r, i) => {
      if (i % args.every !== 0 || i / args.every >= args.limit) return;
      pages.push({
        corpus: 'fundus',
        folder: r.folder,
        group: r.language,
        url: r.url,
        withSnippets: [],
        withoutSnippets: [],
        author: null,
        date: null,
        title: null,
      });
    });
  }
  return pages;
}

/** WCXB's tokens: lowercase `\w+` (Unicode, as Python's `re`). */
const WORD = /[\p{L}\p{N}\p{M}_]+/gu;
const words = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/** Word-level precision/recall/F1 over token multisets (WCXB's metric for one page). */
function wordF1(expected: string, predicted: string): { p: number; r: number; f1: number } {
  const e = new Map<string, number>();
  for (const w of words(expected)) e.set(w, (e.get(w) ?? 0) + 1);
  const predictedWords = words(predicted);
  const expectedCount = [...e.values()].reduce((s, n) => s + n, 0);
  if (!expectedCount && !predictedWords.length) return { p: 1, r: 1, f1: 1 };
  let tp = 0;
  for (const w of predictedWords) {
    const n = e.get(w) ?? 0;
    if (n > 0) {
      tp++;
      e.set(w, n - 1);
    }
  }
  if (!tp) return { p: 0, r: 0, f1: 0 };
  const p = tp / predictedWords.length;
  const r = tp / expectedCount;
  return { p, r, f1: (2 * p * r) / (p + r) };
}

function shingleF1(expected: string, predicted: string): { p: number; r: number; f1: number } {
  const s = scorePage(expected, predicted);
  const f1 = s.precision + s.recall ? (2 * s.precision * s.recall) / (s.precision + s.recall) : 0;
  return { p: s.precision, r: s.recall, f1 };
}

/** Snippets found in the text, both compared as word sequences. */
function countSnippets(text: string, snippets: string[]): number {
  const hay = ` ${words(text).join(' ')} `;
  return snippets.filter((s) => {
    const needle = words(s).join(' ');
    return needle !== '' && hay.includes(` ${needle} `);
  }).length;
}

const normName = (s: string | null | undefined): string =>
  (s ?? '')
    .toLowerCase()
    .replace(/^\s*(?:by|par|von|por|door)\s+/i, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A byline agrees when one normalised name contains the other ("Jane Roe" in "Jane Roe, Staff"). */
function bylineAgrees(expected: string, actual: string | null): boolean {
  const e = normName(expected);
  const a = normName(actual);
  return e !== '' && a !== '' && (a.includes(e) || e.includes(a));
}

const dayOf = (s: string | null): string => (s ?? '').slice(0, 10);

const virtualConsole = new VirtualConsole();

function readabilityText(page: Page, html: string, cachedOnly: boolean): string | null {
  const path = join(CACHE, page.corpus, `${page.folder}.txt`);
  if (existsSync(path)) return readFileSync(path, 'utf8');
  if (cachedOnly) return null;
  let text = '';
  try {
    const dom = new JSDOM(html, { url: page.url, virtualConsole });
    const article = new Readability(dom.window.document).parse();
    text = htmlToText(article?.content ?? '');
    dom.window.close();
  } catch {
    text = '';
  }
  mkdirSync(join(CACHE, page.corpus), { recursive: true });
  writeFileSync(path, text);
  return text;
}

function scoreOne(page: Page, args: Args): PageResult {
  const dir = join(page.corpus === 'wcxb' ? WCXB : FUNDUS, page.folder);
  const html = gunzipSync(readFileSync(join(dir, 'source.html.gz'))).toString('utf8');
  const expected = readFileSync(join(dir, 'expected.txt'), 'utf8');
  const score = page.corpus === 'wcxb' ? wordF1 : shingleF1;

  const t0 = performance.now();
  const result = processHtml(html, { url: page.url, outputs: ['markdown', 'metadata'], mode: args.mode });
  const articleMs = performance.now() - t0;
  let rawMs = 0;
  if (args.timing) {
    const t1 = performance.now();
    processHtml(html, { url: page.url, outputs: ['markdown', 'metadata'], mode: 'raw' });
    rawMs = performance.now() - t1;
  }
  const ourText = markdownToScoringText(result.markdown ?? '');
  const rdText = args.readability ? readabilityText(page, html, args.readabilityCachedOnly) : null;
  const m = result.metadata;
  return {
    corpus: page.corpus,
    folder: page.folder,
    group: page.group,
    ours: score(expected, ourText),
    rd: rdText === null ? null : score(expected, rdText),
    withHit: countSnippets(ourText, page.withSnippets),
    withTotal: page.withSnippets.length,
    withoutHit: countSnippets(ourText, page.withoutSnippets),
    withoutTotal: page.withoutSnippets.length,
    rdWithHit: rdText === null ? 0 : countSnippets(rdText, page.withSnippets),
    rdWithoutHit: rdText === null ? 0 : countSnippets(rdText, page.withoutSnippets),
    articleMs,
    rawMs,
    // The manifest's title is the headline; metadata.title is the document's <title>, which
    // usually adds the site name: agreement is the headline's words appearing in it.
    title: page.title ? countSnippets(m.title ?? '', [page.title]) === 1 : null,
    byline: page.author ? bylineAgrees(page.author, m.byline) : null,
    date: page.date ? dayOf(page.date) === dayOf(m.publishedAt) : null,
  };
}

function runShard(pages: Page[], args: Args): Promise<PageResult[]> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [...process.argv.slice(2), '--child'], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve(m as PageResult[]));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code) reject(new Error(`shard exited with ${code}`));
    });
    child.send({ pages, args });
  });
}

/**
 * Pages one child process scores at most. JSDOM (Readability's side) keeps memory from page to
 * page: a child given half of both corpora uncached ran out of its 4 GB heap after ~800 pages.
 */
const MAX_CHILD_PAGES = 100;

/** Scores `pages` in child processes of at most MAX_CHILD_PAGES pages each, `--jobs` at a time. */
async function scoreInChildren(pages: Page[], args: Args): Promise<PageResult[]> {
  const chunks: Page[][] = [];
  for (let i = 0; i < pages.length; i += MAX_CHILD_PAGES) chunks.push(pages.slice(i, i + MAX_CHILD_PAGES));
  const parts: PageResult[][] = [];
  let next = 0;
  const drain = async (): Promise<void> => {
    while (next < chunks.length) {
      const i = next++;
      parts[i] = await runShard(chunks[i] as Page[], args);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, args.jobs) }, drain));
  return parts.flat();
}

const mean = (xs: number[]): number => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const f3 = (x: number): string => x.toFixed(3);
const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');

/**
 * Readability's mean F1 over the pages it was scored on; with --readability-cached that may be a
 * subset, so the cell then says how many pages and what ours scores on those same pages.
 */
function readabilityCell(rs: PageResult[], snippets = true): string {
  const scored = rs.filter((r) => r.rd !== null);
  let cell = f3(mean(scored.map((r) => r.rd?.f1 ?? 0)));
  if (scored.length < rs.length)
    cell += ` (${scored.length} pages; ours on them ${f3(mean(scored.map((r) => r.ours.f1)))})`;
  if (snippets) {
    const withT = scored.reduce((s, r) => s + r.withTotal, 0);
    const withoutT = scored.reduce((s, r) => s + r.withoutTotal, 0);
    cell += ` snippets ${pct(
      scored.reduce((s, r) => s + r.rdWithHit, 0),
      withT,
    )} / ${pct(
      scored.reduce((s, r) => s + r.rdWithoutHit, 0),
      withoutT,
    )}`;
  }
  return cell;
}

/**
 * Each quality goal met or not, on the unrounded means (a table cell of 0.950 may be 0.9496), for
 * the page types and corpora this run scored.
 */
function goalVerdicts(wcxb: PageResult[], fundus: PageResult[]): string[] {
  const verdict = (name: string, rs: PageResult[], goal: number): string => {
    const score = mean(rs.map((r) => r.ours.f1));
    return `  ${name}: ${score.toFixed(4)} ≥ ${goal} ${score >= goal ? 'met' : 'NOT met'}`;
  };
  const lines: string[] = [];
  if (wcxb.length) {
    lines.push(verdict(`WCXB all (${wcxb.length} pages)`, wcxb, 0.88));
    for (const type of TYPE_ORDER) {
      const rs = wcxb.filter((r) => r.group === type);
      if (rs.length) lines.push(verdict(`WCXB ${type}`, rs, type === 'article' ? 0.95 : 0.75));
    }
  }
  if (fundus.length) lines.push(verdict(`Fundus (${fundus.length} pages)`, fundus, 0.95));
  return lines;
}

function report(results: PageResult[], args: Args): void {
  const wcxb = results.filter((r) => r.corpus === 'wcxb');
  if (wcxb.length) {
    console.log(`\n## WCXB dev — word F1 per page, averaged (${wcxb.length} pages)\n`);
    console.log(
      '| page type | pages | ours | P | R | Readability (this run) | rs-trafilatura* | Trafilatura* | Readability* | with-snippets found | without-snippets leaked | goal |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    const groups = ['all', ...TYPE_ORDER.filter((t) => wcxb.some((r) => r.group === t))];
    for (const g of groups) {
      const rs = g === 'all' ? wcxb : wcxb.filter((r) => r.group === g);
      const peer = PEERS[g];
      const goal = g === 'all' ? '≥ 0.88' : g === 'article' ? '≥ 0.95' : '≥ 0.75';
      const withT = rs.reduce((s, r) => s + r.withTotal, 0);
      const withoutT = rs.reduce((s, r) => s + r.withoutTotal, 0);
      const rdCell = args.readability ? readabilityCell(rs) : '–';
      console.log(
        `| ${g} | ${rs.length} | **${f3(mean(rs.map((r) => r.ours.f1)))}** | ${f3(mean(rs.map((r) => r.ours.p)))} | ${f3(
          mean(rs.map((r) => r.ours.r)),
        )} | ${rdCell} | ${peer ? f3(peer.rs / 1000) : '–'} | ${peer ? f3(peer.traf / 1000) : '–'} | ${peer ? f3(peer.rd / 1000) : '–'} | ${pct(
          rs.reduce((s, r) => s + r.withHit, 0),
          withT,
        )} | ${pct(
          rs.reduce((s, r) => s + r.withoutHit, 0),
          withoutT,
        )} | ${goal} |`,
      );
    }
    console.log(
      '\n\\* WCXB\'s published figures on the same dev split (full set; this corpus drops 62 of its pages). "with-snippets found": share of the phrases a correct extraction must contain that ours contains (higher is better); "without-snippets leaked": share of boilerplate phrases ours contains (lower is better). Readability (this run): @mozilla/readability on the same pages, its content HTML as text.',
    );
    console.log(`\n### Metadata agreement with the WCXB manifest\n`);
    console.log('| field | pages with a value | agree |');
    console.log('|---|---|---|');
    for (const f of ['title', 'byline', 'date'] as const) {
      const rs = wcxb.filter((r) => r[f] !== null);
      console.log(
        `| ${f === 'date' ? 'publishedAt (same day)' : f === 'title' ? 'title (contains the headline)' : 'byline (names overlap)'} | ${rs.length} | ${pct(rs.filter((r) => r[f]).length, rs.length)} |`,
      );
    }
    if (args.timing) {
      const a = wcxb.reduce((s, r) => s + r.articleMs, 0);
      const raw = wcxb.reduce((s, r) => s + r.rawMs, 0);
      console.log(
        `\nTime, processHtml markdown+metadata over these pages: article ${(a / 1000).toFixed(1)} s, raw ${(raw / 1000).toFixed(1)} s, article/raw ${(a / raw).toFixed(2)} (goal ≤ 1.5)`,
      );
    }
  }
  const fundus = results.filter((r) => r.corpus === 'fundus');
  if (fundus.length) {
    console.log(`\n## Fundus — 4-gram shingle F1 per page, averaged (${fundus.length} pages)\n`);
    console.log('| language | pages | ours | Readability (this run) |');
    console.log('|---|---|---|---|');
    const langs = [...new Set(fundus.map((r) => r.group))].sort();
    for (const g of ['all', ...langs]) {
      const rs = g === 'all' ? fundus : fundus.filter((r) => r.group === g);
      const rd = args.readability ? readabilityCell(rs, false) : '–';
      const ours = f3(mean(rs.map((r) => r.ours.f1)));
      console.log(`| ${g} | ${rs.length} | ${g === 'all' ? `**${ours}**` : ours} | ${rd} |`);
    }
  }
  console.log(
    '\nGoals (issue 13): WCXB all ≥ 0.88, no page type < 0.75, article ≥ 0.95; Fundus ≥ 0.95; article mode ≤ 1.5× raw-mode time.',
  );
  for (const line of goalVerdicts(wcxb, fundus)) console.log(line);
  if (args.worst > 0) {
    console.log(`\nWorst ${args.worst} pages (ours):`);
    for (const r of [...results].sort((x, y) => x.ours.f1 - y.ours.f1).slice(0, args.worst)) {
      console.log(
        `  ${r.folder} ${r.group} F1 ${f3(r.ours.f1)} P ${f3(r.ours.p)} R ${f3(r.ours.r)}${r.rd ? ` rd ${f3(r.rd.f1)}` : ''}`,
      );
    }
  }
  if (args.verbose) {
    for (const r of results)
      console.log(
        `${r.folder}\t${r.group}\t${f3(r.ours.f1)}\t${f3(r.ours.p)}\t${f3(r.ours.r)}\t${r.rd ? f3(r.rd.f1) : ''}`,
      );
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.child) {
    process.once('message', (m) => {
      const { pages, args: a } = m as { pages: Page[]; args: Args };
      const out = pages.map((p) => scoreOne(p, a));
      process.send?.(out, () => process.exit(0));
    });
    return;
  }
  const pages = selectPages(args);
  const inProcess = args.jobs <= 1 && (!args.readability || pages.length <= MAX_CHILD_PAGES);
  report(inProcess ? pages.map((p) => scoreOne(p, args)) : await scoreInChildren(pages, args), args);
}

await main();
