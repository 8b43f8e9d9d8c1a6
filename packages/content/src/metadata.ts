import { MAYBE_CANDIDATE, UNLIKELY, UNLIKELY_ROLES } from './article';
import { isHidden } from './cleanup/page-cleanup';
import {
  classAndId,
  type Elem,
  findFirstWhere,
  hasAncestor,
  innerText,
  type Node,
  rawText,
  textContent,
} from './parse';
import type { UrlResolver } from './parse/url-resolver';
import { textSimilarity } from './text-similarity';
import type { Metadata } from './types';

const PROPERTY_PATTERN =
  /\s*(article|dc|dcterm|og|twitter)\s*:\s*(author|creator|description|published_time|title|site_name|image|url|locale)\s*/gi;
const NAME_PATTERN =
  /^\s*(?:(dc|dcterm|og|twitter|parsely|weibo:(?:article|webpage))\s*[-.:]\s*)?(author|creator|pub-date|description|title|site_name|date|image|language)\s*$/i;
const JSONLD_ARTICLE_TYPES =
  /^(?:Article|AdvertiserContentArticle|NewsArticle|AnalysisNewsArticle|AskPublicNewsArticle|BackgroundNewsArticle|OpinionNewsArticle|ReportageNewsArticle|ReviewNewsArticle|Report|SatiricalArticle|ScholarlyArticle|MedicalScholarlyArticle|SocialMediaPosting|BlogPosting|LiveBlogPosting|DiscussionForumPosting|TechArticle|APIReference)$/;
const BYLINE_HINT = /byline|author|dateline|writtenby|p-author/i;
/** Meta names/properties that carry a publication date (Dublin Core, Sailthru, Parse.ly, OpenGraph…). */
const DATE_META = new Set([
  'article:published_time',
  'og:published_time',
  'og:article:published_time',
  'parsely-pub-date',
  'sailthru.date',
  'dc.date.issued',
  'dcterms.issued',
  'dcterms.created',
  'dc.date.created',
  'dc.date',
  'dcterms.date',
  'date',
  'pubdate',
  'publishdate',
  'publish-date',
  'publication_date',
  'article.published',
  'datepublished',
]);
const BY_PATTERN_TAGS = new Set([
  'p',
  'div',
  'span',
  'address',
  'small',
  'em',
  'strong',
  'b',
  'i',
  'li',
  'h4',
  'h5',
  'h6',
]);
/** "By Jane Roe", "By Jane Roe and John Doe", "Par Sébastien Farcis": capitalized name words only. */
const NAME_WORD = "\\p{Lu}[\\p{L}\\p{M}'’.-]*";
const BY_NAME = new RegExp(
  `^(?:[Bb]y|BY|[Pp]ar|PAR|[Vv]on|VON|[Pp]or|POR)\\s+${NAME_WORD}(?:\\s+(?:${NAME_WORD}|de|van|von|der|den|da|di|du|le|la|bin|al)){0,5}(?:\\s*(?:,|and|&|und|et|y)\\s+${NAME_WORD}(?:\\s+${NAME_WORD}){0,4})*$`,
  'u',
);
/** A byline's leading "By" (and its translations) — presentation, not part of the name. */
const BY_PREFIX = /^(?:by|par|von|por|door|di|da|av|af|przez|автор:?)\s+/i;
const TITLE_SEPARATORS = '\\|\\-–—\\\\\\/>»';
const HAS_SEPARATOR = new RegExp(`\\s[${TITLE_SEPARATORS}]\\s`);

interface JsonLdFacts {
  title?: string;
  byline?: string;
  description?: string;
  siteName?: string;
  datePublished?: string;
}

/** The microdata properties extractMetadata reads (`Collected.itemprops`). */
const ITEMPROPS_READ = new Set(['headline', 'description', 'author', 'datePublished']);

