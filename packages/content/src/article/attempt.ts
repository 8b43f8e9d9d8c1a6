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
import { countInText, linkText, measureTexts, type TextMeasure, textLength } from '../text-measure';
import { assemble, joinGrid } from './assembly';
import { findHeroes, prepareNodes } from './candidates';
import {
  classHint,
  isAuthor,
  NEGATIVE,
  NEGATIVE_IN_MAIN,
  NEGATIVE_IN_MAIN_THREADS,
  NEGATIVE_IN_THREADS,
  POSITIVE,
  UNLIKELY,
  UNLIKELY_IN_MAIN,
  UNLIKELY_IN_MAIN_THREADS,
  UNLIKELY_IN_THREADS,
} from './class-hints';
import { prepArticle } from './cleaning';
import { scoreElements } from './scoring';

export interface Flags {
  stripUnlikely: boolean;
  weightClasses: boolean;
  cleanConditionally: boolean;
  /** Thin the wrappers holding the story of their link lists rather than remove them (content-spine.ts). */
  thinSpine?: boolean;
}

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

/** What the page declares about itself in its structured data (metadata.ts `MetadataExtras`). */
export interface DeclaredPage {
  /** A thread (DiscussionForumPosting, QAPage): replies and post authors are content. */
  discussion: boolean;
  /** One product's page: its customer reviews are not its content. */
  product: boolean;
  /** One story's page (og:type article): a grid of other stories beside it is not its content. */
  story: boolean;
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
export class Attempt {
  readonly scores = new Map<Elem, number>();
  byline: string | null = null;
  dataTables = new Set<Elem>();
  /** Item grids the page is made of (item-grid.ts): exempt from conditional cleaning. */
  readonly kept = new Set<Elem>();
  /** Text and link lengths of the page's elements, taken once its nodes are prepared, for scoring and assembly. */
  measures = new Map<Elem, TextMeasure>();
  /** An item grid apart from the chosen content, joined to it or not after cleaning. */
  pendingGrid: { container: Elem; text: number; before: boolean; ratio: number } | null = null;
  /** The element the scorer chose (content-spine.ts). */
  core: Elem | null = null;
  /** The element the chosen content was merged from, left in the page (jump-target.ts). */
  mergedFrom: Elem | null = null;
  /** The chosen content lies in the page's chrome or beside its main region (chosen-region.ts). */
  outsideMain = false;
  /** The page's item grid and its wrappers, not stripped by class name (item-grid.ts). */
  gridPath = new Set<Elem>();
  /**
   * Measures of the page taken for its grid path, kept while `prepareNodes` has changed nothing
   * in the page (no node removed, moved or added): its layout test then needs no measure of its own.
   */
  pageMeasures: Map<Elem, TextMeasure> | null = null;
  /** Where the header repeating the page's title was before it was removed. */
  titleHolder: Elem | null = null;
  readonly discussion: boolean;
  readonly product: boolean;
  readonly story: boolean;
  readonly unlikely: RegExp;
  readonly unlikelyInMain: RegExp;
  readonly negativeInMain: RegExp;
  /** Elements of the page's main region with "banner" in their class or id (see `UNLIKELY_IN_MAIN`). */
  readonly heroes = new Set<Elem>();
  readonly negative: RegExp;

  constructor(
    readonly flags: Flags,
    readonly title: string,
    { discussion, product, story }: DeclaredPage,
  ) {
    this.discussion = discussion;
    this.product = product;
    this.story = story;
    this.unlikely = discussion ? UNLIKELY_IN_THREADS : UNLIKELY;
    this.unlikelyInMain = discussion ? UNLIKELY_IN_MAIN_THREADS : UNLIKELY_IN_MAIN;
    this.negativeInMain = discussion ? NEGATIVE_IN_MAIN_THREADS : NEGATIVE_IN_MAIN;
    this.negative = discussion ? NEGATIVE_IN_THREADS : NEGATIVE;
  }

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

  classWeight(el: Elem): number {
    if (!this.flags.weightClasses) return 0;
    let weight = 0;
    const negative = this.heroes.has(el) ? this.negativeInMain : this.negative;
    const cls = el.attrs.class && classHint(el.attrs.class);
    if (cls) {
      if (negative.test(cls)) weight -= 25;
      if (POSITIVE.test(cls)) weight += 25;
    }
    const id = el.attrs.id;
    if (id) {
      if (negative.test(id)) weight -= 25;
      if (POSITIVE.test(id)) weight += 25;
    }
    return weight;
  }

  initialize(el: Elem): void {
    let score = 0;
    switch (el.tag) {
      case 'div':
        score = 5;
        break;
      case 'pre':
      case 'td':
      case 'blockquote':
        score = 3;
        break;
      case 'address':
      case 'ol':
      case 'ul':
      case 'dl':
      case 'dd':
      case 'dt':
      case 'li':
      case 'form':
        score = -3;
        break;
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
      case 'th':
        score = -5;
        break;
    }
    this.scores.set(el, score + this.classWeight(el));
  }

  score(el: Elem): number {
    return this.scores.get(el) ?? 0;
  }
}
