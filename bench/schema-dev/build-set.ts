/**
 * Builds the development set (bench/schema-dev/pages.json) from ../shared/corpus: for each page a
 * candidate value per schema property is taken from the page's own labelled facts (WCXB's and
 * Fundus' hand/parser labels for titles, authors and dates; the page's JSON-LD or OpenGraph for
 * the rest; for schema.org examples the JSON-LD variant), and kept ONLY when the page the
 * extractor reads shows it: the text is in the visible text, the number is written there, the
 * image is an <img> of the body. A value the page does not show is left out (not judged).
 * Usage: npx tsx bench/schema-dev/build-set.ts
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeHtml, findAll, innerText, parseHtml } from '../../packages/content/src/index';
import type { DevKind } from './schemas';
import { CORPUS, type DevPage, type Example, exampleHtml, half, imageKey, norm, type Value } from './set';

type Node = Record<string, unknown>;

const KIND_TYPES: Record<DevKind, RegExp> = {
  product: /^(Product|ProductGroup|IndividualProduct|SomeProducts)$/,
  article: /^(Article|NewsArticle|BlogPosting|ReportageNewsArticle|TechArticle|AnalysisNewsArticle)$/,
  recipe: /^Recipe$/,
  book: /^Book$/,
  event: /Event$|^Festival$/,
  job: /^JobPosting$/,
  local_business:
    /^(LocalBusiness|Restaurant|Store|OnlineStore|Dentist|Plumber|HVACBusiness|MovingCompany|ProfessionalService|CafeOrCoffeeShop|Bakery|Winery|Hotel|AutoDealer|MedicalBusiness|LegalService)$/,
  software: /^(SoftwareApplication|WebApplication|MobileApplication|VideoGame)$/,
  forum: /^(DiscussionForumPosting|QAPage|Question)$/,
};

/** Every JSON-LD node of a page (@graph flattened, nested nodes included). */
function jsonLdNodes(roots: unknown[]): Node[] {
  const out: Node[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 10 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const node = value as Node;
    if (node['@type']) out.push(node);
    for (const [key, v] of Object.entries(node)) if (key !== '@context') visit(v, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return out;
}

function typeOf(node: Node): string[] {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).map((x) => String(x).replace(/^.*[/:]/, ''));
}

function scriptsJson(html: string): unknown[] {
  const out: unknown[] = [];
  for (const m of html.matchAll(/<script[^>]*ld\+json[^>]*>([\s\S]*?)<\/script>/gi)) {
    try {
      out.push(JSON.parse((m[1] ?? '').trim()));
    } catch {
      // A broken block gives no candidates.
    }
  }
  return out;
}

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const text = (v: unknown): string | undefined => {
  const f = first(v);
  if (typeof f === 'string') return f.trim() || undefined;
  if (typeof f === 'number') return String(f);
  if (f && typeof f === 'object') return text((f as Node).name ?? (f as Node)['@value']);
  return undefined;
};
const at = (node: Node | undefined, path: string): unknown => {
  let cur: unknown = node;
  for (const key of path.split('.')) {
    cur = first(cur);
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Node)[key];
  }
  return cur;
};
const names = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((x) => text(x)).filter((x): x is string => !!x);
const imageOf = (v: unknown): string | undefined => {
  const f = first(v);
  if (typeof f === 'string') return f;
  if (f && typeof f === 'object') return text((f as Node).url ?? (f as Node).contentUrl);
  return undefined;
};
const num = (v: unknown): number | undefined => {
  const t = text(v);
  if (t === undefined) return undefined;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
};
function minutes(iso: unknown): number | undefined {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/i.exec(text(iso) ?? '');
  if (!m || !(m[1] || m[2] || m[3])) return undefined;
  return Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}
function stock(v: unknown): boolean | undefined {
  const t = text(v) ?? '';
  if (/InStock|LimitedAvailability|OnlineOnly|InStoreOnly/i.test(t)) return true;
  if (/OutOfStock|SoldOut|Discontinued/i.test(t)) return false;
  return undefined;
}
const EMPLOYMENT: Record<string, string> = {
  FULL_TIME: 'full_time',
  PART_TIME: 'part_time',
  CONTRACTOR: 'contract',
  TEMPORARY: 'temporary',
  INTERN: 'internship',
};