/** What one pass over the unmodified document collects for metadata. */
interface Collected {
  values: Record<string, string>;
  /** Keys whose value came from a `property` attribute (RDFa), which beats `name` for the same key. */
  fromProperty: Set<string>;
  title: string;
  lang: string | null;
  canonical: string | null;
  jsonLd: string[];
  /** The first value of each of ITEMPROPS_READ. */
  itemprops: Record<string, string>;
  headings: string[];
  h1s: string[];
  bylineText: string | null;
  /** A short element that reads "By Jane Roe" (no byline markup at all). */
  byPattern: string | null;
  firstParagraph: string | null;
  /** A microdata `itemtype` declares the page a discussion (DISCUSSION_TYPE). */
  discussionItem: boolean;
  /** Microdata `itemtype`s declaring a product (PRODUCT_TYPE) and a list of items (LIST_TYPE). */
  productItems: number;
  listItem: boolean;
  ogType: string;
}

/** schema.org types of a forum thread or a Q&A page, whose replies are the page's content. */
const DISCUSSION_TYPE = /\b(?:DiscussionForumPosting|QAPage)\b/;

/** schema.org types of one product for sale, and of a page listing several things. */
const PRODUCT_TYPE = /schema\.org\/(?:Product|ProductGroup|IndividualProduct)\b/;
const PRODUCT_LD_TYPE =
  /"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?(?:Product|ProductGroup|IndividualProduct)"/g;
const OFFERS = /"offers"\s*:/;
const LIST_TYPE = /\b(?:ItemList|CollectionPage|OfferCatalog|SearchResultsPage)\b/;

function readItemType(itemtype: string, c: Collected): void {
  if (DISCUSSION_TYPE.test(itemtype)) c.discussionItem = true;
  if (PRODUCT_TYPE.test(itemtype)) c.productItems++;
  if (LIST_TYPE.test(itemtype)) c.listItem = true;
}

/**
 * The page declares itself one product's page: OpenGraph `product`, or schema.org Product in
 * JSON-LD or microdata — and no list of items (ItemList, CollectionPage…) nor several products
 * (a category page marks up each of its cards).
 */
function declaresProduct(c: Collected): boolean {
  if (c.listItem || c.productItems > 1 || c.jsonLd.some((j) => LIST_TYPE.test(j))) return false;
  // A Product without offers is a service or a business dressed up for rating stars.
  const ldProducts = c.jsonLd.reduce((n, j) => n + (OFFERS.test(j) ? ldProductCount(j) : 0), 0);
  if (ldProducts > 1) return false;
  return ldProducts === 1 || c.productItems === 1 || OG_PRODUCT.test(c.ogType);
}

/** schema.org types of one product as JSON-LD writes them (`"Product"`, `"https://schema.org/ProductGroup"`). */
const PRODUCT_LD_NAME = /^(?:https?:\/\/schema\.org\/)?(?:Product|ProductGroup|IndividualProduct)$/;

function isProductObject(o: Record<string, unknown>): boolean {
  const t = o['@type'];
  if (typeof t === 'string') return PRODUCT_LD_NAME.test(t);
  return Array.isArray(t) && t.some((x) => typeof x === 'string' && PRODUCT_LD_NAME.test(x));
}

function findProductObject(v: unknown): Record<string, unknown> | null {
  if (Array.isArray(v)) {
    for (const item of v) {
      const hit = findProductObject(item);
      if (hit) return hit;
    }
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (isProductObject(o)) return o;
  if (Array.isArray(o['@graph'])) return findProductObject(o['@graph']);
  return null;
}

/**
 * The description a JSON-LD Product gives, as text: shops write the product's own copy there,
 * where their meta description is often a line of marketing for search results. Only the blocks
 * declaring a product are parsed.
 */
function productDescription(scripts: string[]): string | null {
  for (const raw of scripts) {
    if (!OFFERS.test(raw) || ldProductCount(raw) === 0) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      continue;
    }
    const description = findProductObject(parsed)?.description;
    if (typeof description === 'string' && description.trim())
      return decodeEntities(description.replace(/<[^>]*>/g, ' ')).trim();
  }
  return null;
}

/**
 * OpenGraph's types of one product (`product`, `og:product`, `product.item`, a site's `x:product`);
 * `product.group` is a group of products, which category pages declare.
 */
const OG_PRODUCT = /^(?:[\w-]+:)?product(?:\.item)?$/;
const PRODUCT_GROUP_LD_TYPE = /"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?ProductGroup"/g;

