import { type Elem, findAll, innerText, type UrlResolver } from '@webcapture/content';
import { parseDate } from './coerce';
import type { Entity, SourceKind } from './page-model';
import { BLOCKS } from './text-lines';
import { isSiteName } from './titles';

type Add = (key: string, value: string, source: SourceKind, path: string) => void;

/** Class, id or itemprop words of an element that holds a byline (or a forum post's poster). */
const BYLINE_WORDS =
  /(?:^|[\s_-])(?:authors?|byline|by-line|writer|username|attribution|contributors?|creator)(?:$|[\s_-])/i;
const AUTHOR_HREF = /\/(?:authors?|contributors?|writers?|staff|profiles?|people)\/[^/?#]+/i;
const LEAD_IN =
  /^(?:(?:text|words|story|written|posted|started|reported|published|photos?|reporting)\s+)?(?:by|von|par|por|door|av|af|di|de|przez|od)\b\s*:?\s*|^(?:authors?|autor(?:in)?|auteur|written by)\s*:\s*/i;
const MAX_BYLINE_CHARS = 100;

/**
 * Who wrote the page as it shows it: rel=author links, author pages' links, elements whose class
 * says byline or author ("By Jane Doe and John Roe · 5 May 2024" → "Jane Doe and John Roe"), and
 * "By …" lines. Added under `author` after the meta tags; a meta author that is only the site's
 * name goes behind them (the page names a person).
 */
export function bylines(doc: Elem, page: Entity, sites: string[], resolver: UrlResolver, add: Add): void {
  const body = findAll(doc, (e) => e.tag === 'body')[0] ?? doc;
  const found: string[] = [];
  const take = (text: string, path: string, el: Elem) => {
    if (inOtherItem(el)) return;
    const name = authorFromByline(text);
    if (!name || found.includes(name) || found.length >= 3) return;
    found.push(name);
    add('author', name, 'text', path);
  };
  for (const a of findAll(body, (e) => e.tag === 'a' && /\bauthor\b/i.test(e.attrs.rel ?? '')))
    take(innerText(a), 'a[rel=author]', a);
  const marked = findAll(body, (e) =>
    BYLINE_WORDS.test(`${e.attrs.class ?? ''} ${e.attrs.id ?? ''} ${e.attrs.itemprop ?? ''}`),
  );
  // The innermost marked element: a byline box holds an avatar, a name and a bio; the name is inside.
  const outer = new Set<Elem>();
  for (const el of marked) for (let up = el.parent; up && !outer.has(up); up = up.parent) outer.add(up);
  for (const el of marked) {
    if (found.length >= 3) break;
    if (!outer.has(el))
      take(
        innerText(el),
        `.${(el.attrs.class ?? el.attrs.id ?? el.attrs.itemprop ?? '').split(/\s+/)[0]}`,
        el,
      );
  }
  if (found.length < 3)
    for (const a of findAll(body, (e) => e.tag === 'a' && AUTHOR_HREF.test(e.attrs.href ?? '')))
      if (onSameSite(resolver.resolve(a.attrs.href) ?? '', resolver.pageHost))
        take(innerText(a), 'a[href*=/author/]', a);
  // "By …" lines: only elements whose own text starts so are read whole (reading every div is quadratic).
  const startsBy = (e: Elem) =>
    (e.tag === 'p' || e.tag === 'span' || e.tag === 'div') &&
    e.children[0]?.type === 3 &&
    /^\s*(?:by|von|par|por|door)\s/i.test(e.children[0].text);
  for (const el of found.length < 3 ? findAll(body, startsBy) : []) {
    const text = innerText(el);
    if (text.length <= MAX_BYLINE_CHARS && /^(?:by|von|par|por|door)\s+\p{Lu}/iu.test(text))
      take(text, `"${text.slice(0, 40)}"`, el);
  }
  const authors = page.props.get('author');
  if (authors) {
    // Stable: site names last, everything else in the order it was found.
    authors.sort(
      (a, b) => Number(isSiteName(String(a.value), sites)) - Number(isSiteName(String(b.value), sites)),
    );
  }
}

/** A carousel's slides hold other works (recommendations, "customers also bought"), and their authors. */
const CAROUSEL_CLASS = /(?:^|[\s_-])(?:carousel|slider|swiper|slick)(?:$|[\s_-])/i;
/** A list item that is one review or comment: its author wrote the review, not the page. */
const REVIEW_ITEM = /(?:^|[\s_-])(?:reviews?|comments?)(?:$|[\s_-])/i;

/** A quotation or testimonial: the person it names said it, they did not write the page. */
const QUOTE_CLASS = /(?:^|[\s_-])(?:pullquote|quote|testimonials?)(?:$|[\s_-])/i;

/**
 * Whether an element sits in another item of the page: a carousel's slide, a review or comment in
 * a list, a quotation or testimonial (the element itself included: "testimonial__author").
 */
function inOtherItem(el: Elem): boolean {
  for (let up: Elem | null | undefined = el; up; up = up.parent) {
    if (up.tag === 'blockquote' || QUOTE_CLASS.test(up.attrs.class ?? '')) return true;
    if (up === el) continue;
    if (/^(?:slide|carousel)$/i.test(up.attrs['aria-roledescription'] ?? '')) return true;
    if (CAROUSEL_CLASS.test(up.attrs.class ?? '')) return true;
    if (up.tag === 'li' && REVIEW_ITEM.test(`${up.attrs.class ?? ''} ${up.attrs.id ?? ''}`)) return true;
  }
  return false;
}

/**
 * An author page lives on the page's own site (its host or a sibling subdomain); a /profile/ link
 * to another site is a social network account ("Bluesky" in a share bar).
 */
function onSameSite(url: string, pageHost: string): boolean {
  const site = (host: string) => host.split('.').slice(-2).join('.');
  try {
    return !pageHost || site(new URL(url).hostname) === site(pageHost);
  } catch {
    return false;
  }
}

/** Words of buttons and menus ("Follow the author", "Reset to default"), never of a name. */
const UI_WORDS =
  /\b(?:follow|author|authors|books|profile|view|see all|subscribe|newsletter|sign in|log in|menu|share|comments?|reset|default|settings|click)\b/i;

/** "By Jane Doe | May 5, 2024" → "Jane Doe"; null when what is left is no name. */
export function authorFromByline(text: string): string | null {
  let name = text.replace(/\s+/g, ' ').trim();
  if (!name || name.length > MAX_BYLINE_CHARS) return null;
  name = name.replace(LEAD_IN, '');
  name = (
    name.split(/\s+[|·•»—–]\s+|\s+-\s+|,?\s+(?:on|am|le|el|il|published|updated)\s+(?=\S*\d)/i)[0] ?? ''
  ).trim();
  name = name
    .replace(/\s*\((?:author|editor|writer|staff)\)\s*$/i, '')
    .replace(/[,;:]+$/, '')
    .trim();
  if (!name || name.length < 2 || name.split(' ').length > 8 || /^\d|https?:|@|\d{3,}/.test(name))
    return null;
  if (parseDate(name) || !/\p{L}/u.test(name) || UI_WORDS.test(name)) return null;
  return name;
}

/** The page's first <time> (its datetime, else its text) and dated bylines, as the publication date. */
export function pageDates(doc: Elem, add: Add): void {
  const body = findAll(doc, (e) => e.tag === 'body')[0] ?? doc;
  const time = findAll(body, (e) => e.tag === 'time')[0];
  if (time) {
    const value = time.attrs.datetime ?? innerText(time);
    if (parseDate(value)) add('datePublished', value, 'text', 'time');
  }
  const dated = findAll(body, (e) =>
    /(?:^|[\s_-])(?:date|published|posted|postdate|timestamp|author|byline)(?:$|[\s_-])/i.test(
      `${e.attrs.class ?? ''}`,
    ),
  );
  // The first few only: a page's date comes early, and each element is read whole.
  for (const el of dated.slice(0, 20)) {
    const text = innerText(el);
    if (text.length > 120) continue;
    if (parseDate(text)) {
      add('datePublished', text, 'text', `.${(el.attrs.class ?? '').split(/\s+/)[0]}`);
      return;
    }
  }
}

/**
 * A catalogue's "Tolkien, J. R. R." as the page's own text writes it, given names first ("J. R. R.
 * Tolkien"), when its paragraphs do (hidden markup often keeps the catalogue form); else null.
 */
export function writtenGivenNamesFirst(surnameFirst: string, page: Entity): string | null {
  const [surname, given] = surnameFirst.split(/,\s*/) as [string, string | undefined];
  if (!given) return null;
  const tokens = [...given.split(/[\s.]+/).filter(Boolean), surname].map((t) =>
    t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  const written = new RegExp(`(?<![\\p{L}])${tokens.join('(?:\\.\\s*|\\s+)')}(?![\\p{L}])`, 'u');
  for (const paragraph of page.props.get('articleBody') ?? []) {
    const found = written.exec(String(paragraph.value));
    if (found) return found[0];
  }
  return null;
}

/** Nouns of a written or made work, in a lead sentence: "… is an epic novel by …". */
const WORK_NOUN =
  'novel|novella|book|trilogy|series|saga|collection|anthology|memoir|biography|autobiography|textbook|cookbook|guide|handbook|poem|play|story|essay|volume|comic|manga|album|song|film|treatise';
/** A person's name as written in running text: initials and capitalised words, a particle allowed. */
const PERSON = String.raw`(?:(?:van|von|de|der|da|di|du|del|le|la)\s+|\p{Lu}[\p{L}'’-]*(?:\.\s*|\s+)){0,4}\p{Lu}[\p{L}'’-]+`;
/** "English author" before the name is the person's role, not a part of the name. */
const ROLE = String.raw`(?:(?:the\s+)?(?:\p{Lu}\p{Ll}+\s+)?(?:author|writer|novelist|poet|journalist|historian|playwright|illustrator|scholar)\s+)?`;
const PEOPLE = String.raw`${ROLE}(${PERSON}(?:(?:\s*,\s*|\s*,?\s+(?:and|&)\s+)${PERSON}){0,3})(?!\s*\p{Lu})`;
/**
 * A lead sentence naming a work and who made it: "<Title> is an English-language fictional trilogy
 * by J. R. R. Tolkien", "<Title> was written by J.R.R Tolkien".
 */
const WORK_SENTENCE = new RegExp(
  String.raw`^(\p{Lu}[^.!?;:()"]{0,100}?)\s+(?:is|was)\s+(?:(?:an?|the)\s+(?:[\p{L}\d'’-]+\s+){0,6}?(?:${WORK_NOUN})\s+(?:(?:written|authored|edited)\s+)?|(?:(?:originally|first)\s+)?(?:written|authored|co-written)\s+)by\s+${PEOPLE}`,
  'u',
);
/** "… published in the United Kingdom in 1954 by George Allen & Unwin" / "published by Ace in 1965". */
const PUBLISHED =
  /\bpublished\b(?:([^.]{0,80}?)\bby\s+(\p{Lu}[\p{L}'’-]*(?:\s+(?:&|and|of)\s+\p{Lu}[\p{L}'’-]*|\s+\p{Lu}[\p{L}'’-]*){0,5})(?![\p{L}'’-])|\s+by\s+(\p{Lu}[\p{L}'’-]*(?:\s+(?:&|and|of)\s+\p{Lu}[\p{L}'’-]*|\s+\p{Lu}[\p{L}'’-]*){0,5})\s+in\s+(\d{4})\b)/u;
/** A year, or a month and year ("June 1954", "June 3, 1954"), in the words between "published" and "by". */
const MONTH_YEAR =
  /\b(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+(?:\d{1,2},?\s+)?)?(?:1[5-9]|20)\d\d\b/gi;
/** Words a title writes in lower case ("The Lord of the Rings"); any other lower-case word is prose. */
const TITLE_SMALL_WORDS = new Set(
  'a an the of and or nor but in on at to for from with by as de la le les du des et und der die das von y e da di'.split(
    ' ',
  ),
);
/** Subjects that are prose, not a title: "It is a novel by …", "This book was written by …". */
const PRONOUN_START =
  /^(?:it|this|that|these|those|he|she|they|there|here|we|i|you|which|who|what|our|my|his|her|their|its|one|each|every|some)\b/i;
const MAX_LEAD_PARAGRAPHS = 3;

/** What a work's lead sentence says about it; `title` and `authors` always, the rest when written. */
export interface WorkSentence {
  title: string;
  authors: string;
  publisher?: string;
  date?: string;
  path: string;
}

/**
 * The work a page's lead sentence introduces, as the page says it (never guessed): one of the
 * first paragraphs starts "<Title> is a/an … <novel|book|…> by <Person>" or "<Title> was written
 * by <Person>", the title written in title case and no pronoun; the same paragraph's "published
 * … in <year> by <Publisher>" gives the publisher and date. Null when no paragraph starts so.
 */
export function creativeWorkSentence(doc: Elem): WorkSentence | null {
  let found: WorkSentence | null = null;
  leadParagraphs(doc, (text) => {
    const match = WORK_SENTENCE.exec(text);
    const title = match?.[1]?.trim();
    if (!match || !title || !match[2] || !isTitleCase(title)) return false;
    found = { title, authors: match[2], path: `sentence "${text.slice(0, 40)}"` };
    const published = PUBLISHED.exec(text.slice(match[0].length));
    if (published) {
      found.publisher = published[2] ?? published[3];
      const date = published[4] ?? [...(published[1] ?? '').matchAll(MONTH_YEAR)].pop()?.[0];
      if (date) found.date = date;
    }
    return true;
  });
  return found;
}

const NOT_PROSE = new Set(['script', 'style', 'template', 'noscript', 'head', 'nav', 'header', 'footer']);

/**
 * The text of the page's first paragraphs (a <p>, or a <div> holding no block) of 30 characters
 * or more, in document order, until `visit` says done or MAX_LEAD_PARAGRAPHS were read: the walk
 * stops there rather than listing every paragraph of a long page.
 */
function leadParagraphs(doc: Elem, visit: (text: string) => boolean): void {
  const stack: Elem[] = [doc];
  let read = 0;
  while (stack.length && read < MAX_LEAD_PARAGRAPHS) {
    const el = stack.pop() as Elem;
    if (NOT_PROSE.has(el.tag)) continue;
    if (el.tag === 'p' || (el.tag === 'div' && !el.children.some((c) => c.type === 1 && BLOCKS.has(c.tag)))) {
      const text = innerText(el).replace(/\s+/g, ' ').trim();
      if (text.length >= 30) {
        read++;
        if (visit(text)) return;
      }
      if (el.tag === 'p') continue;
    }
    for (let i = el.children.length - 1; i >= 0; i--) {
      const child = el.children[i];
      if (child?.type === 1) stack.push(child);
    }
  }
}

function isTitleCase(title: string): boolean {
  const words = title.split(/\s+/);
  if (words.length > 12 || PRONOUN_START.test(title)) return false;
  return words.every((w, i) => /^[\p{Lu}\d"'“‘(]/u.test(w) || (i > 0 && TITLE_SMALL_WORDS.has(w)));
}
