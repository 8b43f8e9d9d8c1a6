import { QUESTION_END } from '../cleanup/page-cleanup';
import { dropAuthorBoxes } from '../clutter/author-boxes';
import { dropCardControls } from '../clutter/item-text';
import { dropPhotoCaptions } from '../clutter/photo-captions';
import { isTeaserList } from '../clutter/teaser-lists';
import {
  classAndId,
  type Elem,
  elementChildren,
  findAll,
  findFirstWhere,
  hasAncestor,
  hasText,
  innerText,
  isWithin,
  removeNode,
  replaceNode,
  textContent,
} from '../parse';
import { contentSpine, shedLinkBlocks } from '../regions/content-spine';
import { isDataTable } from '../table-kind';
import { HEADINGS } from '../tag-sets';
import { countInText, linkText, measureTexts, textLength } from '../text-measure';
import type { AttemptState as Attempt } from './attempt-state';
import { isAuthor } from './class-hints';
import { DIV_TO_P_ELEMS, hasSingleTagInside, isPhrasingContent, nextNonWhitespaceSibling } from './tree-walk';

const VIDEOS =
  /\/\/(www\.)?((dailymotion|youtube|youtube-nocookie|player\.vimeo|v\.qq)\.com|(archive|upload\.wikimedia)\.org|player\.twitch\.tv)/i;

const SHARE_ELEMENTS = /(\b|_)(share|sharedaddy)(\b|_)/i;

/**
 * Small boxes a story carries that are not the story: ad slots and their "Story continues below"
 * labels, newsletter sign-ups, subscription and registration walls (dropped below 500 chars, as
 * share bars are).
 */
const PROMO_ELEMENTS =
  /(\b|_)(ads?|advert|advertisement|newsletter|paywall|regwall|signup|subscribe|subscription)(\b|_)/i;

const FORM_CONTROLS = new Set(['input', 'select', 'textarea', 'button']);

const AD_WORDS = /^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|Реклама|Anuncio)$/iu;

const LOADING_WORDS = /^((loading|正在加载|Загрузка|chargement|cargando)(…|\.\.\.)?)$/iu;

/** No text longer than this is one of the words above: a longer block's text is not read for them. */
const MAX_PLACEHOLDER = 16;

const COMMA = /,/g;

/** A block holding this many commas is prose, kept whatever else it holds. */
const MIN_KEEP_COMMAS = 10;

const TEXTISH = new Set(['span', 'li', 'td', ...DIV_TO_P_ELEMS]);

const EMBEDS = new Set(['object', 'embed', 'iframe']);

/** What cleaning removes before share and promotion boxes are judged by their text, and after. */
const CLEANED_EARLY = new Set(['object', 'embed', 'footer', 'link', 'aside']);

const CLEANED_LATE = new Set(['iframe', 'input', 'textarea', 'select', 'button']);

const CONTENT_ELEMS = new Set(['img', 'embed', 'object', 'iframe']);

/** What prepArticle's last passes rename, drop or unwrap. */
const LAST_PASS_TAGS = new Set(['h1', 'p', 'br', 'table']);

/**
 * An accordion's toggle (a button with `aria-expanded`) labelled with a question is a FAQ's
 * question, whose answer is the panel it opens (kept: page-cleanup.ts): it stays as a paragraph
 * where other buttons go.
 */
function isQuestionToggle(el: Elem): boolean {
  return el.tag === 'button' && el.attrs['aria-expanded'] !== undefined && QUESTION_END.test(innerText(el));
}

function dataTableSet(root: Elem): Set<Elem> {
  return new Set(findAll(root, (e) => e.tag === 'table' && isDataTable(e)));
}

function textDensity(
  inside: Elem[],
  tags: ReadonlySet<string>,
  total: number,
  length: (el: Elem) => number,
): number {
  if (total === 0) return 0;
  let childrenLength = 0;
  for (const child of inside) if (tags.has(child.tag)) childrenLength += length(child);
  return childrenLength / total;
}