/** Products a JSON-LD block declares: a ProductGroup is one product, its variants (`hasVariant`) included. */
function ldProductCount(json: string): number {
  const groups = json.match(PRODUCT_GROUP_LD_TYPE)?.length ?? 0;
  return groups > 0 ? groups : (json.match(PRODUCT_LD_TYPE)?.length ?? 0);
}

function collect(root: Elem): Collected {
  const collector = new Collector();
  collector.visit(root);
  return collector.c;
}

/**
 * The one walk of collect. A class, not closures made for each page: V8's optimized code for a
 * closure expects the functions it calls and the context it reads to be the ones it first saw, and
 * was thrown away at every page (its walk then ran unoptimized until optimized again).
 */
class Collector {
  readonly c: Collected = {
    values: {},
    fromProperty: new Set(),
    title: '',
    lang: null,
    canonical: null,
    jsonLd: [],
    itemprops: {},
    headings: [],
    h1s: [],
    bylineText: null,
    byPattern: null,
    firstParagraph: null,
    discussionItem: false,
    productItems: 0,
    listItem: false,
    ogType: '',
  };
  /**
   * Whether an element or one of its ancestors is hidden or unlikely (navigation, sidebar,
   * comments…); asked only of the few elements that can give a date or a byline, and remembered,
   * so the costly tests are not run on every element of the page.
   */
  private readonly within = new Map<Elem, boolean>();
  /** Depth of enclosing <article>/<header> elements. */
  private headerDepth = 0;

  private inUnlikely(el: Elem | null): boolean {
    if (!el) return false;
    let known = this.within.get(el);
    if (known === undefined) {
      known = (el.tag !== 'html' && el.tag !== 'body' && isUnlikely(el)) || this.inUnlikely(el.parent);
      this.within.set(el, known);
    }
    return known;
  }

  /**
   * Kept small, the rare cases in methods of their own: V8 optimizes it again whenever a page
   * brings what its optimized code had not met, and a large function took long to compile.
   */
  visit(el: Elem): void {
    const c = this.c;
    const a = el.attrs;
    const tag = el.tag;
    if (a.itemtype !== undefined) readItemType(a.itemtype, c);
    if (READ_TAGS.has(tag) && this.readElement(el, tag, a)) return;
    if (a.itemprop) this.readItemprop(el, a.itemprop);
    const header = tag === 'article' || tag === 'header';
    if (header) this.headerDepth++;
    if (!c.bylineText && tag !== 'html' && tag !== 'body' && tag !== 'meta' && isBylineHint(a))
      this.readByline(el);
    if (!c.byPattern && BY_PATTERN_TAGS.has(tag)) this.readByPattern(el);
    const children = el.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as Node;
      if (child.type === 1) this.visit(child);
    }
    if (header) this.headerDepth--;
  }

  /** What an element of READ_TAGS gives; true when its content is not to be walked. */
  private readElement(el: Elem, tag: string, a: Record<string, string>): boolean {
    const c = this.c;
    switch (tag) {
      case 'html':
        if (a.lang || a['xml:lang']) c.lang = (a.lang ?? a['xml:lang'] ?? '').trim() || null;
        return false;
      case 'title':
        // An SVG's <title> names the drawing, not the document.
        if (!c.title && !hasAncestor(el, 'svg')) c.title = textContent(el).replace(/\s+/g, ' ').trim();
        return true;
      case 'meta':
        readMeta(a, c);
        return false;
      case 'link':
        if (!c.canonical && a.href && a.rel?.toLowerCase().split(/\s+/).includes('canonical'))
          c.canonical = a.href;
        return true;
      case 'script':
        if (a.type?.toLowerCase().includes('ld+json')) c.jsonLd.push(rawText(el));
        return true;
      case 'h1': {
        const text = innerText(el);
        c.h1s.push(text);
        c.headings.push(text);
        return false;
      }
      case 'h2':
        c.headings.push(innerText(el));
        return false;
      case 'time':
        // A <time> in the article's header: its publication date when nothing declares one.
        if (a.datetime && (this.headerDepth > 0 || a.pubdate !== undefined) && !this.inUnlikely(el.parent))
          c.values['time:datetime'] ??= a.datetime;
        // Any other <time> outside navigation, sidebars and running text: the last resort (blogs
        // and forums put their post date in a bare <time>; one inside a sentence dates an event).
        if (a.datetime && !c.values['time:first'] && !hasAncestor(el, 'p') && !this.inUnlikely(el.parent))
          c.values['time:first'] = a.datetime;
        return false;
      case 'p':
        if (!c.firstParagraph) {
          const t = innerText(el);
          if (t.length >= 80) c.firstParagraph = t;
        }
        return false;
      default:
        // style, noscript, template: no metadata inside.
        return true;
    }
  }

  private readItemprop(el: Elem, itemprop: string): void {
    const c = this.c;
    const a = el.attrs;
    // Read only for the properties metadata uses: an itemprop on a container (articleBody,
    // mainEntity) would otherwise have the text of its whole subtree built for nothing.
    let value: string | undefined;
    for (const name of itemprop.split(/\s+/)) {
      if (!ITEMPROPS_READ.has(name) || name in c.itemprops) continue;
      value ??= a.content ?? a.datetime ?? (el.tag === 'meta' ? '' : innerText(personNameElement(el) ?? el));
      if (value) c.itemprops[name] = value;
    }
  }

  /** An element marked as a byline (isBylineHint): its name, unless it is in an unlikely region. */
  private readByline(el: Elem): void {
    if (this.inUnlikely(el)) return;
    const t = bylineName(innerText(personNameElement(el) ?? el));
    if (t && t.length < 100 && !looksLikeDate(t)) this.c.bylineText = t;
  }

  /** A short element of BY_PATTERN_TAGS that reads "By Jane Roe". */
  private readByPattern(el: Elem): void {
    const first = el.children[0];
    if (first?.type === 3 && mayLeadWithBy(first.text) && BY_LEAD.test(first.text) && !this.inUnlikely(el)) {
      const t = innerText(el).replace(/\s+/g, ' ').trim();
      if (t.length <= 80 && BY_NAME.test(t)) this.c.byPattern = bylineName(t);
    }
  }
}

