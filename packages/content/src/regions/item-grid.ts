import { type Elem, elementChildren, findAll, findFirstWhere } from '../parse';
import { GRID_CHROME_ROLES, GRID_CHROME_TAGS } from '../tag-sets';
import { measureTexts, type TextMeasure } from '../text-measure';
import { hiddenByClass } from './chosen-region';
import { rowItemGroups } from './item-rows';
import { arePictureCards, MIN_PICTURE_CARD_TEXT } from './picture-cards';

/*
 * Category pages, product grids and content indexes: the main content is a grid or list of item
 * cards (a linked title, a price or a short text). Each card is mostly link text, so the article
 * scorer treats the grid as navigation. A grid is recognised structurally — at least MIN_ITEMS
 * siblings of one tag-and-class shape, each holding a link and more text than a menu entry — and
 * outside the page's chrome (nav, header, footer, aside and their ARIA roles).
 */

const MIN_ITEMS = 4;
/** Menu entries are a word or two; a card has a title and usually a price or a line of text. */
const MIN_AVERAGE_ITEM_TEXT = 24;
const MAX_ITEM_TEXT = 1500;
function inChrome(el: Elem, page: Elem): boolean {
  for (let p: Elem | null = el; p && p !== page; p = p.parent) {
    if (GRID_CHROME_TAGS.has(p.tag)) return true;
    const role = p.attrs.role;
    if (role && GRID_CHROME_ROLES.has(role)) return true;
  }
  return false;
}

/** Paragraphs are prose, not item cards (a rotating bar of promotion sentences). */
const NOT_ITEMS = new Set(['p']);

function hasLink(el: Elem): boolean {
  return el.tag === 'a' || findFirstWhere(el, (e) => e.tag === 'a' && e.attrs.href !== undefined) !== null;
}

/**
 * A card's shape: its tag and first class token. Cards of one grid share their template's leading
 * class, while later tokens often vary per item (a blog's category-… and tag-… classes, state).
 * A class of numbered tokens only is its first token without the digits: `post-12` and `post-13`
 * are one shape, a site's numbered components (`cmp-misc023`, `cmp-lst016`) are not.
 */
function itemShape(el: Elem): string {
  const cls = el.attrs.class ?? '';
  let byClass = itemShapes.get(el.tag);
  let shape = byClass?.get(cls);
  if (shape !== undefined) return shape;
  if (cachedShapes >= MAX_CACHED_SHAPES) {
    itemShapes.clear();
    cachedShapes = 0;
    byClass = undefined;
  }
  if (!byClass) {
    byClass = new Map();
    itemShapes.set(el.tag, byClass);
  }
  shape = `${el.tag}.${leadingClass(cls)}`;
  byClass.set(cls, shape);
  cachedShapes++;
  return shape;
}

/**
 * Shapes by tag, then class attribute: a grid's cards share theirs, and grids are sought often.
 * Kept whole, as a key built again for each card cost more than looking it up.
 */
const itemShapes = new Map<string, Map<string, string>>();
let cachedShapes = 0;
const MAX_CACHED_SHAPES = 10_000;

function leadingClass(cls: string): string {
  const tokens = cls.split(/\s+/).filter(Boolean);
  return tokens.find((t) => !/\d/.test(t)) ?? tokens[0]?.replace(/\d+/g, '') ?? '';
}

