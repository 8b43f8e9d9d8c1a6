import { dropBreadcrumbs } from '../clutter/breadcrumbs';
import { dropCallsToAction } from '../clutter/calls-to-action';
import { dropDuplicateBlocks } from '../clutter/duplicate-blocks';
import { dropFacetPanels } from '../clutter/facet-panel';
import { dropFootnoteDisclaimers } from '../clutter/footnote-disclaimers';
import { dropRepeatedItemText } from '../clutter/item-text';
import { dropPlaceholderText } from '../clutter/placeholder-text';
import { dropRelatedLinkLists, dropTeaserArticles } from '../clutter/teaser-lists';
import { dropRepeatedQuotes } from '../clutter/thread-quotes';
import { type Elem, elementChildren, hasText, isWithin } from '../parse';
import { dropProductCards, dropProductReviews, dropShopMenus } from '../product/product-page';
import { pageGridPath } from '../regions/item-grid';
import { appendJumpedSection } from '../regions/jump-target';
import { countInText, linkText, measureTexts, textLength } from '../text-measure';
import { assemble, joinGrid } from './assembly';
import { AttemptState } from './attempt-state';
import { findHeroes, prepareNodes } from './candidates';
import { isAuthor } from './class-hints';
import { prepArticle } from './cleaning';
import { scoreElements } from './scoring';

export interface ArticleResult {
  /** A detached `div` holding the article content. */
  content: Elem;
  /** Author line found in the content (removed from it), if any. */
  byline: string | null;
  textLength: number;
  /** Text of an item grid joined to the content (item-grid.ts). */
  gridTextLength: number;
  /** Han, kana and Hangul characters in the content's text outside its grid (see `proseLength`). */
  denseChars?: number;
  /** Cleaning removed the element the scorer chose. */
  lostCore?: boolean;
  /** The content was chosen in the page's chrome or beside its main region (chosen-region.ts). */
  outsideMain?: boolean;
}

/**
 * Characters of scripts that write a word in one to three characters (Han, kana, Hangul) count
 * twice against the length bar: a short Japanese or Korean news story would otherwise fall short of
 * it and lose to a lenient pass's longer text. (Three times let a 200-character newsletter box pass.)
 */
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** Entries of a grid saying this much each, outside their links, on average, are posts, not teasers. */
const MIN_ENTRY_PROSE = 300;

/** The text of an average entry (element child with text, not a divider) of `grid` outside its links. */
function entryProse(grid: Elem): number {
  const entries = elementChildren(grid).filter((e) => hasText(e));
  if (entries.length === 0) return 0;
  return (textLength(grid) - linkText(grid)) / entries.length;
}

/**
 * One extraction attempt with its flags: the state its phases share (candidates.ts, scoring.ts,
 * assembly.ts, cleaning.ts), and `run`, the phases in order.
 */
export class Attempt extends AttemptState {
  /**
   * One attempt on `page`, a copy already rid of what every attempt removes (extractArticle);
   * `banners`: elements of the page named banners, those gone from it aside, when known.
   */
  run(page: Elem, banners?: Elem[]): ArticleResult {
    findHeroes(this, page, banners);
    // A story seeks no grid path; its layout test reads the few elements it asks about instead of
    // a measure of the whole page.
    if (this.flags.stripUnlikely && !this.story) {
      this.pageMeasures = measureTexts(page);
      this.gridPath = pageGridPath(page, this.pageMeasures);
    }
    const elementsToScore = prepareNodes(this, page);
    // Scoring changes nothing in the page: one measure serves it and the assembly.
    this.measures = measureTexts(page);
    const candidates = scoreElements(this, page, elementsToScore);
    const content = assemble(this, page, candidates);
    // A grid's page leaves the rest of its copy below it, reached by a jump link.
    if (this.mergedFrom && [...this.kept].some((grid) => isWithin(grid, content)))
      appendJumpedSection(content, page, this.mergedFrom, this.measures);
    dropFacetPanels(content, this.kept, this.pendingGrid?.text);
    // Other products' cards are told by their pictures and links, which the cleaning below may strip
    // (a card's image link with its "Select options" button), leaving a title and a price.
    if (this.product) dropProductCards(content);
    prepArticle(this, content);
    joinGrid(this, content);
    // A story ends its sections with links of its own ("Read the report"), not calls to action.
    if (!this.story) dropCallsToAction(content);
    dropFootnoteDisclaimers(content);
    dropPlaceholderText(content);
    dropBreadcrumbs(content);
    if (this.product) {
      dropProductReviews(content);
      dropShopMenus(content);
    }
    dropRepeatedQuotes(content);
    dropDuplicateBlocks(content, !(this.product || this.discussion || this.story));
    if (this.story) {
      dropTeaserArticles(content, isAuthor);
      dropRelatedLinkLists(content);
    }
    let gridTextLength = 0;
    let gridDense = 0;
    for (const grid of this.kept) {
      if (!isWithin(grid, content)) continue;
      dropRepeatedItemText(grid);
      // A thread's run of same-shaped posts is its content, not a grid of teasers; so is a run of
      // entries each saying more than a teaser's excerpt (an undeclared forum's posts), but on a
      // story, whose rails of other stories can run as long.
      if (this.discussion || (!this.story && entryProse(grid) >= MIN_ENTRY_PROSE)) continue;
      gridTextLength += textLength(grid);
      gridDense += countInText(grid, DENSE_SCRIPT);
    }
    const length = textLength(content);
    const dense = countInText(content, DENSE_SCRIPT) - gridDense;
    const lostCore = this.core !== null && !isWithin(this.core, content);
    const outsideMain = this.outsideMain && gridTextLength === 0;
    return {
      content,
      byline: this.byline,
      textLength: length,
      gridTextLength,
      denseChars: dense,
      lostCore,
      outsideMain,
    };
  }
}