/** Candidate values of a kind's properties from its JSON-LD node and the page's meta tags. */
function candidates(kind: DevKind, n: Node, meta: Map<string, string>): Record<string, Value | undefined> {
  const offers = first(n.offers) as Node | undefined;
  const rating = n.aggregateRating as Node | undefined;
  const rating5 = rating && (rating.bestRating === undefined || Number(rating.bestRating) === 5);
  const image = imageOf(n.image) ?? meta.get('og:image');
  switch (kind) {
    case 'product':
      return {
        name: text(n.name),
        brand: text(n.brand),
        price: num(at(n, 'offers.price') ?? at(n, 'offers.lowPrice')),
        currency: text(at(n, 'offers.priceCurrency')),
        in_stock: stock(offers?.availability),
        sku: text(n.sku),
        mpn: text(n.mpn),
        gtin: text(n.gtin13 ?? n.gtin ?? n.gtin12 ?? n.gtin14 ?? n.gtin8),
        image_url: image,
        rating: rating5 ? num(rating?.ratingValue) : undefined,
        review_count: num(rating?.reviewCount ?? rating?.ratingCount),
      };
    case 'article':
      return {
        headline: text(n.headline ?? n.name),
        authors: names(n.author),
        date_published: text(n.datePublished)?.slice(0, 10),
        lead_image_url: meta.get('og:image') ?? image,
        publisher: text(n.publisher) ?? meta.get('og:site_name'),
      };
    case 'recipe':
      return {
        name: text(n.name),
        ingredients: names(n.recipeIngredient ?? n.ingredients),
        prep_time_minutes: minutes(n.prepTime),
        cook_time_minutes: minutes(n.cookTime),
        total_time_minutes: minutes(n.totalTime),
        servings: num(/\d+/.exec(text(n.recipeYield) ?? '')?.[0]),
        image_url: image,
      };
    case 'book': {
      const isbn = (text(n.isbn ?? at(n, 'workExample.isbn')) ?? '').replace(/[^0-9X]/gi, '');
      const date = text(n.datePublished ?? at(n, 'workExample.datePublished'));
      return {
        title: text(n.name),
        authors: names(n.author),
        isbn_13: /^97[89]\d{10}$/.test(isbn) ? isbn : undefined,
        publisher: text(n.publisher ?? at(n, 'workExample.publisher')),
        publication_date: date && /^\d{4}(-\d{2}(-\d{2})?)?$/.test(date) ? date : undefined,
        number_of_pages: num(n.numberOfPages ?? at(n, 'workExample.numberOfPages')),
        image_url: image,
      };
    }
    case 'event':
      return {
        name: text(n.name),
        start_date: text(n.startDate)?.slice(0, 10),
        venue: text(at(n, 'location.name')),
        city: text(at(n, 'location.address.addressLocality')),
        price: num(at(n, 'offers.price') ?? at(n, 'offers.lowPrice')),
        currency: text(at(n, 'offers.priceCurrency')),
      };
    case 'job': {
      const type = text(n.employmentType);
      const salary = at(n, 'baseSalary.value');
      return {
        title: text(n.title ?? n.name),
        company: text(n.hiringOrganization),
        city: text(at(n, 'jobLocation.address.addressLocality')),
        employment_type: type ? EMPLOYMENT[type.toUpperCase()] : undefined,
        date_posted: text(n.datePosted)?.slice(0, 10),
        salary:
          salary && typeof salary === 'object'
            ? num((salary as Node).minValue ?? (salary as Node).value)
            : num(salary),
      };
    }
    case 'local_business':
      return {
        name: text(n.name),
        telephone: text(n.telephone),
        street_address: text(at(n, 'address.streetAddress')),
        city: text(at(n, 'address.addressLocality')),
        postal_code: text(at(n, 'address.postalCode')),
        price_range: text(n.priceRange),
        rating: rating5 ? num(rating?.ratingValue) : undefined,
      };
    case 'software':
      return {
        name: text(n.name),
        operating_system: text(n.operatingSystem),
        category: text(n.applicationCategory),
        price: num(at(n, 'offers.price')),
        rating: rating5 ? num(rating?.ratingValue) : undefined,
        review_count: num(rating?.reviewCount ?? rating?.ratingCount),
      };
    case 'forum':
      return {
        title: text(n.headline ?? n.name),
        author: text(n.author),
        date_published: text(n.datePublished ?? n.dateCreated)?.slice(0, 10),
      };
  }
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** The ways a page writes a date (ISO, 5 June 2024, June 5, 2024, 05.06.2024, 6/5/2024). */
function dateWritings(date: string): string[] {
  const [y, m, d] = date.split('-');
  if (!y) return [];
  if (!m) return [y];
  const month = MONTH_NAMES[Number(m) - 1] ?? '';
  const short = month.slice(0, 3);
  if (!d) return [`${month}${y}`, `${short}${y}`, `${y}${m}`];
  const day = String(Number(d));
  return [
    `${y}${m}${d}`,
    `${day}${month}${y}`,
    `${day}${short}${y}`,
    `${month}${day}${y}`,
    `${short}${day}${y}`,
    `${d}${m}${y}`,
    `${day}${Number(m)}${y}`,
    `${Number(m)}${day}${y}`,
  ].map((w) => norm(w));
}

interface Shown {
  /** norm() of the visible text. */
  text: string;
  /** Words of the visible text, lower case, for numbers. */
  raw: string;
  images: string[];
}

/** Whether the page the extractor reads shows the value. */
function shows(page: Shown, field: string, value: Value): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every((v) => shows(page, field, v));
  if (typeof value === 'boolean') {
    return value
      ? /\b(in stock|add to (cart|bag|basket)|buy now|available)\b/i.test(page.raw)
      : /\b(out of stock|sold out|unavailable|notify me)\b/i.test(page.raw);
  }
  if (typeof value === 'number') {
    if (/minutes/.test(field)) {
      const h = Math.floor(value / 60);
      return new RegExp(`\\b(${value}|${h})\\s*(m|min|mins|minutes|h|hr|hrs|hours?)\\b`, 'i').test(page.raw);
    }
    const fixed = Number.isInteger(value) ? String(value) : value.toFixed(2);
    const grouped = Number(value).toLocaleString('en-US', { maximumFractionDigits: 2 });
    return [fixed, grouped, fixed.replace('.', ','), String(value)].some((w) =>
      new RegExp(`(^|[^\\d.,])${w.replace(/[.]/g, '\\.')}($|[^\\d])`).test(page.raw),
    );
  }
  if (/image/.test(field)) return page.images.includes(imageKey(value));
  if (/date/.test(field)) return dateWritings(value).some((w) => page.text.includes(w));
  if (field === 'employment_type') return new RegExp(value.replace('_', '[ -]?'), 'i').test(page.raw);
  const wanted = norm(value);
  return wanted.length > 0 && page.text.includes(wanted);
}

