import { type Elem, elementChildren, innerText, isRawTextTag, removeNode } from './dom';

/*
 * An item card of a listing or a product grid often renders the same text twice: its title as the
 * image link's text and again as its heading, a responsive layout's mobile and desktop copies of
 * the whole card, an action label under each of its badges. A reader sees it once; the copy is
 * dropped, within one card only (the same line in two cards is each card's own).
 */

/** Text repeated inside a card is dropped when it is at least this many words (a title, a label)… */
const MIN_WORDS = 2;
/** …in a card, not in a long block beside the cards (tabbed sections repeat their sentences). */
const MAX_CARD_TEXT = 1500;

const normalize = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Drops, in each card (element child) of `grid`, every text node repeating an earlier one of it. */
export function dropRepeatedItemText(grid: Elem): void {
  for (const item of elementChildren(grid)) {
    if (innerText(item).length > MAX_CARD_TEXT) continue;
    const seen = new Set<string>();
    const visit = (el: Elem): void => {
      for (const child of el.children.slice()) {
        if (child.type === 3) {
          const key = normalize(child.text);
          if (key.split(' ').length < MIN_WORDS) continue;
          if (seen.has(key)) removeNode(child);
          else seen.add(key);
        } else if (!isRawTextTag(child.tag)) visit(child);
      }
    };
    visit(item);
  }
}
