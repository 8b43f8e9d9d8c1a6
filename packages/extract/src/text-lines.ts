import { type Elem, findAll, innerText } from '@webcapture/content';
import { parseDate } from './coerce';
import type { SourceKind } from './page-model';
import { bodyTexts } from './titles';

type Add = (key: string, value: string, source: SourceKind, path: string) => void;

const LABEL_LINE = /^([^:\n]{2,40}?)\s*[:：]\s+(.{1,300})$/;
const PRICE_LINE =
  /^(?:(?:price|our price|sale price|now)\s*:?\s*)?((?:[$€£¥₹]|\b(?:USD|EUR|GBP|CAD|AUD|CHF)\b)\s?\d[\d.,]*|\d[\d.,]*\s?(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF)\b))$/i;
const STOCK_LINE = /^(in stock|out of stock|sold out|currently unavailable|available now|pre-?order)[.!]?$/i;
/** Block-level tags: an element holding one of these is not a leaf for "Label: value" text. */
export const BLOCKS = new Set([
  'div',
  'p',
  'ul',
  'ol',
  'li',
  'table',
  'section',
  'article',
  'dl',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'br',
]);
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'select', 'option', 'button']);

/**
 * Text written in lines (a plain-text page, lines broken by <br>): each "Label: value" line is a
 * label's value, a line that is only a price is a price, a line that is only a stock phrase is
 * the availability. Lines inside one element, which the element-level reading sees as one text.
 */
export function textLines(doc: Elem, add: Add): void {
  let prices = 0;
  let dates = 0;
  let rated = false;
  bodyTexts(doc, SKIPPED, (node) => {
    const lines = node.text
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    for (const line of lines) {
      placeAndPages(line, add);
      buyBoxLine(line, add);
      // The first rating line only: later ones are single reviews' stars.
      if (!rated) rated = ratingText(line, add);
      if (dates < MAX_DATE_LINES && isDateOnlyLine(line)) {
        dates++;
        add('Date', line, 'text', `"${line}"`);
      }
    }
    // One line alone is read here when it stands between blocks of its parent ("</div> Phone: +43 …
    // <img>"): the element-level reading sees it only inside the parent's whole text.
    const broken = node.parent?.children.some((c) => c.type === 1 && (c.tag === 'br' || BLOCKS.has(c.tag)));
    if (lines.length < 2 && !broken) return true;
    let heading: string | null = null;
    let previous = '';
    for (const line of lines) {
      streetAndCity(previous, line, add);
      previous = line;
      // "Ingredients:" then "- 1 egg" lines: a list under that heading.
      const item = /^[-*•·▢]\s+(.{1,300})$/.exec(line);
      if (heading && item?.[1]) {
        add(heading, item[1], 'list', `list under "${heading}"`);
        continue;
      }
      heading = /^([^:]{2,40}):$/.exec(line)?.[1] ?? null;
      const label = LABEL_LINE.exec(line);
      if (label?.[1] && label[2] && !/https?$/i.test(label[1]))
        add(label[1].trim(), label[2], 'text', `"${line.slice(0, 60)}"`);
      const price = PRICE_LINE.exec(line);
      if (price?.[1] && prices++ < 3) add('price', price[1], 'text', `"${line}"`);
      if (STOCK_LINE.test(line)) add('availability', line, 'text', `"${line}"`);
    }
    return true;
  });
}

/**
 * A line that is nothing but a day ("Wed 01 October 2014 19:30", "2017-03-06T19:30:00-08:00",
 * "January 22, 2026, 8:00 PM - 9:00 PM"): an event's or a posting's date written without a label.
 * The first ones only: a page's own date comes before the dates of what it lists.
 */
const MAX_DATE_LINES = 2;
const DATE_LINE_WORDS =
  /\b(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|[ap]\.?m|at|st|nd|rd|th|utc|gmt)\b\.?|(?<=\d)T(?=\d)/gi;

export function isDateOnlyLine(line: string): boolean {
  return line.length <= 60 && !/\p{L}/u.test(line.replace(DATE_LINE_WORDS, '')) && parseDate(line) !== null;
}

