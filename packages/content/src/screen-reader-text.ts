import { type Elem, findAll, innerText } from './dom';

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
const MAX_LABEL_TEXT = 100;
const BLOCKS = new Set(['div', 'section', 'article', 'p', 'ul', 'ol', 'dl', 'table', 'form', 'nav', 'main']);

export function isScreenReaderOnly(el: Elem): boolean {
  const cls = el.attrs.class;
  if (cls === undefined || !SCREEN_READER_ONLY.test(cls)) return false;
  if (findAll(el, (e) => BLOCKS.has(e.tag)).length > 0) return false;
  return innerText(el).length <= MAX_LABEL_TEXT;
}