/** The elements Collector.readElement reads. */
const READ_TAGS = new Set([
  'html',
  'title',
  'meta',
  'link',
  'script',
  'style',
  'noscript',
  'template',
  'h1',
  'h2',
  'time',
  'p',
]);

/** "By …" and its translations at the start of a text (after whitespace). */
const BY_LEAD = /^\s*(?:by|par|von|por)\s/i;

/**
 * Whether BY_LEAD may match `text`, from its first character: asked of most blocks of a page, and
 * most start with an ASCII character that is neither whitespace nor `b`, `p` or `v` (either case).
 */
function mayLeadWithBy(text: string): boolean {
  const lower = text.charCodeAt(0) | 0x20;
  // ASCII whitespace (tab to carriage return, space) becomes 0x29-0x2d and 0x20 here.
  return (
    lower >= 0x80 ||
    lower === 0x62 ||
    lower === 0x70 ||
    lower === 0x76 ||
    lower === 0x20 ||
    (lower >= 0x29 && lower <= 0x2d)
  );
}

/** The element is marked as a byline or author (BYLINE_HINT has no space, so class and id are tested apart). */
function isBylineHint(a: Record<string, string>): boolean {
  return (
    a.rel === 'author' ||
    (a.itemprop?.includes('author') ?? false) ||
    (a.class !== undefined && BYLINE_HINT.test(a.class)) ||
    (a.id !== undefined && BYLINE_HINT.test(a.id))
  );
}

/**
 * Hidden elements and the regions Readability skips before it looks for a byline: navigation,
 * sidebars, comments, footers, menus, dialogs (by element, ARIA role or class/id).
 */
function isUnlikely(el: Elem): boolean {
  if (isHidden(el)) return true;
  if (el.tag === 'nav' || el.tag === 'aside' || el.tag === 'footer') return true;
  if (el.attrs.role && UNLIKELY_ROLES.has(el.attrs.role)) return true;
  const match = classAndId(el);
  return match.length > 1 && UNLIKELY.test(match) && !MAYBE_CANDIDATE.test(match) && el.tag !== 'a';
}

