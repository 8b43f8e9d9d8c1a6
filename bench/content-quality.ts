/**
 * Article-mode and metadata quality on the Readability test corpus, against @mozilla/readability
 * run on the same pages. Usage: npx tsx bench/content-quality.ts [--verbose]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { processHtml } from '../packages/content/src/index';
import { htmlToText } from './lib/html-text';
import { markdownToScoringText, type PageScore, scorePage, summarize } from './lib/shingle-score';

const CORPUS = '/work/shared/corpus/readability';
const PAGE_URL = 'http://fakehost/test/page.html';
const verbose = process.argv.includes('--verbose');

interface ExpectedMetadata {
  title?: string | null;
  byline?: string | null;
  lang?: string | null;
  excerpt?: string | null;
  publishedTime?: string | null;
}

const FIELDS = ['title', 'byline', 'lang', 'excerpt', 'publishedTime'] as const;
type Field = (typeof FIELDS)[number];

function norm(v: string | null | undefined): string {
  return (v ?? '').replace(/\s+/g, ' ').trim();
}

/** A byline's leading "By"/"Par"… is presentation: "By Jane Roe" and "Jane Roe" are the same byline. */
function normByline(v: string | null | undefined): string {
  return norm(v).replace(/^(?:by|par|von|por|door)\s+/i, '');
}

function sameDate(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a && !b) return true;
  if (!a || !b) return false;
  const da = new Date(a).getTime();
  const db = new Date(b).getTime();
  return Number.isFinite(da) && da === db;
}

function agrees(
  field: Field,
  expected: string | null | undefined,
  actual: string | null | undefined,
): boolean {
  if (field === 'publishedTime') return sameDate(expected, actual);
  if (field === 'byline') return normByline(expected) === normByline(actual);
  return norm(expected) === norm(actual);
}

const dirs = readdirSync(CORPUS, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const ours: PageScore[] = [];
const theirs: PageScore[] = [];
const agreeOurs: Record<Field, number> = { title: 0, byline: 0, lang: 0, excerpt: 0, publishedTime: 0 };
const agreeTheirs: Record<Field, number> = { title: 0, byline: 0, lang: 0, excerpt: 0, publishedTime: 0 };
/** Disagreements where the expected value is empty and we found one (Readability found nothing). */
const extraOurs: Record<Field, number> = { title: 0, byline: 0, lang: 0, excerpt: 0, publishedTime: 0 };
const worse: Array<{ page: string; ours: number; theirs: number }> = [];
const virtualConsole = new VirtualConsole();

for (const dir of dirs) {
  const source = readFileSync(join(CORPUS, dir, 'source.html'), 'utf8');
  const expectedText = htmlToText(readFileSync(join(CORPUS, dir, 'expected.html'), 'utf8'));
  const expectedMeta = JSON.parse(
    readFileSync(join(CORPUS, dir, 'expected-metadata.json'), 'utf8'),
  ) as ExpectedMetadata;

  const result = processHtml(source, { url: PAGE_URL, outputs: ['markdown', 'metadata'], mode: 'article' });
  const ourScore = scorePage(expectedText, markdownToScoringText(result.markdown ?? ''));
  ours.push(ourScore);

  const dom = new JSDOM(source, { url: PAGE_URL, virtualConsole });
  const article = new Readability(dom.window.document).parse();
  const theirScore = scorePage(expectedText, htmlToText(article?.content ?? ''));
  theirs.push(theirScore);
  dom.window.close();

  const m = result.metadata;
  const ourMeta: Record<Field, string | null> = {
    title: m.title,
    byline: m.byline,
    lang: m.language,
    excerpt: m.description,
    publishedTime: m.publishedAt,
  };
  const theirMeta: Record<Field, string | null | undefined> = {
    title: article?.title,
    byline: article?.byline,
    lang: article?.lang,
    excerpt: article?.excerpt,
    publishedTime: article?.publishedTime,
  };
  for (const f of FIELDS) {
    if (agrees(f, expectedMeta[f], ourMeta[f])) agreeOurs[f]++;
    else {
      if (!norm(expectedMeta[f])) extraOurs[f]++;
      if (verbose)
        console.log(
          `  meta ${dir} ${f}: expected ${JSON.stringify(expectedMeta[f])} got ${JSON.stringify(ourMeta[f])}`,
        );
    }
    if (agrees(f, expectedMeta[f], theirMeta[f])) agreeTheirs[f]++;
  }
  const f1 = (s: PageScore): number =>
    s.precision + s.recall ? (2 * s.precision * s.recall) / (s.precision + s.recall) : 0;
  if (f1(ourScore) < f1(theirScore) - 1e-9)
    worse.push({ page: dir, ours: f1(ourScore), theirs: f1(theirScore) });
  if (verbose) {
    console.log(
      `${dir.padEnd(40)} ours P=${ourScore.precision.toFixed(3)} R=${ourScore.recall.toFixed(3)}  readability P=${theirScore.precision.toFixed(3)} R=${theirScore.recall.toFixed(3)}`,
    );
  }
}

const a = summarize(ours);
const b = summarize(theirs);
console.log(`\nArticle extraction, ${dirs.length} pages (shingle 4-grams, macro-averaged)\n`);
console.log('| extractor | precision | recall | F1 |');
console.log('|---|---|---|---|');
console.log(
  `| @webcapture/content (article) | ${a.precision.toFixed(4)} | ${a.recall.toFixed(4)} | ${a.f1.toFixed(4)} |`,
);
console.log(
  `| @mozilla/readability 0.6 | ${b.precision.toFixed(4)} | ${b.recall.toFixed(4)} | ${b.f1.toFixed(4)} |`,
);
console.log(`\nF1 ours − readability: ${(a.f1 - b.f1 >= 0 ? '+' : '') + (a.f1 - b.f1).toFixed(5)}`);
console.log(`\nPages where we score below readability (per-page F1): ${worse.length}`);
for (const w of worse.sort((x, y) => x.ours - x.theirs - (y.ours - y.theirs))) {
  console.log(`  ${w.page}: ours ${w.ours.toFixed(3)} vs readability ${w.theirs.toFixed(3)}`);
}
console.log(`\nMetadata agreement with expected-metadata.json (${dirs.length} pages)\n`);
console.log(
  '| field | @webcapture/content | @mozilla/readability | ours differ, expected empty | ours differ, expected set |',
);
console.log('|---|---|---|---|---|');
for (const f of FIELDS) {
  const pct = (n: number): string => `${((100 * n) / dirs.length).toFixed(1)}% (${n})`;
  const wrong = dirs.length - agreeOurs[f] - extraOurs[f];
  console.log(`| ${f} | ${pct(agreeOurs[f])} | ${pct(agreeTheirs[f])} | ${extraOurs[f]} | ${wrong} |`);
}
console.log(
  '\n"expected empty": expected-metadata.json (Readability\'s own output) has no value and we return one.',
);
