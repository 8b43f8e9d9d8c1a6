import type { Elem } from './parse';

/*
 * What a block's markup names it, read as words: class and id names ("ProductReviews",
 * "sponsored-label"), and short data- attribute values (`data-hook="review-body"`). Rules that
 * recognise blocks by such a word (product-page.ts, sponsored-cards.ts, ui-leftovers.ts) read them
 * the same way, whatever language the page is written in.
 */

/** The words of class or id names: split at non-letters and camelCase humps. */
export function splitWords(names: string): string[] {
  return names
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z]+/)
    .filter(Boolean);
}

/** The words of `el`'s class and id. */
export function classWords(el: Elem): string[] {
  return splitWords(`${el.attrs.class ?? ''} ${el.attrs.id ?? ''}`);
}

/** A data- attribute this long is a payload (JSON, a URL), not a name. */
const MAX_DATA_NAME = 60;

/** Whether a short data- attribute value names the block with a `word` (`data-hook="review-body"`). */
export function dataNames(el: Elem, word: RegExp): boolean {
  for (const name in el.attrs) {
    const value = el.attrs[name] as string;
    if (
      name.startsWith('data-') &&
      value.length <= MAX_DATA_NAME &&
      splitWords(value).some((w) => word.test(w))
    )
      return true;
  }
  return false;
}
