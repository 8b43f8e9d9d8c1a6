/**
 * The development set of schema extraction: its pages (references into ../shared/corpus, not
 * copies), the split into a tuning and a held-out half, and how a value is judged.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeHtml } from '../../packages/content/src/index';
import { squash } from '../../packages/extract/src/titles';
import type { DevKind } from './schemas';

export type Value = string | number | boolean | string[];

export interface DevPage {
  /**
   * `wcxb/wcxb-0580`, `fundus/<folder>`, `schemaorg/eg-0382` (the example's plain HTML),
   * `schemaorg-microdata/…`, `schemaorg-rdfa/…`, `schemaorg-jsonld/…` (the same example marked up)
   * or `fixture/<file>`.
   */
  id: string;
  /** Set on pages added after round 3 (balanced by a fixed rule, build-set.ts); else by hash. */
  half?: 'tune' | 'held-out';
  kind: DevKind;
  /** Where the expected values were taken from before the page text confirmed them. */
  origin: string;
  /** Property → the value the page shows. A property left out is not judged. */
  expected: Record<string, Value>;
}

/** ../shared/corpus beside the repository (a worktree sits one level deeper), or $CORPUS. */
export const CORPUS =
  process.env.CORPUS ??
  [
    join(import.meta.dirname, '../../../shared/corpus'),
    join(import.meta.dirname, '../../../../shared/corpus'),
  ].find((dir) => existsSync(dir)) ??
  '../shared/corpus';
const FIXTURES = join(import.meta.dirname, '../../packages/extract/test/fixtures');

export function devPages(): DevPage[] {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'pages.json'), 'utf8')) as DevPage[];
}

/** Deterministic halves: the first byte of sha1(id), even → tune, odd → held out. */
export function half(id: string): 'tune' | 'held-out' {
  return (createHash('sha1').update(id).digest()[0] ?? 0) % 2 === 0 ? 'tune' : 'held-out';
}

/** A page's half: the one build-set.ts gave it, or (pages of rounds 2–3) the hash of its id. */
export const pageHalf = (page: DevPage): 'tune' | 'held-out' => page.half ?? half(page.id);

export type Example = {
  id: string;
  pre_markup: string;
  microdata: string | null;
  rdfa: string | null;
  jsonld: string | null;
  jsonld_parsed: unknown;
};

let schemaOrg: Map<string, Example> | null = null;

/**
 * A schema.org example as a page: `schemaorg` is its plain HTML, `schemaorg-microdata` and
 * `schemaorg-rdfa` the same HTML marked up, `schemaorg-jsonld` the plain HTML with the JSON-LD block
 * in its head (as publishers add it).
 */
export function exampleHtml(example: Example, variant: string): string {
  if (variant === 'schemaorg-microdata') return `<html><body>${example.microdata ?? ''}</body></html>`;
  if (variant === 'schemaorg-rdfa') return `<html><body>${example.rdfa ?? ''}</body></html>`;
  if (variant === 'schemaorg-jsonld')
    return `<html><head>${example.jsonld ?? ''}</head><body>${example.pre_markup}</body></html>`;
  return `<html><body>${example.pre_markup}</body></html>`;
}
const manifests = new Map<string, Map<string, string>>();

/** The HTML and URL the extractor reads for a page of the set. */
export function loadDevPage(id: string): { html: string; url: string } {
  const [corpus, name] = id.split('/') as [string, string];
  if (corpus.startsWith('schemaorg')) {
    schemaOrg ??= new Map(
      readFileSync(join(CORPUS, 'schemaorg-examples/examples.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Example)
        .map((e) => [e.id, e]),
    );
    const example = schemaOrg.get(name);
    return { html: example ? exampleHtml(example, corpus) : '', url: `https://example.com/${name}` };
  }
  if (corpus === 'fixture') {
    return { html: readFileSync(join(FIXTURES, name), 'utf8'), url: `https://fixture.example/${name}` };
  }
  let urls = manifests.get(corpus);
  if (!urls) {
    urls = new Map(
      readFileSync(join(CORPUS, corpus, 'manifest.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as { folder: string; url: string })
        .map((m) => [m.folder, m.url]),
    );
    manifests.set(corpus, urls);
  }
  const html = decodeHtml(gunzipSync(readFileSync(join(CORPUS, corpus, name, 'source.html.gz')))).html;
  return { html, url: urls.get(name) ?? `https://${name}.example/` };
}

/** Letters and digits only, lower case, accents off: quotes, ® and spacing do not decide. */
export const norm = squash;

/** An image URL's file, without size suffixes a CDN adds (photo-300x200.jpg, photo.jpg?w=800). */
export function imageKey(url: string): string {
  const file = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  return decodeURIComponent(file)
    .toLowerCase()
    .replace(/\.(jpe?g|png|webp|gif|avif)$/, '')
    .replace(/[-_@]\d+x\d*$|[-_]\d+w$|@\dx$/, '');
}

/**
 * One value against the expected one:
 * - numbers within 1% (at least 0.01);
 * - dates exactly (2010-06 is not 2010-06-01: a day the page does not give is not a match);
 * - URLs of images by file (CDN size variants alike), other URLs by host and path;
 * - other strings after norm(): equal, or one inside the other covering ≥ 85% of it (a trailing
 *   period or "Inc." passes, a title with the site's name after it does not);
 * - arrays as sets: the item-level F1 (items matched by the string rule) must reach 0.8.
 */
export function valueMatches(field: string, got: unknown, want: Value): boolean {
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || !got.length) return false;
    const items = got.map((g) => String(g));
    const hits = want.filter((w) => items.some((g) => valueMatches(field, g, w))).length;
    const precision = items.filter((g) => want.some((w) => valueMatches(field, g, w))).length / items.length;
    const recall = hits / want.length;
    return precision + recall > 0 && (2 * precision * recall) / (precision + recall) >= 0.8;
  }
  if (typeof want === 'number')
    return typeof got === 'number' && Math.abs(got - want) <= Math.max(0.01, 0.01 * Math.abs(want));
  if (typeof want === 'boolean') return got === want;
  if (typeof got !== 'string') return false;
  if (/date/.test(field) && /^\d{4}(-\d{2}){0,2}$/.test(want)) return got === want;
  // An image by its file, also where the page's data gave it as a relative path ("cover.jpg").
  if (/image/.test(field) && (/^https?:\/\//.test(want) || /\.(jpe?g|png|webp|gif|avif)$/i.test(want)))
    return imageKey(got) === imageKey(want) && imageKey(want) !== '';
  if (/^https?:\/\//.test(want)) {
    return urlKey(got) === urlKey(want);
  }
  const a = norm(got);
  const b = norm(want);
  if (!a || !b) return false;
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.includes(short) && short.length / long.length >= 0.85;
}

function urlKey(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host.replace(/^www\./, '')}${u.pathname.replace(/\/$/, '')}`;
  } catch {
    return url;
  }
}