/**
 * What a page shows: its visible text and body images, plus `data` — values its markup carries for
 * machines (a marked-up example's `content`/`datetime` attributes, its JSON-LD's leaves).
 */
function shownOf(html: string, data: string[] = []): Shown {
  const doc = parseHtml(html);
  const body = findAll(doc, (e) => e.tag === 'body')[0] ?? doc;
  const raw = [innerText(body), ...data].join(' ').replace(/\s+/g, ' ');
  const images = new Set<string>(data.filter((d) => /\.(jpe?g|png|webp|gif|avif)$/i.test(d)).map(imageKey));
  for (const img of findAll(body, (e) => e.tag === 'img' || e.tag === 'source')) {
    for (const attr of ['src', 'data-src', 'srcset', 'data-srcset', 'data-lazy-src']) {
      for (const part of (img.attrs[attr] ?? '').split(',')) {
        const url = part.trim().split(/\s+/)[0];
        if (url) images.add(imageKey(url));
      }
    }
  }
  images.delete('');
  return { text: norm(raw), raw, images: [...images] };
}

function metaOf(html: string): Map<string, string> {
  const meta = new Map<string, string>();
  for (const m of html.matchAll(/<meta\s[^>]*>/gi)) {
    const tag = m[0];
    const key = /(?:property|name)=["']([^"']+)["']/i.exec(tag)?.[1]?.toLowerCase();
    const content = /content=["']([^"']*)["']/i.exec(tag)?.[1];
    if (key && content && !meta.has(key)) meta.set(key, content);
  }
  return meta;
}

function keep(
  id: string,
  kind: DevKind,
  html: string,
  values: Record<string, Value | undefined>,
  origin: string,
  data: string[] = [],
): DevPage | null {
  const page = shownOf(html, data);
  const expected: Record<string, Value> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined || (Array.isArray(value) && !value.length)) continue;
    if (shows(page, field, value)) expected[field] = value;
  }
  if (Object.keys(expected).length < 2) return null;
  return { id, kind, origin, expected };
}

function gz(path: string): string {
  return decodeHtml(gunzipSync(readFileSync(path))).html;
}

