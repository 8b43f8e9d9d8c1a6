import { type Elem, findAll, innerText } from '@webcapture/content';
import { parseDate } from './coerce';
import type { Entity, SourceKind } from './page-model';
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
export function bylines(doc: Elem, page: Entity, sites: string[], add: Add): void {
  const body = findAll(doc, (e) => e.tag === 'body')[0] ?? doc;
  const found: string[] = [];
  const take = (text: string, path: string) => {
    const name = authorFromByline(text);
    if (!name || found.includes(name) || found.length >= 3) return;
    found.push(name);
    add('author', name, 'text', path);
  };
  for (const a of findAll(body, (e) => e.tag === 'a' && /\bauthor\b/i.test(e.attrs.rel ?? '')))
    take(innerText(a), 'a[rel=author]');
  const marked = findAll(body, (e) =>
    BYLINE_WORDS.test(`${e.attrs.class ?? ''} ${e.attrs.id ?? ''} ${e.attrs.itemprop ?? ''}`),
  );
  // The innermost marked element: a byline box holds an avatar, a name and a bio; the name is inside.
  const outer = new Set<Elem>();
  for (const el of marked) for (let up = el.parent; up && !outer.has(up); up = up.parent) outer.add(up);
  for (const el of marked) {
    if (found.length >= 3) break;
    if (!outer.has(el))
      take(innerText(el), `.${(el.attrs.class ?? el.attrs.id ?? el.attrs.itemprop ?? '').split(/\s+/)[0]}`);
  }
  if (found.length < 3)
    for (const a of findAll(body, (e) => e.tag === 'a' && AUTHOR_HREF.test(e.attrs.href ?? '')))
      take(innerText(a), 'a[href*=/author/]');
  // "By …" lines: only elements whose own text starts so are read whole (reading every div is quadratic).
  const startsBy = (e: Elem) =>
    (e.tag === 'p' || e.tag === 'span' || e.tag === 'div') &&
    e.children[0]?.type === 3 &&
    /^\s*(?:by|von|par|por|door)\s/i.test(e.children[0].text);
  for (const el of found.length < 3 ? findAll(body, startsBy) : []) {
    const text = innerText(el);
    if (text.length <= MAX_BYLINE_CHARS && /^(?:by|von|par|por|door)\s+\p{Lu}/iu.test(text))
      take(text, `"${text.slice(0, 40)}"`);
  }
  const authors = page.props.get('author');
  if (authors) {
    // Stable: site names last, everything else in the order it was found.
    authors.sort(
      (a, b) => Number(isSiteName(String(a.value), sites)) - Number(isSiteName(String(b.value), sites)),
    );
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
