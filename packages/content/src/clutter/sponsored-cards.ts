import { classWords, dataNames } from '../class-words';
import { type Elem, findAll, hasAncestor, isWithin, removeNode } from '../parse';
import { measureTexts } from '../text-measure';

/*
 * Shops sell places beside their products: other products' cards labelled "Sponsored", the label
 * named so in the markup (`data-test-id="productBannerSponsoredText"`, a `sponsored-label` class)
 * whatever language it is written in. The card around the label is an advert, not the page's
 * content, on any page; a list item so labelled is an item of a listing (a sponsored story among
 * the others), which the listing's page holds as one of its items.
 */

const SPONSORED_WORD = /^sponsored$/i;
const SPONSORED_HINT = /sponsored/i;
/** A card is short: a title, a price, a label. */
const MAX_CARD_TEXT = 400;
/** A card holding more than this share of the content is the content (a page about one offer). */
const MAX_CARD_SHARE = 0.5;
/** What is left must still hold this much text, or nothing is removed. */
const MIN_LEFT = 200;

/**
 * Asked of every element of every page: a substring test of its naming attributes first (not its
 * long `src`, `srcset` or `style`), words only then.
 */
export function namesSponsored(el: Elem): boolean {
  for (const name in el.attrs)
    if (
      (name === 'class' || name === 'id' || name.startsWith('data-')) &&
      SPONSORED_HINT.test(el.attrs[name] as string)
    )
      return classWords(el).some((w) => SPONSORED_WORD.test(w)) || dataNames(el, SPONSORED_WORD);
  return false;
}

/**
 * Removes the sponsored cards (the label and what is around it up to a card's length) from `content`,
 * in place; `labels`: its elements namesSponsored claims, when a walk of the caller found them.
 */
export function dropSponsoredCards(content: Elem, labels = findAll(content, namesSponsored)): void {
  if (!labels.length) return;
  const measures = measureTexts(content);
  let total = measures.get(content)?.text ?? 0;
  const maxCard = MAX_CARD_SHARE * total;
  for (const label of labels) {
    if (!isWithin(label, content) || hasAncestor(label, 'li')) continue;
    let card = label;
    for (
      let p = label.parent;
      p && p !== content && (measures.get(p)?.text ?? 0) <= MAX_CARD_TEXT;
      p = p.parent
    )
      card = p;
    const text = measures.get(card)?.text ?? 0;
    if (text > maxCard || total - text < MIN_LEFT) continue;
    removeNode(card);
    total -= text;
  }
}
