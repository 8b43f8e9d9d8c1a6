import { type Elem, findFirstWhere, hasText, innerText, type Node } from '../parse';

/*
 * Text for screen readers only: the accessibility classes of the common CSS frameworks and CMSs
 * (Bootstrap's sr-only, WordPress' screen-reader-text, visually-hidden) clip an element to nothing
 * on screen; design systems prefix them or name them for their use (wt-screen-reader-only,
 * is-sr-only, price__sr-text, show-for-sr). Such labels repeat between the paragraphs of some
 * article templates ("Article content" before each one) and on every card of a product grid ("Sale
 * price", "Ad from … seller"), and are not part of what a reader sees. Only a label goes — a short
 * run of text without blocks inside: a wrapper carrying the class (or a label left unclosed, which
 * swallows what follows it) is not one.
 */
const SCREEN_READER_ONLY =
  /(?:^|[\s_-])(?:sr-?only|sr-text|sr-clipped|show-for-sr|screen-?reader(?:-text|-only)?|visually-?hidden|hide-visually|element-invisible)(?:[\s_-]|$)/i;
/**
 * Some design systems name their visually hidden class `clipped` (eBay's Skin): a word too common to
 * trust alone, so such an element goes when it repeats the text beside it ("EUR 35.58" twice), or
 * spells it out for screen readers ("See all details" beside "See all details on coverage").
 * When the visible copy is hidden from screen readers instead, the clipped copy is the only one.
 */
const CLIPPED = /(?:^|\s)clipped(?:\s|$)/;

function repeatsItsParent(el: Elem): boolean {
  const parent = el.parent;
  if (!parent) return false;
  const own = innerText(el);
  const beside = parent.children
    .filter((c) => c !== el && !(c.type === 1 && c.attrs['aria-hidden'] === 'true'))
    .map((c) => innerText(c))
    .join('')
    .trim();
  return own !== '' && beside !== '' && own.startsWith(beside);
}
const MAX_LABEL_TEXT = 100;
const BLOCKS = new Set(['div', 'section', 'article', 'p', 'ul', 'ol', 'dl', 'table', 'form', 'nav', 'main']);

/**
 * A label right after a struck or inserted price hidden from screen readers says what it shows and
 * is the one copy kept (WooCommerce's sale price: `<del aria-hidden="true">$30.00</del>` then
 * "Original price was: $30.00.", `<ins aria-hidden="true">` then "Current price is: …").
 */
const EDITS = new Set(['del', 'ins']);

function followsHiddenEdit(el: Elem): boolean {
  const siblings = el.parent?.children;
  if (!siblings) return false;
  for (let i = siblings.indexOf(el) - 1; i >= 0; i--) {
    const s = siblings[i] as Node;
    if (s.type === 1) return EDITS.has(s.tag) && s.attrs['aria-hidden'] === 'true';
    if (hasText(s)) return false;
  }
  return false;
}

export function isScreenReaderOnly(el: Elem): boolean {
  const cls = el.attrs.class;
  if (cls === undefined) return false;
  if (CLIPPED.test(cls)) return repeatsItsParent(el);
  if (!SCREEN_READER_ONLY.test(cls) || followsHiddenEdit(el)) return false;
  if (findFirstWhere(el, (e) => BLOCKS.has(e.tag)) !== null) return false;
  return innerText(el).length <= MAX_LABEL_TEXT;
}
