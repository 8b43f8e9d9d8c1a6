import { type Elem, findAll, removeNode } from './dom';
import { measureTexts } from './text-measure';

/*
 * One product's page (it declares itself one: metadata.ts `declaresProduct`). Its main content is
 * the product — name, price, description, specifications — and the region the scorer picks around
 * it usually also holds what the shop adds beside every product: customer reviews and ratings
 * (schema.org Review markup, or a block whose class or id names reviews or ratings), which the
 * product's main content leaves out. No site or language is assumed.
 */

/** schema.org review markup (microdata). */
const REVIEW_ITEMPROP = /^(?:reviews?|aggregateRating)$/i;
const REVIEW_ITEMTYPE = /schema\.org\/(?:Review|AggregateRating)\b/i;
/** A class or id word naming a reviews or ratings block ("product-reviews", "ratingsSummary"). */
const REVIEW_WORD = /^(?:reviews?|ratings?)$/i;
/** What is left must still hold this much text, or nothing is removed. */
const MIN_LEFT = 200;

function words(el: Elem): string[] {
  return `${el.attrs.class ?? ''} ${el.attrs.id ?? ''}`
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter(Boolean);
}

function isReviews(el: Elem): boolean {
  const a = el.attrs;
  if (a.itemprop !== undefined && REVIEW_ITEMPROP.test(a.itemprop.trim())) return true;
  if (a.itemtype !== undefined && REVIEW_ITEMTYPE.test(a.itemtype)) return true;
  return words(el).some((w) => REVIEW_WORD.test(w));
}

function attachedTo(el: Elem, root: Elem): boolean {
  let p: Elem | null = el;
  while (p && p !== root) p = p.parent;
  return p === root;
}

/** Removes customer reviews and ratings from a product page's `content`, in place. */
export function dropProductReviews(content: Elem): void {
  const measures = measureTexts(content);
  let total = measures.get(content)?.text ?? 0;
  for (const el of findAll(content, isReviews)) {
    const text = measures.get(el)?.text ?? 0;
    if (!attachedTo(el, content) || total - text < MIN_LEFT) continue;
    removeNode(el);
    total -= text;
  }
}
