import type { Elem } from '../parse';
import type { TextMeasure } from '../text-measure';
import {
  classHint,
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

export interface Flags {
  stripUnlikely: boolean;
  weightClasses: boolean;
  cleanConditionally: boolean;
  /** Thin the wrappers holding the story of their link lists rather than remove them (content-spine.ts). */
  thinSpine?: boolean;
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
 * What one attempt knows while its phases run (candidates.ts, scoring.ts, assembly.ts, cleaning.ts
 * read and write it); apart from `Attempt`, which runs the phases, so no phase imports its caller.
 */
export class AttemptState {
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