/** "Denver, CO 80209", "79 Washington St., Providence, RI 02903": a US address's city and ZIP. */
const US_LOCALITY = /(?:^|,\s*)(\p{Lu}[\p{L}.' -]{1,30}?),?\s+([A-Z]{2})\s+(\d{5})(?:-\d{4})?$/u;
/**
 * "$29.99 - In stock": a buy box's price and stock on one line, read wherever it stands (a price
 * alone is read only in a page written in lines: a lone price in a card is some other product's).
 */
function buyBoxLine(line: string, add: Add): void {
  const parts = line.split(/\s+[-–|·•]\s+/);
  if (parts.length < 2 || parts.length > 3) return;
  const stock = parts.find((p) => STOCK_LINE.test(p));
  const price = parts.map((p) => PRICE_LINE.exec(p)?.[1]).find((p) => p !== undefined);
  if (!stock || !price) return;
  add('price', price, 'text', `"${line}"`);
  add('availability', stock, 'text', `"${line}"`);
}

/**
 * "Rated 3.5/5 based on 11 customer reviews", "4 stars - 33 reviews", "4.6 out of 5 (1,204
 * ratings)": a rating and a review count written without structured data. A rating counts at the
 * start of the text or after "Rated"/"Rating" only (not "5 stars" inside a sentence), out of 5.
 */
const RATING_TEXT =
  /(?:^|\brated\s+|\brating:?\s+)(\d(?:[.,]\d{1,2})?)\s*(?:\/\s*5|out of 5|stars?)(?=\W|$)/i;
const REVIEW_COUNT_TEXT =
  /(?:^|\bbased on\s+|[-–(·|]\s*)(\d{1,3}(?:,\d{3})+|\d+)\s+(?:customer\s+|user\s+|verified\s+)?(?:reviews?|ratings?)\b/i;

/** Reads a rating and review count from one text; true when it found either. */
export function ratingText(text: string, add: Add): boolean {
  if (text.length > 120) return false;
  const rating = RATING_TEXT.exec(text);
  const count = REVIEW_COUNT_TEXT.exec(text);
  if (rating?.[1]) add('ratingValue', rating[1], 'text', `"${text.slice(0, 60)}"`);
  if (count?.[1]) add('reviewCount', count[1], 'text', `"${text.slice(0, 60)}"`);
  return !!(rating || count);
}

/** "3102 Highway 98" then "Mexico Beach, FL": a street line, then its city and state. */
const STREET_LINE = /^\d{1,6}[a-z]?\s+\p{L}[\p{L}\d .'-]{2,60}$/u;
const CITY_STATE_LINE = /^(\p{Lu}[\p{L}.' -]{1,30}),\s*([A-Z]{2})$/u;

function streetAndCity(previous: string, line: string, add: Add): void {
  const city = CITY_STATE_LINE.exec(line);
  if (!city?.[1] || !STREET_LINE.test(previous)) return;
  add('Street address', previous, 'text', `"${previous}"`);
  add('City', city[1].trim(), 'text', `"${line}"`);
}

/** US states' and Canadian provinces' postal codes: "Kirkland WA" is a city and its state. */
const STATE_CODES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(
    ' ',
  ),
);
const PLACE_WITH_STATE = /^(\p{Lu}[\p{L}.' -]{1,30}?),?\s+([A-Z]{2})$/u;

/** The city of a place written "Kirkland WA" or "Ottawa, ON" (a state or province code after it); else null. */
export function cityOfPlace(place: string): string | null {
  const match = PLACE_WITH_STATE.exec(place);
  return match?.[1] && match[2] && STATE_CODES.has(match[2]) ? match[1].trim() : null;
}

/** "224 pages", "320 Pages": a book's length written without a label. */
const PAGE_COUNT = /^(\d{1,5})\s+pages?$/i;

/** What a line says without a label: the city and postal code of an address, a page count. */
function placeAndPages(line: string, add: Add): void {
  if (line.length > 120) return;
  const place = US_LOCALITY.exec(line);
  if (place?.[1] && place[3]) {
    add('City', place[1].trim(), 'text', `"${line.slice(0, 60)}"`);
    add('Postal code', place[3], 'text', `"${line.slice(0, 60)}"`);
  }
  const pages = PAGE_COUNT.exec(line);
  if (pages?.[1]) add('Pages', pages[1], 'text', `"${line}"`);
}

/** Words of a class that name a field a visitor reads ("event-title", "job__company"). */
const FIELD_CLASS =
  /(?:^|[-_\s])(title|name|venue|location|address|city|company|employer|organi[sz]er|author|publisher|isbn|sku|mpn|gtin|salary|price|date|yield|servings)(?:$|[-_\s])/i;
const MAX_FIELD_CHARS = 150;
const MAX_MARKED = 200;

/**
 * Values a page marks by class instead of a visible label: an element whose class names a field
 * (`<div class="event-venue">The Hi-Dive…`) gives its own text under its class (".event-venue",
 * matched by its words), and an element classed as a label (`<div class="label">Prep</div><span>10 mins</span>`)
 * labels the element after it.
 */
export function markedFields(doc: Elem, add: Add): void {
  let added = 0;
  for (const el of findAll(doc, (e) => !!e.attrs.class && e.tag !== 'body' && e.tag !== 'html')) {
    if (added >= MAX_MARKED) return;
    const classes = el.attrs.class ?? '';
    if (/(?:^|[-_\s])label(?:$|\s)/i.test(classes) && el.tag !== 'label') {
      const label = innerText(el)
        .replace(/\s+/g, ' ')
        .replace(/[:：]\s*$/, '')
        .trim();
      const next = nextSibling(el);
      const value = next ? innerText(next).replace(/\s+/g, ' ').trim() : '';
      if (label && label.length <= 40 && value && value.length <= MAX_FIELD_CHARS) {
        add(label, value, 'label', `.${classes.split(/\s+/)[0]} "${label}"`);
        added++;
      }
      continue;
    }
    const field = classes.split(/\s+/).find((c) => FIELD_CLASS.test(c));
    if (!field) continue;
    const text = ownText(el);
    if (text && text.length <= MAX_FIELD_CHARS && /\p{L}|\d/u.test(text)) {
      // Keyed ".event-title": read as a label's words, never taken for the schema.org name `title`.
      add(`.${field}`, text, 'text', `.${field}`);
      added++;
    }
  }
}

/** An element's text without that of the blocks inside it (a venue's name before its address). */
function ownText(el: Elem): string {
  if (!el.children.some((c) => c.type === 1 && BLOCKS.has(c.tag)))
    return innerText(el).replace(/\s+/g, ' ').trim();
  return el.children
    .filter((c) => c.type !== 1 || !BLOCKS.has(c.tag))
    .map((c) => (c.type === 1 ? innerText(c) : c.type === 3 ? c.text : ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The element after this one among its parent's children. */
export function nextSibling(el: Elem): Elem | null {
  const siblings = el.parent?.children ?? [];
  for (let i = siblings.indexOf(el) + 1; i < siblings.length; i++) {
    const next = siblings[i];
    if (next && next.type === 1) return next;
  }
  return null;
}

const IN_STOCK_ACTION =
  /^(add to (cart|basket|bag|trolley)|buy (it )?now|add to shopping (cart|bag)|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello|in winkelwagen)$/i;
const OUT_OF_STOCK_ACTION =
  /^(sold out|out of stock|notify me( when (it'?s )?(back|available))?|currently unavailable|email me when available|join (the )?waitlist|ausverkauft|épuisé|agotado)$/i;

/** The buy box: an enabled "Add to cart" means in stock; "Sold out", "Notify me" mean out of stock. */
export function buyButtons(doc: Elem, add: Add): void {
  for (const el of findAll(
    doc,
    (e) =>
      e.tag === 'button' ||
      (e.tag === 'input' && /^(submit|button)$/i.test(e.attrs.type ?? '')) ||
      e.tag === 'a',
  )) {
    const text = (el.tag === 'input' ? (el.attrs.value ?? '') : innerText(el)).replace(/\s+/g, ' ').trim();
    if (!text || text.length > 40) continue;
    if (OUT_OF_STOCK_ACTION.test(text)) {
      add('availability', 'OutOfStock', 'text', `${el.tag} "${text}"`);
      return;
    }
    if (
      IN_STOCK_ACTION.test(text) &&
      el.attrs.disabled === undefined &&
      el.attrs['aria-disabled'] !== 'true'
    ) {
      add('availability', 'InStock', 'text', `${el.tag} "${text}"`);
      return;
    }
  }
}