/** Inside an author/byline element, the part that is only the name (dates and "By" left out). */
function personNameElement(el: Elem): Elem | null {
  return findFirstWhere(
    el,
    (e) =>
      (e.attrs.itemprop?.split(/\s+/).includes('name') ?? false) ||
      (e.attrs.rel?.split(/\s+/).includes('author') ?? false) ||
      (e.tag === 'a' && /[/?&=_-]authors?(?:[/=_-]|$)/i.test(e.attrs.href ?? '')) ||
      /(?:^|[\s_-])author(?:$|[\s_-])/.test(e.attrs.class ?? ''),
  );
}

const MONTH_OR_DAY =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:sday)?|wed(?:nesday)?|thu(?:rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\b/i;

/** A "dateline" holding only a date or time is not a byline: names have no years or clock times. */
function looksLikeDate(t: string): boolean {
  if (!/\d/.test(t)) return false;
  if (!Number.isNaN(Date.parse(t))) return true;
  return /\b\d{1,2}:\d{2}\b/.test(t) || (/\b(?:19|20)\d{2}\b/.test(t) && MONTH_OR_DAY.test(t));
}

/** Byline text without a leading "By"/"Par"/"Von"… and surrounding punctuation. */
export function bylineName(t: string): string {
  return t
    .trim()
    .replace(BY_PREFIX, '')
    .replace(/^[\s:|,–—-]+|[\s|,–—-]+$/g, '')
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = {
  quot: '"',
  amp: '&',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
};

/**
 * Decodes entities left in a metadata value: CMSs often escape meta `content` twice
 * (`content="That&amp;#039;s"`), which parsing decodes only once. Invalid code points become U+FFFD.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(quot|amp|apos|lt|gt|nbsp));/gi, (m, hex, dec, named) => {
    if (named) return NAMED_ENTITIES[named.toLowerCase()] ?? m;
    const cp = hex ? Number.parseInt(hex, 16) : Number.parseInt(dec, 10);
    if (!cp || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(cp);
  });
}

function readMeta(a: Record<string, string>, c: Collected): void {
  const content = a.content?.trim();
  if (!content) {
    if (a.charset === undefined && a['http-equiv']?.toLowerCase() === 'content-language' && a.content) {
      c.values['content-language'] = a.content;
    }
    return;
  }
  const property = a.property;
  if ((property ?? a.name)?.trim().toLowerCase() === 'og:type') c.ogType = content.toLowerCase();
  let matched = false;
  const fromProperty = (key: string): void => {
    if (!c.fromProperty.has(key)) {
      c.values[key] = content;
      c.fromProperty.add(key);
    }
  };
  if (property) {
    for (const m of property.matchAll(PROPERTY_PATTERN)) {
      matched = true;
      fromProperty(m[0].toLowerCase().replace(/\s/g, ''));
    }
    // `property="author"` and friends (no vocabulary prefix) name the same things as `name=`.
    if (!matched && NAME_PATTERN.test(property)) {
      matched = true;
      fromProperty(property.toLowerCase().replace(/\s/g, '').replace(/\./g, ':'));
    }
  }
  const name = a.name;
  if (!matched && name && NAME_PATTERN.test(name)) {
    const key = name.toLowerCase().replace(/\s/g, '').replace(/\./g, ':');
    if (!(key in c.values)) c.values[key] = content;
  }
  const dateKey = (property ?? name ?? a.itemprop)?.toLowerCase().replace(/\s/g, '');
  if (dateKey && DATE_META.has(dateKey)) c.values[`date:${dateKey}`] ??= content;
  if (a['http-equiv']?.toLowerCase() === 'content-language') c.values['content-language'] = content;
  if (name?.toLowerCase() === 'twitter:image' || property?.toLowerCase() === 'twitter:image') {
    c.values['twitter:image'] ??= content;
  }
}

function wordCount(s: string): number {
  return s.split(/\s+/).length;
}

/** The page title without site-name decoration ("Story | Site" → "Story"), as Readability does it. */
export function articleTitle(docTitle: string, headings: string[], h1s: string[]): string {
  const orig = docTitle.trim();
  let cur = orig;
  let hierarchical = false;
  if (HAS_SEPARATOR.test(cur)) {
    hierarchical = /\s[\\/>»]\s/.test(cur);
    const all = [...orig.matchAll(new RegExp(`\\s[${TITLE_SEPARATORS}]\\s`, 'gi'))];
    cur = orig.substring(0, all[all.length - 1]?.index ?? orig.length);
    if (wordCount(cur) < 3)
      cur = orig.replace(new RegExp(`^[^${TITLE_SEPARATORS}]*[${TITLE_SEPARATORS}]`, 'gi'), '');
  } else if (cur.includes(': ')) {
    if (!headings.some((h) => h === cur)) {
      cur = orig.substring(orig.lastIndexOf(':') + 1);
      if (wordCount(cur) < 3) cur = orig.substring(orig.indexOf(':') + 1);
      else if (wordCount(orig.substring(0, orig.indexOf(':'))) > 5) cur = orig;
    }
  } else if ((cur.length > 150 || cur.length < 15) && h1s.length === 1) {
    cur = h1s[0] as string;
  }
  cur = cur.trim().replace(/\s{2,}/g, ' ');
  const wc = wordCount(cur);
  if (
    wc <= 4 &&
    (!hierarchical || wc !== wordCount(orig.replace(new RegExp(`\\s[${TITLE_SEPARATORS}]\\s`, 'g'), '')) - 1)
  ) {
    cur = orig;
  }
  return cur;
}

function personName(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (Array.isArray(v)) {
    const names = v.map(personName).filter((n): n is string => !!n);
    return names.length ? names.join(', ') : undefined;
  }
  if (v && typeof v === 'object' && 'name' in v && typeof v.name === 'string')
    return v.name.trim() || undefined;
  return undefined;
}

function typeMatches(t: unknown): boolean {
  if (typeof t === 'string') return JSONLD_ARTICLE_TYPES.test(t);
  return Array.isArray(t) && t.some((x) => typeof x === 'string' && JSONLD_ARTICLE_TYPES.test(x));
}

function findArticleObject(v: unknown): Record<string, unknown> | null {
  if (Array.isArray(v)) {
    for (const item of v) {
      const hit = findArticleObject(item);
      if (hit) return hit;
    }
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeMatches(o['@type'])) return o;
  if (Array.isArray(o['@graph'])) return findArticleObject(o['@graph']);
  return null;
}

function readJsonLd(scripts: string[], docTitle: () => string): JsonLdFacts {
  for (const raw of scripts) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, ''));
    } catch {
      continue;
    }
    const o = findArticleObject(parsed);
    if (!o) continue;
    const facts: JsonLdFacts = {};
    const name = typeof o.name === 'string' ? o.name.trim() : undefined;
    const headline = typeof o.headline === 'string' ? o.headline.trim() : undefined;
    if (name && headline && name !== headline) {
      const title = docTitle();
      const nameMatches = textSimilarity(name, title) > 0.75;
      const headlineMatches = textSimilarity(headline, title) > 0.75;
      facts.title = headlineMatches && !nameMatches ? headline : name;
    } else facts.title = name || headline;
    facts.byline = personName(o.author);
    if (typeof o.description === 'string') facts.description = o.description.trim();
    facts.siteName = personName(o.publisher);
    if (typeof o.datePublished === 'string') facts.datePublished = o.datePublished.trim();
    return facts;
  }
  return {};
}

