import { type Elem, findFirst } from '../parse';

/*
 * A page of categories (a shop's department page, a homepage that is only its sections) is a grid
 * of picture cards: each card an image and a heading naming the category, often with an item
 * count, and little more — shorter than a product card's title and price, so a grid of them falls
 * under item-grid.ts's bar for menu entries. A menu entry has neither a picture nor a heading, so
 * cards that each hold both are items however short their text.
 */

/**
 * A picture is an image or the figure that frames it: a lazy loader's placeholder (a `data:` image,
 * often hidden from screen readers) is dropped by cleaning, and its figure is what is left.
 */
function hasPicture(el: Elem): boolean {
  return findFirst(el, 'img') !== null || findFirst(el, 'figure') !== null;
}

/** A picture card's text: a category name and its count ("Power Banks (158)"). */
export const MIN_PICTURE_CARD_TEXT = 8;

const HEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6'];

function isPictureCard(el: Elem): boolean {
  return hasPicture(el) && HEADINGS.some((h) => findFirst(el, h) !== null);
}

/** Whether every one of `items` is a card holding an image and a heading. */
export function arePictureCards(items: Elem[]): boolean {
  return items.every(isPictureCard);
}
