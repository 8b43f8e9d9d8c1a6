import { MAYBE_CANDIDATE, UNLIKELY, UNLIKELY_ROLES } from '../article';
import { isHidden } from '../cleanup/page-cleanup';
import {
  classAndId,
  type Elem,
  findFirstWhere,
  hasAncestor,
  innerText,
  type Node,
  rawText,
  textContent,
} from '../parse';
import { BY_LEAD, BY_NAME, bylineName, looksLikeDate, mayLeadWithBy } from './byline';
import type { Collected } from './collected';
import { readItemType } from './page-kind';

const PROPERTY_PATTERN =
  /\s*(article|dc|dcterm|og|twitter)\s*:\s*(author|creator|description|published_time|title|site_name|image|url|locale)\s*/gi;

const NAME_PATTERN =
  /^\s*(?:(dc|dcterm|og|twitter|parsely|weibo:(?:article|webpage))\s*[-.:]\s*)?(author|creator|pub-date|description|title|site_name|date|image|language)\s*$/i;

const BYLINE_HINT = /byline|author|dateline|writtenby|p-author/i;

/** Meta names/properties that carry a publication date (Dublin Core, Sailthru, Parse.ly, OpenGraph…). */
export const DATE_META = new Set([
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

/** The microdata properties extractMetadata reads (`Collected.itemprops`). */
const ITEMPROPS_READ = new Set(['headline', 'description', 'author', 'datePublished']);

export function collect(root: Elem): Collected {
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