function isUrl(s: string): boolean {
  return /^https?:\/\//i.test(s.trim());
}

/** ISO 8601 with milliseconds and `Z`; null when the value is not a date. */
function toIsoDate(v: string | undefined | null): string | null {
  let t = v?.trim();
  if (!t) return null;
  // Date-time without a zone: read as UTC so the result does not depend on the machine's zone.
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(t)) t = `${t.replace(' ', 'T')}Z`;
  // Compact forms: 20240305, 20240305T101500Z.
  const compact = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?Z?)?$/.exec(t);
  if (compact) {
    const [, y, mo, d, h = '00', mi = '00', s = '00'] = compact;
    t = `${y}-${mo}-${d}T${h}:${mi}:${s}Z`;
  }
  const d = new Date(t);
  if (Number.isNaN(d.getTime())) return null;
  const year = d.getUTCFullYear();
  return year < 1900 || year > 2200 ? null : d.toISOString();
}

function firstDate(...vals: Array<string | undefined | null>): string | null {
  for (const v of vals) {
    const d = toIsoDate(v);
    if (d) return d;
  }
  return null;
}

function firstOf(...vals: Array<string | undefined | null>): string | null {
  for (const v of vals) {
    const t = v?.trim();
    if (t) return t;
  }
  return null;
}

