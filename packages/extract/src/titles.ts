import { type Elem, findAll, type Node } from '@webcapture/content';
import { parseDate } from './coerce';

type Text = Exclude<Node, Elem>;

/** Letters and digits only, lower case: how two spellings of one name are compared. */
export function squash(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** "www.amateurphotographer.co.uk" → "amateurphotographer": the name a site's host spells. */
export function hostCore(host: string): string {
  const labels = host.replace(/^www\d?\./, '').split('.');
  if (labels.length < 2) return labels[0] ?? '';
  const secondLevel =
    labels.length >= 3 && /^(co|com|org|net|ac|gov|edu)$/.test(labels[labels.length - 2] ?? '');
  return labels[labels.length - (secondLevel ? 3 : 2)] ?? '';
}

/** The names a page calls its site by: og:site_name, application-name, the host. */
export function siteNames(doc: Elem, host: string): string[] {
  const names = findAll(
    doc,
    (e) =>
      e.tag === 'meta' &&
      /^(og:site_name|application-name|apple-mobile-web-app-title)$/i.test(
        e.attrs.property ?? e.attrs.name ?? '',
      ),
  )
    .map((e) => e.attrs.content ?? '')
    .filter((n) => squash(n).length >= 3);
  const core = hostCore(host);
  if (core.length >= 3) names.push(core);
  return names;
}

/** Whether a part of a title is the site's name ("Amateur Photographer", "virtualbox.org"). */
export function isSiteName(part: string, sites: string[]): boolean {
  const p = squash(part);
  if (p.length < 3) return false;
  return sites.some((site) => {
    const s = squash(site);
    return (
      p === s ||
      (s.length >= 4 && p.startsWith(s) && p.length - s.length <= 4) ||
      (p.length >= 4 && s.includes(p))
    );
  });
}

const SEPARATOR = /\s+(?:[|–—·•»:]{1,2}|-)\s+/g;

/**
 * A title without the site's name around it: "Beginner's guide | Amateur Photographer" →
 * "Beginner's guide". Only parts at either end that name the site go; the rest stays as written.
 */
export function withoutSiteName(title: string, sites: string[]): string {
  const parts: { text: string; start: number; end: number }[] = [];
  let last = 0;
  for (const m of title.matchAll(SEPARATOR)) {
    parts.push({ text: title.slice(last, m.index), start: last, end: m.index ?? 0 });
    last = (m.index ?? 0) + m[0].length;
  }
  parts.push({ text: title.slice(last), start: last, end: title.length });
  if (parts.length < 2) return title;
  let from = 0;
  let to = parts.length - 1;
  while (to > from && isSiteName(parts[to]?.text ?? '', sites)) to--;
  while (from < to && isSiteName(parts[from]?.text ?? '', sites)) from++;
  if (from === 0 && to === parts.length - 1) return title;
  return title.slice(parts[from]?.start ?? 0, parts[to]?.end ?? title.length).trim();
}

/**
 * A name with decorations the page's own heading does without: the document title or a feed's
 * name ("Trail 25 Pack - Shadow Bay - XS - XL", "Guide — Girl Eat World") gives way to the heading
 * it starts or ends with, when a separator sets the rest apart (a longer name that only goes on,
 * "Nike Pegasus 41 Men's Road Running Shoes", is not a decorated "Nike Pegasus 41").
 */
export function cleanTitle(text: string, headings: string[], sites: string[]): string {
  const spaced = (t: string) => t.replace(/\s+/g, ' ').trim();
  const whole = spaced(text);
  const lower = whole.toLowerCase();
  for (const raw of headings) {
    const heading = spaced(raw);
    const h = heading.toLowerCase();
    if (h === lower || heading.split(' ').length < 2 || isSiteName(heading, sites)) continue;
    // The name's own spelling of the heading's words (a heading may be styled in capitals).
    if (lower.startsWith(h) && /^\s*[|–—•·»,:(/-]/.test(whole.slice(h.length)))
      return whole.slice(0, h.length);
    const rest = whole.length - h.length;
    if (lower.endsWith(h) && /[|–—•·»-]\s*$/.test(whole.slice(0, rest))) return whole.slice(rest);
  }
  return withoutSiteName(text, sites);
}

/** The first line of a page's text, for a page without a heading nor a title (a bare snippet). */
export function firstLine(doc: Elem): string | null {
  let found: string | null = null;
  bodyTexts(doc, CHROME, (node) => {
    // A line ending in a colon ("Original:", "Ingredients:") heads what follows: the next line.
    const line = node.text.split('\n').find((l) => l.trim() && !l.trim().endsWith(':'));
    // A link's text is a way elsewhere (a breadcrumb, a menu), not the page's name.
    if (!line || insideLink(node)) return true;
    const text = line.replace(/\s+/g, ' ').trim();
    // Punctuation between links (a breadcrumb's ">") and a date ("Sat Sep 14", when, not what) pass.
    if (!/\p{L}/u.test(text) || isDateLine(text)) return true;
    // A "Label: value" line is a label's, not the page's name.
    if (text.length >= 3 && text.length <= 120 && !/^[^:]{1,40}:\s/.test(text)) found = text;
    return false;
  });
  return found;
}

function insideLink(node: Node): boolean {
  for (let up = node.parent; up; up = up.parent) if (up.tag === 'a') return true;
  return false;
}

const WEEKDAY_OR_MONTH =
  /^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?$/i;

/** A line that only says a day: "Sat Sep 14", "5 May 2024", "June 3rd". */
function isDateLine(text: string): boolean {
  return WEEKDAY_OR_MONTH.test(text) || (text.length <= 40 && !!parseDate(text));
}

/** The binding or edition a shop adds to a book's name: "Hardcover – October 16, 2018", "(2013, Paperback)". */
const FORMAT_TAIL =
  /\s*(?:[-–—:,|]\s*|\(\s*(?:\d{4},?\s*)?|\s)(?:hardcover|hardback|paperback|mass market paperback|kindle edition|audible audiobook|audiobook|audio cd|board book|spiral-bound|library binding|ebook)\b(?:\s*\)|\s*[-–—,:]\s*.*)?\s*$/i;

/**
 * A book's or product's name without what the shop adds around it: its binding and date, and a
 * trailing "by <author>" when that author is one the page names ("… by J. B. MacKinnon (2013,
 * Hardcover)" → "…"). Unchanged when nothing is added or too little would be left.
 */
export function withoutShopDecorations(text: string, authors: string[]): string {
  let name = text.replace(FORMAT_TAIL, '').trim();
  const by = /^(.{3,}?)\s+by\s+([^()|:]{2,80})$/i.exec(name);
  if (by?.[1] && by[2] && authors.some((a) => squash(a) === squash(by[2] as string))) name = by[1].trim();
  return squash(name).length >= 3 ? name : text;
}

const CHROME = new Set(['script', 'style', 'template', 'noscript', 'nav', 'header', 'footer']);

/** The body's text nodes in document order, outside `skipped` elements, until `visit` says false. */
export function bodyTexts(doc: Elem, skipped: Set<string>, visit: (text: Text) => boolean): void {
  const stack: Node[] = [findAll(doc, (e) => e.tag === 'body')[0] ?? doc];
  while (stack.length) {
    const node = stack.pop() as Node;
    if (node.type === 1) {
      if (skipped.has(node.tag)) continue;
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Node);
    } else if (!visit(node)) return;
  }
}