export function prepArticle(attempt: Attempt, article: Elem): void {
  for (const grid of attempt.kept) if (isWithin(grid, article)) dropCardControls(grid);
  attempt.dataTables = dataTableSet(article);
  cleanConditionally(attempt, article, 'form');
  cleanConditionally(attempt, article, 'fieldset');
  clean(article, CLEANED_EARLY);
  for (const top of elementChildren(article)) {
    for (const el of findAll(
      top,
      (e) =>
        (SHARE_ELEMENTS.test(classAndId(e)) ||
          // A sign-up's email field stays for conditional cleaning to take its whole box; a
          // heading is a title, a sponsored item's too (`h2#ad-listing-title-…`).
          (PROMO_ELEMENTS.test(classAndId(e)) && !FORM_CONTROLS.has(e.tag) && !HEADINGS.has(e.tag))) &&
        textContent(e).length < 500,
    )) {
      removeNode(el);
    }
  }
  // A select's label ("Sort by:") says nothing once the select and its options are gone.
  const selects = new Set(findAll(article, (e) => e.tag === 'select').map((e) => e.attrs.id));
  clean(article, CLEANED_LATE);
  selects.delete(undefined);
  if (selects.size)
    for (const label of findAll(article, (e) => e.tag === 'label' && selects.has(e.attrs.for)))
      removeNode(label);
  dropPhotoCaptions(article, (el) => inKeptGrid(attempt, el));
  if (!attempt.discussion) dropAuthorBoxes(article, (el) => inKeptGrid(attempt, el));
  for (const h of findAll(article, (e) => e.tag === 'h1' || e.tag === 'h2')) {
    if (attempt.classWeight(h) < 0) removeNode(h);
  }
  cleanConditionally(attempt, article, 'table');
  cleanConditionally(attempt, article, 'ul');
  cleanConditionally(attempt, article, 'div');
  // The last passes' elements found in one walk: each pass only detaches some of the next's,
  // whose change then shows nowhere.
  const last = findAll(article, (e) => LAST_PASS_TAGS.has(e.tag));
  for (const h1 of last) if (h1.tag === 'h1') h1.tag = 'h2';
  for (const p of last) {
    if (p.tag === 'p' && !hasText(p) && !findFirstWhere(p, (e) => CONTENT_ELEMS.has(e.tag))) removeNode(p);
  }
  for (const br of last) {
    if (br.tag !== 'br') continue;
    const next = nextNonWhitespaceSibling(br);
    if (next && next.type === 1 && next.tag === 'p') removeNode(br);
  }
  unwrapSingleCellTables(last.filter((e) => e.tag === 'table'));
}

function inKeptGrid(attempt: Attempt, el: Elem): boolean {
  for (let p: Elem | null = el; p; p = p.parent) if (attempt.kept.has(p)) return true;
  return false;
}

function unwrapSingleCellTables(tables: Elem[]): void {
  for (const table of tables) {
    if (!table.parent) continue;
    const tbody = hasSingleTagInside(table, 'tbody') ? (elementChildren(table)[0] as Elem) : table;
    if (!hasSingleTagInside(tbody, 'tr')) continue;
    const row = elementChildren(tbody)[0] as Elem;
    if (!hasSingleTagInside(row, 'td')) continue;
    const cell = elementChildren(row)[0] as Elem;
    cell.tag = cell.children.every(isPhrasingContent) ? 'p' : 'div';
    replaceNode(table, cell);
  }
}

/** Removes the elements of `tags` but embedded videos, in one walk (each goes with its subtree). */
function clean(root: Elem, tags: ReadonlySet<string>): void {
  for (const el of findAll(root, (e) => tags.has(e.tag))) {
    if (EMBEDS.has(el.tag) && Object.values(el.attrs).some((v) => VIDEOS.test(v))) continue;
    if (isQuestionToggle(el)) {
      el.tag = 'p';
      continue;
    }
    removeNode(el);
  }
}

function hasDataTableAncestor(attempt: Attempt, el: Elem): boolean {
  for (let p = el.parent; p; p = p.parent) if (p.tag === 'table' && attempt.dataTables.has(p)) return true;
  return false;
}

