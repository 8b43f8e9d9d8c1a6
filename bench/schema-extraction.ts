/**
 * Schema extraction quality and speed on real pages (../shared/corpus), against hand-written
 * expectations (bench/schema-extraction-expected.ts): per-field precision, recall and F1, the
 * share of answers that validate (must be 100%), and the extraction time beyond the parse — for
 * our extractor and, in the same run, a JSON-LD-only extractor (the same code reading nothing but
 * JSON-LD). Usage: npx tsx bench/schema-extraction.ts [--verbose]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { decodeHtml, parseHtml } from '../packages/content/src/index';
import {
  type CompiledSchema,
  compileSchema,
  ExtractionFailedError,
  extract,
} from '../packages/extract/src/index';
import {
  type BenchPage,
  type Expected,
  type ExpectedList,
  type Kind,
  PAGES,
} from './schema-extraction-expected';

const CORPUS = join(import.meta.dirname, '../../shared/corpus');
const verbose = process.argv.includes('--verbose');
const RUNS = 3;

/** Schemas as a user would write them: names and descriptions, nullable optional fields, enums, formats. */
const SCHEMAS: Record<Kind, Record<string, unknown>> = {
  product: {
    title: 'Product',
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Product name' },
      brand: { type: ['string', 'null'] },
      price: { type: ['number', 'null'], description: 'Current price', minimum: 0 },
      currency: { type: ['string', 'null'], pattern: '^[A-Z]{3}$' },
      availability: { enum: ['in_stock', 'out_of_stock', 'preorder', null] },
      sku: { type: ['string', 'null'] },
      rating: { type: ['number', 'null'], minimum: 0, maximum: 5, description: 'Average rating out of 5' },
      review_count: { type: ['integer', 'null'], minimum: 0 },
    },
    required: ['name'],
  },
  article: {
    title: 'News article',
    type: 'object',
    properties: {
      headline: { type: 'string' },
      author: { type: ['string', 'null'], description: 'Name of the (first) author' },
      published: { type: ['string', 'null'], format: 'date', description: 'Publication date' },
    },
    required: ['headline'],
  },
  recipe: {
    title: 'Recipe',
    type: 'object',
    properties: {
      name: { type: 'string' },
      ingredients: { type: 'array', items: { type: 'string' } },
      prep_minutes: { type: ['integer', 'null'], description: 'Preparation time in minutes' },
      cook_minutes: { type: ['integer', 'null'], description: 'Cooking time in minutes' },
      total_minutes: { type: ['integer', 'null'], description: 'Total time in minutes' },
      servings: { type: ['integer', 'null'] },
    },
    required: ['name'],
  },
  books: {
    type: 'object',
    properties: {
      books: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            title: { type: 'string' },
            author: { type: 'string' },
            url: { type: 'string', format: 'uri' },
          },
          required: ['title'],
        },
      },
    },
  },
  events: {
    type: 'object',
    properties: {
      events: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            start_date: { type: 'string', format: 'date' },
            url: { type: 'string', format: 'uri' },
          },
          required: ['name', 'start_date'],
        },
      },
    },
  },
};

function loadPage(page: string): { html: string; url: string } {
  const [corpus, folder] = page.split('/') as [string, string];
  const html = decodeHtml(gunzipSync(readFileSync(join(CORPUS, corpus, folder, 'source.html.gz')))).html;
  const manifest = readFileSync(join(CORPUS, corpus, 'manifest.jsonl'), 'utf8');
  const line = manifest
    .split('\n')
    .find((l) => l.includes(`"folder": "${folder}"`) || l.includes(`"folder":"${folder}"`));
  const url = line ? (JSON.parse(line) as { url: string }).url : `https://${folder}.example/`;
  return { html, url };
}

/** Letters and digits only, lower case: quotes, ® and spacing do not decide a match. */
function norm(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

function textMatches(got: string, want: string): boolean {
  const a = norm(got);
  const b = norm(want);
  if (!a || !b) return false;
  if (a === b) return true;
  // A title with the site's name after it, a brand with "Company": the shorter inside the longer.
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.includes(short) && short.length / long.length >= 0.4;
}

function firstText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return String(record.title ?? record.name ?? Object.values(record)[0] ?? '');
  }
  return String(value ?? '');
}

function matches(got: unknown, want: Exclude<Expected, null>): boolean {
  if (typeof want === 'number')
    return typeof got === 'number' && Math.abs(got - want) <= 0.01 * Math.max(1, Math.abs(want));
  if (typeof want === 'string') {
    if (typeof got !== 'string') return false;
    if (/^\d{4}-\d{2}-\d{2}$/.test(want)) return got.slice(0, 10) === want;
    return textMatches(got, want);
  }
  const list = want as ExpectedList;
  if (!Array.isArray(got) || got.length !== list.count) return false;
  const first = norm(firstText(got[0]));
  return (
    first.startsWith(norm(list.first)) ||
    norm(list.first).startsWith(first) ||
    textMatches(firstText(got[0]), list.first)
  );
}

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

