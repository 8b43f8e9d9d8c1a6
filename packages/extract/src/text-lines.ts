import { type Elem, findAll, innerText } from '@webcapture/content';
import type { SourceKind } from './page-model';
import { bodyTexts } from './titles';

type Add = (key: string, value: string, source: SourceKind, path: string) => void;

const LABEL_LINE = /^([^:\n]{2,40}?)\s*[:：]\s+(.{1,300})$/;
const PRICE_LINE =
  /^(?:(?:price|our price|sale price|now)\s*:?\s*)?((?:[$€£¥₹]|\b(?:USD|EUR|GBP|CAD|AUD|CHF)\b)\s?\d[\d.,]*|\d[\d.,]*\s?(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF)\b))$/i;
const STOCK_LINE = /^(in stock|out of stock|sold out|currently unavailable|available now|pre-?order)[.!]?$/i;
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'select', 'option', 'button']);

/**
 * Text written in lines (a plain-text page, lines broken by <br>): each "Label: value" line is a
 * label's value, a line that is only a price is a price, a line that is only a stock phrase is
 * the availability. Lines inside one element, which the element-level reading sees as one text.
 */
export function textLines(doc: Elem, add: Add): void {
  let prices = 0;
  bodyTexts(doc, SKIPPED, (node) => {
    const lines = node.text
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    const broken = node.parent?.children.some((c) => c.type === 1 && c.tag === 'br');
    if (lines.length < 2 && !broken) return true;
    let heading: string | null = null;
    for (const line of lines) {
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