/** Script and in-page links (a thread's collapse toggles) lead nowhere. */
const NOT_A_TARGET = /^(?:#|javascript:)/i;

/** The first page `el` links to, if any. */
function linkTarget(el: Elem): string | undefined {
  if (el.tag === 'a' && el.attrs.href && !NOT_A_TARGET.test(el.attrs.href)) return el.attrs.href;
  for (const child of el.children) {
    const href = child.type === 1 ? linkTarget(child) : undefined;
    if (href) return href;
  }
  return undefined;
}

/**
 * Cards lead to their items: blocks whose links all go to one page (a promotion bar's message in
 * each locale, every one linking the shipping page) are one message repeated, not a grid.
 */
function leadApart(items: Elem[]): boolean {
  const targets = new Set<string>();
  for (const item of items) {
    const href = linkTarget(item);
    if (href) targets.add(href);
    if (targets.size > 1) return true;
  }
  return targets.size === 0;
}

export interface ItemGrid {
  container: Elem;
  items: Elem[];
  text: number;
}

/**
 * The grid of item cards holding the most text on `page`, or null. The search is split in small
 * functions: V8's optimizing compiler, compiling it whole (its loops run hot), cost the CLI more
 * than it saved, as most of it runs for the few containers holding a group of items.
 */
export function findItemGrid(page: Elem, measures: Map<Elem, TextMeasure>): ItemGrid | null {
  let best: ItemGrid | null = null;
  for (const container of findAll(page, (e) => e.children.length >= MIN_ITEMS)) {
    // Items are disjoint parts of their container: their text is at most its text.
    if (best && (measures.get(container)?.text ?? Number.POSITIVE_INFINITY) <= best.text) continue;
    best = bestGridIn(container, page, measures, best);
  }
  return best;
}

/** The grid of `container`'s items holding more text than `best`, or `best`. */
function bestGridIn(
  container: Elem,
  page: Elem,
  measures: Map<Elem, TextMeasure>,
  best: ItemGrid | null,
): ItemGrid | null {
  const children = elementChildren(container);
  // A lone element child (between whitespace) makes neither a group of items nor rows of them.
  if (children.length < 2) return best;
  const groups = new Map<string, Elem[]>();
  for (const child of children) {
    const text = measures.get(child)?.text ?? 0;
    if (text === 0 || text > MAX_ITEM_TEXT || NOT_ITEMS.has(child.tag)) continue;
    const sig = itemShape(child);
    const group = groups.get(sig) ?? [];
    group.push(child);
    groups.set(sig, group);
  }
  const rows = rowItemGroups(container, measures, itemShape);
  for (const items of groups.values()) best = asGrid(container, items, page, measures, best);
  for (const items of rows) best = asGrid(container, items, page, measures, best);
  return best;
}

/** `items` of `container` as a grid when they make one holding more text than `best`, else `best`. */
function asGrid(
  container: Elem,
  items: Elem[],
  page: Elem,
  measures: Map<Elem, TextMeasure>,
  best: ItemGrid | null,
): ItemGrid | null {
  if (items.length < MIN_ITEMS) return best;
  let text = 0;
  for (const item of items) text += measures.get(item)?.text ?? 0;
  if (best && text <= best.text) return best;
  const average = text / items.length;
  if (average < MIN_AVERAGE_ITEM_TEXT && (average < MIN_PICTURE_CARD_TEXT || !arePictureCards(items)))
    return best;
  if (items.filter(hasLink).length < items.length * 0.75 || inChrome(container, page)) return best;
  if (hiddenByClass(container, page, measures) || !leadApart(items)) return best;
  return { container, items, text };
}

/** A grid holding this share of the page's text is its content, whatever its wrappers are called. */
const PAGE_GRID_SHARE = 0.25;

/**
 * The page's item grid and its ancestors, when the grid holds a large share of the page's text:
 * wrappers that class names mark as unlikely content (a "pagination" container around the product
 * grid it pages) are not stripped with it. Empty when there is no such grid.
 */
export function pageGridPath(page: Elem, measures: Map<Elem, TextMeasure> = measureTexts(page)): Set<Elem> {
  const grid = findItemGrid(page, measures);
  const path = new Set<Elem>();
  if (!grid || grid.text < PAGE_GRID_SHARE * (measures.get(page)?.text ?? 0)) return path;
  for (let p: Elem | null = grid.container; p && p !== page; p = p.parent) path.add(p);
  return path;
}