interface RunResult {
  counts: Map<string, Counts>;
  valid: number;
  answered: number;
  pages: number;
  totalMs: number[];
  beyondParseMs: number[];
  misses: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

function runAll(jsonLdOnly: boolean, compiled: Record<Kind, CompiledSchema>, ajv: Ajv2020): RunResult {
  const result: RunResult = {
    counts: new Map(),
    valid: 0,
    answered: 0,
    pages: 0,
    totalMs: [],
    beyondParseMs: [],
    misses: [],
  };
  for (const bench of PAGES as BenchPage[]) {
    const { html, url } = loadPage(bench.page);
    const schema = compiled[bench.kind];
    let data: Record<string, unknown> = {};
    const totals: number[] = [];
    const parses: number[] = [];
    let failed = false;
    for (let run = 0; run < RUNS; run++) {
      let start = performance.now();
      parseHtml(html);
      parses.push(performance.now() - start);
      start = performance.now();
      try {
        data = extract({ html, url, schema, jsonLdOnly }).data as Record<string, unknown>;
      } catch (error) {
        if (!(error instanceof ExtractionFailedError)) throw error;
        failed = true;
        data = {};
      }
      totals.push(performance.now() - start);
    }
    result.pages++;
    result.totalMs.push(median(totals));
    result.beyondParseMs.push(Math.max(0, median(totals) - median(parses)));
    if (!failed) {
      result.answered++;
      if (ajv.validate(SCHEMAS[bench.kind], data)) result.valid++;
      else result.misses.push(`${bench.page}: INVALID ${JSON.stringify(ajv.errors)}`);
    } else result.valid++; // a refusal is never invalid data
    for (const [field, want] of Object.entries(bench.expected)) {
      const key = `${bench.kind}.${field}`;
      const counts = result.counts.get(key) ?? { tp: 0, fp: 0, fn: 0 };
      const got = data[field];
      const present = got !== undefined && got !== null && !(Array.isArray(got) && got.length === 0);
      if (want === null) {
        if (present) {
          counts.fp++;
          result.misses.push(`${bench.page} ${field}: expected nothing, got ${JSON.stringify(got)}`);
        }
      } else if (!present) {
        counts.fn++;
        result.misses.push(`${bench.page} ${field}: missing (want ${JSON.stringify(want)})`);
      } else if (matches(got, want)) counts.tp++;
      else {
        counts.fp++;
        counts.fn++;
        result.misses.push(
          `${bench.page} ${field}: got ${JSON.stringify(got).slice(0, 90)}, want ${JSON.stringify(want).slice(0, 90)}`,
        );
      }
      result.counts.set(key, counts);
    }
  }
  return result;
}

function scores(c: Counts) {
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

const compiled = Object.fromEntries(
  Object.entries(SCHEMAS).map(([kind, schema]) => [kind, compileSchema(schema)]),
) as Record<Kind, CompiledSchema>;
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);

// Warm-up so the first page does not pay for JIT and lazy ajv fragments.
runAll(false, compiled, ajv);
const ours = runAll(false, compiled, ajv);
const baseline = runAll(true, compiled, ajv);

const pct = (n: number) => `${(n * 100).toFixed(1)}`;
console.log(
  `pages: ${ours.pages} (${PAGES.filter((p) => p.kind === 'product').length} products, ${PAGES.filter((p) => p.kind === 'article').length} articles, ${PAGES.filter((p) => p.kind === 'recipe').length} recipes, ${PAGES.filter((p) => p.kind === 'books' || p.kind === 'events').length} listings); judged fields: ${[...ours.counts.values()].reduce((s, c) => s + c.tp + c.fn + (c.tp + c.fn === 0 ? c.fp : 0), 0)}`,
);
console.log('\n| field | ours P | ours R | ours F1 | JSON-LD only P | R | F1 |');
console.log('|---|---|---|---|---|---|---|');
const macro = { ours: [] as number[], base: [] as number[] };
const micro = { ours: { tp: 0, fp: 0, fn: 0 }, base: { tp: 0, fp: 0, fn: 0 } };
for (const [field, c] of [...ours.counts.entries()].sort()) {
  const b = baseline.counts.get(field) ?? { tp: 0, fp: 0, fn: 0 };
  const o = scores(c);
  const j = scores(b);
  macro.ours.push(o.f1);
  macro.base.push(j.f1);
  for (const key of ['tp', 'fp', 'fn'] as const) {
    micro.ours[key] += c[key];
    micro.base[key] += b[key];
  }
  console.log(
    `| ${field} | ${pct(o.precision)} | ${pct(o.recall)} | ${pct(o.f1)} | ${pct(j.precision)} | ${pct(j.recall)} | ${pct(j.f1)} |`,
  );
}
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
const mo = scores(micro.ours);
const mb = scores(micro.base);
console.log(
  `| **macro F1 (mean over fields)** | | | **${pct(mean(macro.ours))}** | | | **${pct(mean(macro.base))}** |`,
);
console.log(
  `| micro P / R / F1 | ${pct(mo.precision)} | ${pct(mo.recall)} | ${pct(mo.f1)} | ${pct(mb.precision)} | ${pct(mb.recall)} | ${pct(mb.f1)} |`,
);
console.log(
  `\nvalid answers: ours ${ours.valid}/${ours.pages} (${pct(ours.valid / ours.pages)}%; ${ours.answered} answered, ${ours.pages - ours.answered} refused), JSON-LD only ${baseline.valid}/${baseline.pages} (${baseline.answered} answered)`,
);
console.log(
  `extraction p50: ours ${median(ours.totalMs).toFixed(2)} ms per page including the parse, ${median(ours.beyondParseMs).toFixed(2)} ms beyond it (p90 ${[...ours.beyondParseMs].sort((a, b) => a - b)[Math.floor(ours.beyondParseMs.length * 0.9)]?.toFixed(2)} ms); JSON-LD only ${median(baseline.totalMs).toFixed(2)} ms including the parse`,
);
if (verbose) {
  console.log('\nours, misses:');
  for (const miss of ours.misses) console.log(`  ${miss}`);
}
