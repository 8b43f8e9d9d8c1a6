import { pruneBoilerplate } from '../boilerplate';
import { consentBannerTest } from '../clutter/consent-banners';
import { dropDuplicateBlocks } from '../clutter/duplicate-blocks';
import { dropCardControls, dropRepeatedItemText } from '../clutter/item-text';
import { dropFollowingStories } from '../clutter/next-stories';
import { dropPostClutter, findMarked } from '../clutter/post-clutter';
import { dropRepeatedQuotes } from '../clutter/thread-quotes';
import { appendChild, cloneNode, Elem, findAll, removeNode } from '../parse';
import { findItemGrid } from '../regions/item-grid';
import { measureTexts, textLength } from '../text-measure';
import { type ArticleResult, Attempt } from './attempt';
import type { DeclaredPage, Flags } from './attempt-state';
import { isBanner } from './class-hints';
import { linkDensity, replaceBrs } from './tree-walk';

/*
 * Main-content extraction. The scoring follows the approach Mozilla Readability popularised
 * (paragraph scores propagated to ancestors, class/id hints, link density, sibling merging,
 * conditional cleaning), re-implemented on our own tree so it runs without a DOM.
 */

/** Below this many characters an extraction attempt is considered failed and retried more leniently. */
const CHAR_THRESHOLD = 500;

/** When every attempt fails, the chrome-less page replaces the best attempt if this much longer. */
const MIN_FALLBACK_GAIN = 1.2;

/** An attempt that kept a grid wins over a later one whose whole text is this many times smaller. */
const GRID_ATTEMPT_RATIO = 3;

/** Content this much link text is the page's menus. */
const MENU_LINK_DENSITY = 0.5;

const DENSE_WEIGHT = 2;

/** An attempt's text outside its grid, dense-script characters weighted as the words they write. */
function proseLength(result: ArticleResult): number {
  return result.textLength - result.gridTextLength + (DENSE_WEIGHT - 1) * (result.denseChars ?? 0);
}

const FLAG_SETS: Flags[] = [
  { stripUnlikely: true, weightClasses: true, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: true, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: false, cleanConditionally: true },
  { stripUnlikely: false, weightClasses: false, cleanConditionally: false },
];

/**
 * The attempts in order. Before cleaning is given up, those whose cleaning took the element the
 * scorer chose (`lostCore`, filled as they fail) run again thinning its wrappers (content-spine.ts).
 */
function* attemptFlags(lostCore: Flags[]): Generator<Flags> {
  for (const flags of FLAG_SETS) {
    if (!flags.cleanConditionally) for (const lost of lostCore) yield { ...lost, thinSpine: true };
    yield flags;
  }
}

/**
 * Extracts the main content of `body`, which the first attempt, most often the only one, works on
 * in place: cloning the page for it cost more than building it again when needed. `reread` builds
 * the page as `body` was (parsing it again), for the later attempts and the fallback.
 */
export function extractArticle(
  body: Elem,
  reread: () => Elem,
  title: string,
  declared: DeclaredPage,
): ArticleResult {
  // What every attempt removes first does not depend on its flags.
  // `banners`: filled with the page's elements named banners, the later attempts' copies seeking theirs.
  const prepare = (prepared: Elem, banners?: Elem[]): Elem => {
    // Out of its document, as a copy was: walks up from its elements stop at it.
    removeNode(prepared);
    prepared.tag = 'body';
    // Fonts and line breaks found in one walk: renaming fonts changes no line break.
    const brs: Elem[] = [];
    for (const e of findAll(prepared, (x) => x.tag === 'font' || x.tag === 'br')) {
      if (e.tag === 'font') e.tag = 'span';
      else brs.push(e);
    }
    replaceBrs(brs);
    dropPageClutter(prepared, title, declared.discussion, banners);
    return prepared;
  };
  // The later attempts each work on a copy of the page read again, kept as prepared.
  const banners: Elem[] = [];
  let first: Elem | null = prepare(body, banners);
  let prepared: Elem | null = null;
  const attempts: ArticleResult[] = [];
  const lostCore: Flags[] = [];
  for (const flags of attemptFlags(lostCore)) {
    let page = first;
    const named = first && banners;
    first = null;
    if (page === null) {
      prepared ??= prepare(reread());
      page = cloneNode(prepared) as Elem;
    }
    const result = new Attempt(flags, title, declared).run(page, named ?? undefined);
    // An item grid alone does not make an attempt succeed: stricter passes strip whole articles
    // by class name and leave a teaser grid behind.
    if (proseLength(result) >= CHAR_THRESHOLD && !result.outsideMain) {
      // …but a page that is its grid keeps the grid: an earlier attempt's grid far outweighing
      // what this attempt found (facets, a description line), or this attempt being the page's
      // menus (mostly link text), means the grid was the content.
      const gridded = attempts.find((a) => a.gridTextLength > 0);
      if (
        gridded &&
        (gridded.gridTextLength >= GRID_ATTEMPT_RATIO * result.textLength ||
          linkDensity(result.content) > MENU_LINK_DENSITY)
      )
        return gridded;
      return result;
    }
    attempts.push(result);
    if (result.lostCore && !flags.thinSpine) lostCore.push(flags);
  }
  // No attempt found enough text of its own: the longest, unless it is the page's menus and an
  // attempt kept an item grid (the page's items).
  // A choice in the page's chrome comes last (chosen-region.ts).
  const placed = (a: ArticleResult): number => Number(a.textLength > 0 && !a.outsideMain);
  attempts.sort((a, b) => placed(b) - placed(a) || b.textLength - a.textLength);
  const longest = attempts[0] as ArticleResult;
  const gridded = attempts.find((a) => a.gridTextLength > 0);
  if (gridded && linkDensity(longest.content) > MENU_LINK_DENSITY) return gridded;
  // No attempt found prose (a product page of lists and specs, a page behind a cookie notice):
  // the page without its chrome says more than the best scrap of text.
  const page = reread();
  removeNode(page);
  const pruned = pruneBoilerplate(dropPageClutter(page, title, declared.discussion));
  const prunedText = textLength(pruned);
  // Every attempt chose the page's chrome or an overlay: the main region, pruned, is the page.
  if (prunedText <= (longest.outsideMain ? 0 : MIN_FALLBACK_GAIN * longest.textLength)) return longest;
  const content = new Elem('div', {}, null);
  appendChild(content, pruned);
  dropRepeatedQuotes(content);
  const grid = findItemGrid(content, measureTexts(content));
  if (grid) {
    dropCardControls(grid.container);
    dropRepeatedItemText(grid.container);
  }
  dropDuplicateBlocks(content, !(declared.product || declared.discussion));
  return { content, byline: longest.byline, textLength: prunedText, gridTextLength: 0 };
}

/**
 * Removes from `page` its consent banners, the stories following its own and its posts' clutter.
 * The banners go in the walk that marks what the post passes seek, which then skip what the
 * stories took with them: one walk of the page instead of two. That walk also gathers into
 * `banners` the elements named banners (`isBanner`), some of which later passes remove.
 */
function dropPageClutter(page: Elem, title: string, discussion: boolean, banners?: Elem[]): Elem {
  const isConsentBanner = consentBannerTest(page);
  const marked = findMarked(page, (el) => {
    if (banners && isBanner(el)) banners.push(el);
    return isConsentBanner(el);
  });
  dropFollowingStories(page, title);
  return dropPostClutter(page, discussion, marked);
}