function mainNode(kind: DevKind, roots: unknown[]): Node | undefined {
  return jsonLdNodes(roots).find((n) => typeOf(n).some((t) => KIND_TYPES[kind].test(t)));
}

const pages: DevPage[] = [];
const add = (p: DevPage | null) => {
  if (p) pages.push(p);
};

/** The values a marked-up variant carries for machines: itemprop/property attributes, JSON-LD leaves. */
function markupData(html: string, variant: string, parsed: unknown): string[] {
  if (variant === 'schemaorg-jsonld') {
    const leaves: string[] = [];
    const visit = (v: unknown) => {
      if (typeof v === 'string' || typeof v === 'number') leaves.push(String(v));
      else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x);
    };
    visit(parsed);
    return leaves;
  }
  const marked = findAll(parseHtml(html), (e) => 'itemprop' in e.attrs || 'property' in e.attrs);
  // A link to a page of the site (href="/author/…", "#author") is a reference, not a value shown.
  return marked.flatMap((e) =>
    ['content', 'datetime', 'href', 'src']
      .map((a) => e.attrs[a])
      .filter((v): v is string => !!v && !/^[#/]/.test(v)),
  );
}

/** Kinds with few real pages in the corpus: their schema.org examples also join marked up (round 4). */
const THIN_KINDS: DevKind[] = ['book', 'event', 'job', 'recipe', 'software'];
const variants: DevPage[] = [];

/**
 * One marked-up variant of a thin kind's example: microdata or RDFa (by the parity of sha1(id) when
 * it has both), the JSON-LD block over the plain HTML only when it has neither. Its expected values
 * are the JSON-LD facts that its text or its markup shows.
 */
function addVariant(ex: Example, kind: DevKind, node: Node) {
  const odd = (createHash('sha1').update(ex.id).digest()[0] ?? 0) % 2 === 1;
  const variant =
    ex.microdata && (!ex.rdfa || !odd)
      ? 'schemaorg-microdata'
      : ex.rdfa
        ? 'schemaorg-rdfa'
        : 'schemaorg-jsonld';
  const html = exampleHtml(ex, variant);
  const data = markupData(html, variant, ex.jsonld_parsed);
  const page = keep(
    `${variant}/${ex.id}`,
    kind,
    html,
    candidates(kind, node, new Map()),
    `schemaorg JSON-LD, ${variant.slice(10)} variant`,
    data,
  );
  if (page) variants.push(page);
}

// schema.org's own examples: the JSON-LD variant gives the facts, the plain HTML is the page.
for (const line of readFileSync(join(CORPUS, 'schemaorg-examples/examples.jsonl'), 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const ex = JSON.parse(line) as Example & { id: string | null; pre_markup: string | null };
  // Examples without an id cannot be told apart when the page is loaded again (set.ts).
  if (!ex.id || !ex.pre_markup || !ex.jsonld_parsed) continue;
  const html = `<html><body>${ex.pre_markup}</body></html>`;
  for (const kind of Object.keys(KIND_TYPES) as DevKind[]) {
    const node = mainNode(kind, [ex.jsonld_parsed]);
    if (!node) continue;
    add(keep(`schemaorg/${ex.id}`, kind, html, candidates(kind, node, new Map()), 'schemaorg JSON-LD'));
    if (THIN_KINDS.includes(kind)) addVariant(ex, kind, node);
    break;
  }
}

interface Manifest {
  folder: string;
  page_type?: string;
  title?: string;
  author?: string | null;
  authors?: string[];
  publish_date?: string | null;
  publishing_date?: string | null;
}
const manifest = (corpus: string): Manifest[] =>
  readFileSync(join(CORPUS, corpus, 'manifest.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Manifest);

/** Articles and threads: the corpus' own labels first (hand or parser), the page's data after. */
function labelled(kind: DevKind, m: Manifest, node: Node | undefined, meta: Map<string, string>) {
  const fromPage = node ? candidates(kind, node, meta) : {};
  const authors = m.authors?.length ? m.authors : m.author ? m.author.split(/\s*,\s*|\s+and\s+/) : undefined;
  const date = (m.publishing_date ?? m.publish_date ?? undefined)?.slice(0, 10);
  if (kind === 'forum')
    return {
      ...fromPage,
      title: m.title ?? fromPage.title,
      author: authors?.[0] ?? fromPage.author,
      date_published: date,
    };
  return {
    ...fromPage,
    headline: m.title ?? fromPage.headline,
    authors: authors ?? fromPage.authors,
    date_published: date ?? fromPage.date_published,
    lead_image_url: meta.get('og:image') ?? fromPage.lead_image_url,
    publisher: fromPage.publisher ?? meta.get('og:site_name'),
  };
}

for (const corpus of ['wcxb', 'fundus']) {
  for (const m of manifest(corpus)) {
    let html: string;
    try {
      html = gz(join(CORPUS, corpus, m.folder, 'source.html.gz'));
    } catch {
      continue;
    }
    const roots = scriptsJson(html);
    const meta = metaOf(html);
    const id = `${corpus}/${m.folder}`;
    const type = corpus === 'fundus' ? 'article' : m.page_type;
    // A page of a kind its data names (a recipe post, an event page, a software page) counts as it.
    const special = (['recipe', 'book', 'event', 'job', 'software', 'local_business'] as DevKind[]).find(
      (k) => mainNode(k, roots),
    );
    if (special && type !== 'forum') {
      const node = mainNode(special, roots) as Node;
      add(keep(id, special, html, candidates(special, node, meta), `${corpus} page JSON-LD`));
    } else if (type === 'product') {
      const node = mainNode('product', roots);
      if (node) add(keep(id, 'product', html, candidates('product', node, meta), 'page JSON-LD'));
    } else if (type === 'article') {
      add(
        keep(
          id,
          'article',
          html,
          labelled('article', m, mainNode('article', roots), meta),
          `${corpus} labels`,
        ),
      );
    } else if (type === 'forum') {
      add(keep(id, 'forum', html, labelled('forum', m, mainNode('forum', roots), meta), `${corpus} labels`));
    }
  }
}

// Hand-checked pages (values read on the page by a person): bench/schema-dev/hand.json; a marked-up
// variant's hand values replace the built ones (and add the variant where the build dropped it).
for (const page of JSON.parse(readFileSync(join(import.meta.dirname, 'hand.json'), 'utf8')) as DevPage[]) {
  const variant = variants.find((v) => v.id === page.id);
  if (variant) Object.assign(variant, page);
  // A variant whose built values fell short (a link's href for its author) joins with the hand's.
  else if (page.id.startsWith('schemaorg-')) variants.push(page);
  if (page.id.startsWith('schemaorg-')) continue;
  const i = pages.findIndex((p) => p.id === page.id);
  if (i >= 0) pages.splice(i, 1);
  pages.push(page);
}

// Articles outnumber every other kind: a deterministic sample keeps the set balanced.
const hashOf = (id: string) => createHash('sha1').update(id).digest().readUInt32BE(0);
const articles = pages.filter((p) => p.kind === 'article' && !p.origin.startsWith('hand'));
const dropped = new Set(
  articles
    .sort((a, b) => hashOf(a.id) - hashOf(b.id))
    .slice(120)
    .map((p) => p.id),
);
const forums = pages.filter((p) => p.kind === 'forum');
for (const p of forums.sort((a, b) => hashOf(a.id) - hashOf(b.id)).slice(40)) dropped.add(p.id);
const kept = pages.filter((p) => !dropped.has(p.id));

/**
 * Round 4's variants split by a fixed rule that keeps both halves of a kind even and one example in
 * one half: a variant whose plain page is in the set goes to that page's half; the others, in sha1
 * order of their id, each to the half holding fewer pages of its kind (tune on a tie).
 */
const count = (kind: DevKind, h: string) =>
  [...kept, ...variants.filter((v) => v.half)].filter((p) => p.kind === kind && (p.half ?? half(p.id)) === h)
    .length;
for (const v of variants) {
  const plain = `schemaorg/${v.id.split('/')[1]}`;
  if (kept.some((p) => p.id === plain)) v.half = half(plain);
}
for (const v of variants.filter((x) => !x.half).sort((a, b) => hashOf(a.id) - hashOf(b.id)))
  v.half = count(v.kind, 'held-out') < count(v.kind, 'tune') ? 'held-out' : 'tune';
const set = [...kept, ...variants].sort((a, b) => a.id.localeCompare(b.id));
writeFileSync(join(import.meta.dirname, 'pages.json'), `${JSON.stringify(set, null, 1)}\n`);
const byKind = new Map<string, number>();
for (const p of set) byKind.set(p.kind, (byKind.get(p.kind) ?? 0) + 1);
console.log(set.length, Object.fromEntries(byKind), readdirSync(import.meta.dirname).length);
