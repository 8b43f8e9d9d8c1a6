import {
  type Elem,
  elementChildren,
  findAll,
  findFirst,
  findFirstWhere,
  isRawTextTag,
  removeNode,
} from '../parse';
import { textLength } from '../text-measure';

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
    if (textLength(item) > MAX_CARD_TEXT) continue;
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

/*
 * A card's own controls are not its text: the label of its compare checkbox, a quick-view or
 * add-to-cart button drawn as a link or a span (a `btn`/`button` class or ARIA role), nor are the
 * badges pinned on a picture card ("Sold out", "New arrival", a `badge`, `flag`, `sticker` or
 * `ribbon` class: a state of the offer, not the item; a card without a picture, a reference's
 * entry, keeps its badges, "Read only"). Each is a word or two repeated on every card. Read before
 * cleaning takes the checkboxes a label names; only in a kept grid (item-grid.ts), since dropping
 * buttons earlier changes what the scorer picks.
 */
const BUTTON_CLASS = /(?:^|\s)(?:btn|button)(?:\s|$)/i;
const BADGE_CLASS = /(?:^|[\s_-])(?:badges?|flags?|stickers?|ribbons?)(?:[\s_-]|$)/i;
const MAX_CONTROL_TEXT = 30;
const NOT_CONTROL = new Set(['img', 'picture', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** A checkbox: a radio's label in a card names a choice of the item (a colour swatch). */
const isToggle = (el: Elem): boolean => el.tag === 'input' && el.attrs.type?.toLowerCase() === 'checkbox';

function isControl(el: Elem, toggleIds: Set<string>, pictured: boolean): boolean {
  if (el.tag === 'label') {
    if (!toggleIds.has(el.attrs.for ?? '') && findFirstWhere(el, isToggle) === null) return false;
  } else if (el.attrs.role !== 'button') {
    const cls = el.attrs.class ?? '';
    if (!BUTTON_CLASS.test(cls) && !(pictured && BADGE_CLASS.test(cls))) return false;
  }
  return textLength(el) <= MAX_CONTROL_TEXT && findFirstWhere(el, (e) => NOT_CONTROL.has(e.tag)) === null;
}

/** Drops from each card (element child) of `grid` its checkbox labels, buttons and badges. */
export function dropCardControls(grid: Elem): void {
  for (const item of elementChildren(grid)) {
    const toggleIds = new Set(findAll(item, isToggle).map((t) => t.attrs.id ?? ''));
    toggleIds.delete('');
    const pictured = findFirst(item, 'img') !== null;
    for (const el of findAll(item, (e) => isControl(e, toggleIds, pictured))) removeNode(el);
  }
}