export interface MetadataExtras {
  /** Readability-style article title used to drop duplicate headings from the article. */
  articleTitle: string;
  firstParagraph: string | null;
  /** The page declares itself a forum thread or Q&A page (schema.org, JSON-LD or microdata). */
  discussion: boolean;
  /** The page declares itself one product's page (`declaresProduct`). */
  product: boolean;
  /** A product page's description in its JSON-LD Product (`productDescription`). */
  productDescription: string | null;
  /** The page declares itself one story (OpenGraph `og:type` article, no item list in JSON-LD). */
  story: boolean;
}

/**
 * Metadata from, in order of trust: JSON-LD article objects, Dublin Core / OpenGraph / Twitter
 * / Parse.ly meta tags, microdata, then page heuristics (title cleanup, byline elements).
 */
export function extractMetadata(
  doc: Elem,
  resolver: UrlResolver,
): { metadata: Metadata; extras: MetadataExtras } {
  const c = collect(doc);
  const v = c.values;
  let cachedTitle: string | null = null;
  const pageTitle = (): string => {
    cachedTitle ??= articleTitle(c.title, c.headings, c.h1s);
    return cachedTitle;
  };
  const ld = readJsonLd(c.jsonLd, pageTitle);
  const ip = c.itemprops;
  const articleAuthor = v['article:author'] && !isUrl(v['article:author']) ? v['article:author'] : undefined;
  // The document's title as the page states it (OpenGraph's has its own field, ogTitle); the
  // article's headline, cleaned of site-name decoration, is what extraction matches headings to.
  const title =
    firstOf(
      c.title,
      v['og:title'],
      c.h1s.find((h) => h.trim() !== ''),
    ) ?? firstOf(ld.title, v['dc:title'], v['dcterm:title'], v['twitter:title'], v['parsely-title']);
  const resolve = (u: string | null): string | null => (u ? resolver.resolve(u) : null);
  const metadata: Metadata = {
    title: title ?? (pageTitle() || ld.title || ip.headline || null),
    description: firstOf(
      ld.description,
      v['dc:description'],
      v['dcterm:description'],
      v['og:description'],
      v['weibo:article:description'],
      v['weibo:webpage:description'],
      v.description,
      v['twitter:description'],
      ip.description,
    ),
    language: firstOf(
      c.lang,
      v['content-language'],
      v['dc:language'],
      v.language,
      v['og:locale']?.replace('_', '-'),
    ),
    canonicalUrl: resolve(firstOf(c.canonical, v['og:url'])),
    ogTitle: firstOf(v['og:title']),
    ogDescription: firstOf(v['og:description']),
    ogImage: resolve(firstOf(v['og:image'], v['twitter:image'])),
    byline: firstOf(
      ld.byline,
      v['dc:creator'],
      v['dcterm:creator'],
      v.author,
      v['parsely-author'],
      articleAuthor,
      ip.author,
      c.bylineText,
      c.byPattern,
    ),
    publishedAt: firstDate(
      ld.datePublished,
      v['article:published_time'],
      v['parsely-pub-date'],
      ip.datePublished,
      ...[...DATE_META].map((k) => v[`date:${k}`]),
      v['dc:date'],
      v['dcterm:date'],
      v.date,
      v['time:datetime'],
      v['time:first'],
    ),
    siteName: firstOf(ld.siteName, v['og:site_name']),
  };
  for (const k of ['title', 'description', 'ogTitle', 'ogDescription', 'byline', 'siteName'] as const) {
    const value = metadata[k];
    if (value) metadata[k] = decodeEntities(value);
  }
  if (metadata.byline) metadata.byline = bylineName(metadata.byline) || null;
  const discussion = c.discussionItem || c.jsonLd.some((j) => DISCUSSION_TYPE.test(j));
  const product = declaresProduct(c);
  return {
    metadata,
    extras: {
      articleTitle: pageTitle(),
      firstParagraph: c.firstParagraph,
      discussion,
      product,
      productDescription: product ? productDescription(c.jsonLd) : null,
      story: c.ogType === 'article' && !c.jsonLd.some((j) => LIST_TYPE.test(j)),
    },
  };
}