function cleanConditionally(attempt: Attempt, root: Elem, tag: string): void {
  if (!attempt.flags.cleanConditionally) return;
  // Readability walks these in document order and skips nodes already detached with an ancestor.
  const spine = attempt.flags.thinSpine ? contentSpine(attempt.core, root) : new Set<Elem>();
  // Nested divs are each measured with their whole subtree: measured once instead. Removing a node
  // changes the text of nodes judged before it only, but thinning a wrapper changes its subtree's.
  const measures = tag === 'div' && !attempt.flags.thinSpine ? measureTexts(root) : null;
  const length = (el: Elem): number => measures?.get(el)?.text ?? textLength(el);
  for (const node of findAll(root, (e) => e.tag === tag)) {
    if (!isWithin(node, root) || !shouldRemove(attempt, node, tag, length)) continue;
    // A wrapper holding the story is thinned of its link lists and judged again.
    if (spine.has(node) && shedLinkBlocks(node, spine) && !shouldRemove(attempt, node, tag, length)) continue;
    removeNode(node);
  }
}

/** `length` gives an element's text length (`textLength`). */
function shouldRemove(attempt: Attempt, node: Elem, tag: string, length: (el: Elem) => number): boolean {
  if (tag === 'table' && attempt.dataTables.has(node)) return false;
  if (hasDataTableAncestor(attempt, node)) return false;
  for (let p: Elem | null = node; p; p = p.parent) if (attempt.kept.has(p)) return false;
  // Nor does a wrapper holding the grid go with it.
  for (const grid of attempt.kept) if (isWithin(grid, node)) return false;
  if (hasAncestor(node, 'code', 3)) return false;
  const { dataTables } = attempt;
  if (dataTables.size > 0 && findFirstWhere(node, (t) => t.tag === 'table' && dataTables.has(t)) !== null)
    return false;
  if (attempt.discussion && isAuthor(node)) return false;
  if ((tag === 'ul' || tag === 'ol') && isTeaserList(node)) return true;
  const weight = attempt.classWeight(node);
  if (weight < 0) return true;
  if (countInText(node, COMMA, MIN_KEEP_COMMAS) >= MIN_KEEP_COMMAS) return false;

  // The elements inside, found once for the several tests below that each sought some of them,
  // and only for the blocks none of the tests above decided.
  const inside = findAll(node, () => true);
  const contentLength = length(node);
  let isList = tag === 'ul' || tag === 'ol';
  if (!isList) {
    let listLength = 0;
    for (const list of inside) if (list.tag === 'ul' || list.tag === 'ol') listLength += length(list);
    isList = contentLength > 0 && listLength / contentLength > 0.9;
  }
  const counts = { p: 0, img: 0, li: 0, input: 0, heading: 0 };
  let embedCount = 0;
  for (const e of inside) {
    if (e.tag === 'p') counts.p++;
    else if (e.tag === 'img') counts.img++;
    else if (e.tag === 'li') counts.li++;
    else if (e.tag === 'input') counts.input++;
    else if (EMBEDS.has(e.tag)) {
      if (Object.values(e.attrs).some((v) => VIDEOS.test(v))) return false;
      embedCount++;
    }
  }
  const li = counts.li - 100;
  if (contentLength <= MAX_PLACEHOLDER) {
    const text = innerText(node);
    if (AD_WORDS.test(text) || LOADING_WORDS.test(text)) return true;
  }
  const density = contentLength === 0 ? 0 : linkText(node, inside) / contentLength;
  const headingDensity = textDensity(inside, HEADINGS, contentLength, length);
  const textishDensity = textDensity(inside, TEXTISH, contentLength, length);
  const isFigureChild = hasAncestor(node, 'figure', 3);
  const { p, img, input } = counts;
  const remove =
    (!isFigureChild && img > 1 && p / img < 0.5) ||
    (!isList && li > p) ||
    input > Math.floor(p / 3) ||
    (!isList &&
      !isFigureChild &&
      headingDensity < 0.9 &&
      contentLength < 25 &&
      (img === 0 || img > 2) &&
      density > 0) ||
    (!isList && weight < 25 && density > 0.2) ||
    (weight >= 25 && density > 0.5) ||
    (embedCount === 1 && contentLength < 75) ||
    embedCount > 1 ||
    (img === 0 && textishDensity === 0);
  if (isList && remove) {
    // A plain list of images is content (galleries), not boilerplate.
    if (elementChildren(node).some((c) => elementChildren(c).length > 1)) return remove;
    if (img === counts.li) return false;
  }
  return remove;
}
