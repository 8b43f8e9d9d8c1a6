import { dropAuthorBoxes } from './author-boxes';
import { pruneBoilerplate } from './boilerplate';
import { dropBreadcrumbs } from './breadcrumbs';
import { dropCallsToAction } from './calls-to-action';
import { mainInside, outsideMainContent, titledRegion } from './chosen-region';
import { consentBannerTest } from './consent-banners';
import { contentSpine, shedLinkBlocks } from './content-spine';
import { dropDuplicateBlocks } from './duplicate-blocks';
import { dropFacetPanels } from './facet-panel';
import { dropFootnoteDisclaimers } from './footnote-disclaimers';
import { findItemGrid, pageGridPath } from './item-grid';
import { dropCardControls, dropRepeatedItemText } from './item-text';
import { appendJumpedSection } from './jump-target';
import { dropFollowingStories } from './next-stories';
import { QUESTION_END } from './page-cleanup';
import { contentSections, sectionColumn } from './page-sections';
import {
  appendChild,
  classAndId,
  cloneNode,
  Elem,
  elementChildren,
  findAll,
  findFirstWhere,
  hasAncestor,
  hasText,
  innerText,
  isMainRegion,
  isRawTextTag,
  isWithin,
  type Node,
  removeNode,
  replaceNode,
  textContent,
} from './parse';
import { dropPhotoCaptions } from './photo-captions';
import { dropPlaceholderText } from './placeholder-text';
import { answersRegion, dropPostClutter, findMarked } from './post-clutter';
import { dropProductCards, dropProductReviews, dropShopMenus } from './product-page';
import { proseRegion, repeatedEntryContainer } from './repeated-entries';
import { isDataTable } from './table-kind';
import { HEADINGS } from './tag-sets';
import { dropRelatedLinkLists, dropTeaserArticles, isTeaserList } from './teaser-lists';
import { countInText, linkText, measureTexts, type TextMeasure, textLength } from './text-measure';
import { textSimilarity } from './text-similarity';
import { dropRepeatedQuotes } from './thread-quotes';

/*
 * Main-content extraction. The scoring follows the approach Mozilla Readability popularised
 * (paragraph scores propagated to ancestors, class/id hints, link density, sibling merging,
 * conditional cleaning), re-implemented on our own tree so it runs without a DOM.
 */

export const UNLIKELY =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|last-?edit|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;
export const MAYBE_CANDIDATE = /and|article|body|column|content|main|mathjax|shadow/i;
const POSITIVE = /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;
/** Not Readability's "scroll": layouts name their scroll-snap sections and scrolling rows by it. */
const NEGATIVE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i;
/**
 * On a page that declares itself a forum thread or Q&A page (schema.org DiscussionForumPosting,
 * QAPage), replies and answers are the content: their comment/reply class names are not hints.
 */
const UNLIKELY_IN_THREADS = new RegExp(
  UNLIKELY.source.replace(/\|(?:comment|community|remark|replies)(?=\|)/g, ''),
  'i',
);
const NEGATIVE_IN_THREADS = new RegExp(NEGATIVE.source.replace(/\|(?:comment|com-)(?=\|)/g, ''), 'i');
/**
 * Inside the page's declared main region a "banner" is the hero of a landing page's section
 * (`banner_section`, a page builder's banner block holding the section's copy), not the site's
 * header or an advert: those are outside `<main>`. Elsewhere, a banner holding a heading over a
 * paragraph of prose is such a section too (`cmp-cta__banner`).
 */
const withoutBanner = (re: RegExp): RegExp => new RegExp(re.source.replace('|banner|', '|'), 'i');
const UNLIKELY_IN_MAIN = withoutBanner(UNLIKELY);
const UNLIKELY_IN_MAIN_THREADS = withoutBanner(UNLIKELY_IN_THREADS);
const NEGATIVE_IN_MAIN = withoutBanner(NEGATIVE);
const NEGATIVE_IN_MAIN_THREADS = withoutBanner(NEGATIVE_IN_THREADS);
const BANNER = /banner/i;
/** "banner" in the class or id (`classAndId` without joining them). */
const isBanner = (el: Elem): boolean => {
  const { class: cls, id } = el.attrs;
  return (cls !== undefined && BANNER.test(cls)) || (id !== undefined && BANNER.test(id));
};
const SECTION_HEADINGS = new Set(['h2', 'h3', 'h4']);
/**
 * On one product's page, a block named a header holding a heading (the product's name too) over
 * a paragraph of prose with few links is the header of the product or of one of its sections — a
 * course's title over its summary, a feature's headline over its copy — not the site's header,
 * whose links outweigh any prose.
 */
const HEADER_WORD = /header/gi;
const HEADER_HEADINGS = new Set(['h1', ...SECTION_HEADINGS]);
/** Characters of a paragraph of a section's copy, and the link density it stays under. */
const SECTION_COPY = 150;
const SECTION_LINK_DENSITY = 0.2;
/**
 * Class words that do not say what the hint words in them say: page builders name every block of
 * a page a "widget" (Elementor's `elementor-widget-text-editor`), and a layout utility clipping
 * overflow (`overflow-hidden`, `overflow-x-hidden`, camelCase `panel--overflowHidden`), a field
 * whose label is hidden (Drupal's `field--label-hidden`) or a block hidden only in a quick-add
 * dialog (Shopify themes' `quick-add-hidden`, on a product's description) hides nothing of the element.
 */
const MISLEADING_WORDS =
  /\belementor-widget(?!-(?:posts|archive|loop|portfolio|sidebar|wp-widget|nav-menu|share|social|form|login|search|breadcrumbs|post-navigation|post-info|author-box|comments))|\b(?:overflow(?:-?[xy])?-?|label-|quick-add-)hidden\b/gi;
const classHint = (hint: string): string => hint.replace(MISLEADING_WORDS, '');
const BYLINE = /byline|author|dateline|writtenby|p-author/i;
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
const COMMAS = /[\u002C\u060C\uFE50\uFE10\uFE11\u2E41\u2E34\u2E32\uFF0C]/g;
const AD_WORDS = /^(ad(vertising|vertisement)?|pub(licité)?|werb(ung)?|广告|Реклама|Anuncio)$/iu;
const LOADING_WORDS = /^((loading|正在加载|Загрузка|chargement|cargando)(…|\.\.\.)?)$/iu;
/** No text longer than this is one of the words above: a longer block's text is not read for them. */
const MAX_PLACEHOLDER = 16;
const COMMA = /,/g;
/** A block holding this many commas is prose, kept whatever else it holds. */
const MIN_KEEP_COMMAS = 10;
export const UNLIKELY_ROLES = new Set([
  'menu',
  'menubar',
  'complementary',
  'navigation',
  'alert',
  'alertdialog',
  'dialog',
]);
const TAGS_TO_SCORE = new Set(['section', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'td', 'pre']);
const DIV_TO_P_ELEMS = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul']);
const ALTER_TO_DIV_EXCEPTIONS = new Set(['div', 'article', 'section', 'p', 'ol', 'ul']);
const PHRASING_ELEMS = new Set([
  'abbr',
  'audio',
  'b',
  'bdo',
  'br',
  'button',
  'cite',
  'code',
  'data',
  'datalist',
  'dfn',
  'em',
  'embed',
  'i',
  'img',
  'input',
  'kbd',
  'label',
  'mark',
  'math',
  'meter',
  'noscript',
  'object',
  'output',
  'progress',
  'q',
  'ruby',
  'samp',
  'script',
  'select',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'textarea',
  'time',
  'var',
  'wbr',
]);
const TEXTISH = new Set(['span', 'li', 'td', ...DIV_TO_P_ELEMS]);
const EMBEDS = new Set(['object', 'embed', 'iframe']);
/** What cleaning removes before share and promotion boxes are judged by their text, and after. */
const CLEANED_EARLY = new Set(['object', 'embed', 'footer', 'link', 'aside']);
const CLEANED_LATE = new Set(['iframe', 'input', 'textarea', 'select', 'button']);
const CONTENT_ELEMS = new Set(['img', 'embed', 'object', 'iframe']);
/** What prepArticle's last passes rename, drop or unwrap. */
const LAST_PASS_TAGS = new Set(['h1', 'p', 'br', 'table']);

/** Below this many characters an extraction attempt is considered failed and retried more leniently. */
const CHAR_THRESHOLD = 500;
const TOP_CANDIDATES = 5;
/** When every attempt fails, the chrome-less page replaces the best attempt if this much longer. */
const MIN_FALLBACK_GAIN = 1.2;
const MIN_ALTERNATIVE_CANDIDATES = 3;
/** An item grid joins the content when it holds this share of the content's text (before it / after it)… */
const GRID_RATIO_BEFORE = 1.5;
const GRID_RATIO_AFTER = 2.5;
/** …and at least this share of the page's text (a related-posts rail beside an article does not). */
const GRID_PAGE_SHARE = 0.35;
/** A grid inside the chosen content holding this share of its text is kept whatever its share of the page. */
const GRID_CONTENT_SHARE = 0.4;
/** A grid holding less of the page must outweigh the content by this much more. */
const GRID_MINOR_FACTOR = 2;
/** An attempt that kept a grid wins over a later one whose whole text is this many times smaller. */
const GRID_ATTEMPT_RATIO = 3;
/** Content this much link text is the page's menus. */
const MENU_LINK_DENSITY = 0.5;

interface Flags {
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

/**
 * Characters of scripts that write a word in one to three characters (Han, kana, Hangul) count
 * twice against the length bar: a short Japanese or Korean news story would otherwise fall short of
 * it and lose to a lenient pass's longer text. (Three times let a 200-character newsletter box pass.)
 */
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const DENSE_WEIGHT = 2;

/** Entries of a grid saying this much each, outside their links, on average, are posts, not teasers. */
const MIN_ENTRY_PROSE = 300;

/** The text of an average entry (element child with text, not a divider) of `grid` outside its links. */
function entryProse(grid: Elem): number {
  const entries = elementChildren(grid).filter((e) => hasText(e));
  if (entries.length === 0) return 0;
  return (textLength(grid) - linkText(grid)) / entries.length;
}

/** An attempt's text outside its grid, dense-script characters weighted as the words they write. */
function proseLength(result: ArticleResult): number {
  return result.textLength - result.gridTextLength + (DENSE_WEIGHT - 1) * (result.denseChars ?? 0);
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
    const result = new Extraction(flags, title, declared).run(page, named ?? undefined);
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

/**
 * A wrapper holding most of the page's text is its layout, whatever its class says (a sticky-footer
 * wrapper, `flex-wrap-footer`, `has-sidebar`): chrome is a part of the page, never most of it.
 */
const CHROME_MAX_PAGE_SHARE = 0.5;

/**
 * Whether `el` holds most of `page`'s text, the page measured on the first question. `taken` gives
 * measures of the page as it is at that moment when the caller has them. The walk asking changes
 * only what precedes the element asked about, so its text is read as it is then, up to the share.
 */
function pageLayoutTest(page: Elem, taken: () => Map<Elem, TextMeasure> | null): (el: Elem) => boolean {
  let pageText: number | null = null;
  return (el) => {
    const measures = taken();
    pageText ??= measures?.get(page)?.text ?? textLength(page);
    const share = CHROME_MAX_PAGE_SHARE * pageText;
    if (measures) return (measures.get(el)?.text ?? 0) > share;
    return !inRawText(el) && textLength(el, share) > share;
  };
}

/** Whether `el` is or lies in script-like content, which text measures leave out. */
function inRawText(el: Elem): boolean {
  for (let p: Elem | null = el; p; p = p.parent) if (isRawTextTag(p.tag)) return true;
  return false;
}

/** Whether an element between `el` and `page` (both left out) is a main region. */
function inMainRegion(el: Elem, page: Elem): boolean {
  for (let p = el.parent; p && p !== page; p = p.parent) if (isMainRegion(p)) return true;
  return false;
}

/** A section's copy: a heading over a paragraph of prose, few links (an advert or a site header has none). */
function holdsSectionCopy(el: Elem, headings: ReadonlySet<string> = SECTION_HEADINGS): boolean {
  if (!findFirstWhere(el, (e) => headings.has(e.tag))) return false;
  return (
    findFirstWhere(el, (e) => e.tag === 'p' && textLength(e) >= SECTION_COPY) !== null &&
    linkDensity(el) < SECTION_LINK_DENSITY
  );
}

/** A product's or its section's header (see `HEADER_WORD`): unlikely by that word alone, and holding copy. */
function isProductHeader(el: Elem, match: string, unlikely: RegExp): boolean {
  return !unlikely.test(match.replace(HEADER_WORD, '')) && holdsSectionCopy(el, HEADER_HEADINGS);
}

/**
 * An accordion's toggle (a button with `aria-expanded`) labelled with a question is a FAQ's
 * question, whose answer is the panel it opens (kept: page-cleanup.ts): it stays as a paragraph
 * where other buttons go.
 */
function isQuestionToggle(el: Elem): boolean {
  return el.tag === 'button' && el.attrs['aria-expanded'] !== undefined && QUESTION_END.test(innerText(el));
}

function linkDensity(el: Elem): number {
  const text = textLength(el);
  return text === 0 ? 0 : linkText(el) / text;
}

function isPhrasingContent(node: Node): boolean {
  if (node.type === 3) return true;
  if (PHRASING_ELEMS.has(node.tag)) return true;
  return (
    (node.tag === 'a' || node.tag === 'del' || node.tag === 'ins') && node.children.every(isPhrasingContent)
  );
}

function isWhitespace(node: Node): boolean {
  return node.type === 3 ? node.text.trim().length === 0 : node.tag === 'br';
}

function hasSingleTagInside(el: Elem, tag: string): boolean {
  const kids = elementChildren(el);
  if (kids.length !== 1 || kids[0]?.tag !== tag) return false;
  return !el.children.some((n) => n.type === 3 && /\S$/.test(n.text));
}

function hasChildBlockElement(el: Elem): boolean {
  return el.children.some((n) => n.type === 1 && (DIV_TO_P_ELEMS.has(n.tag) || hasChildBlockElement(n)));
}

function isElementWithoutContent(el: Elem): boolean {
  if (hasText(el)) return false;
  const kids = elementChildren(el);
  if (kids.length === 0) return true;
  const breaks = findAll(el, (e) => e.tag === 'br' || e.tag === 'hr').length;
  return kids.length === breaks;
}

function nextNode(node: Elem, ignoreSelfAndKids = false): Elem | null {
  if (!ignoreSelfAndKids) {
    const first = node.children.find((c) => c.type === 1);
    if (first) return first as Elem;
  }
  for (let n: Elem | null = node; n; n = n.parent) {
    const sib = nextElementSibling(n);
    if (sib) return sib;
  }
  return null;
}

function nextElementSibling(node: Node): Elem | null {
  const parent = node.parent;
  if (!parent) return null;
  const kids = parent.children;
  for (let i = kids.indexOf(node) + 1; i < kids.length; i++) {
    const k = kids[i];
    if (k?.type === 1) return k;
  }
  return null;
}

function removeNodeAndGetNext(node: Elem): Elem | null {
  const next = nextNode(node, true);
  removeNode(node);
  return next;
}

function setTag(el: Elem, tag: string): Elem {
  el.tag = tag;
  return el;
}

function ancestors(node: Elem, maxDepth: number): Elem[] {
  const out: Elem[] = [];
  for (let p = node.parent; p && out.length < maxDepth; p = p.parent) out.push(p);
  return out;
}

/** `<br><br>` runs mean paragraph breaks on old pages; turn them into real paragraphs. */
function replaceBrs(brs: Elem[]): void {
  for (const br of brs) {
    if (!br.parent) continue;
    let next = nextNonWhitespaceSibling(br);
    let replaced = false;
    while (next && next.type === 1 && next.tag === 'br') {
      replaced = true;
      const after = nextNonWhitespaceSibling(next);
      removeNode(next);
      next = after;
    }
    if (!replaced) continue;
    const parent = br.parent;
    const p = new Elem('p', {}, null);
    replaceNode(br, p);
    const siblings = parent.children;
    const i = siblings.indexOf(p) + 1;
    while (i < siblings.length) {
      const sib = siblings[i] as Node;
      if (sib.type === 1 && sib.tag === 'br') {
        const nn = nextNonWhitespaceSibling(sib);
        if (nn && nn.type === 1 && nn.tag === 'br') break;
      }
      if (!isPhrasingContent(sib)) break;
      siblings.splice(i, 1);
      sib.parent = p;
      p.children.push(sib);
    }
    while (p.children.length && isWhitespace(p.children[p.children.length - 1] as Node)) p.children.pop();
    if (parent.tag === 'p') parent.tag = 'div';
  }
}

function nextNonWhitespaceSibling(node: Node): Node | null {
  const parent = node.parent;
  if (!parent) return null;
  const kids = parent.children;
  for (let i = kids.indexOf(node) + 1; i < kids.length; i++) {
    const k = kids[i] as Node;
    if (k.type === 1 || k.text.trim()) return k;
  }
  return null;
}

function dataTableSet(root: Elem): Set<Elem> {
  return new Set(findAll(root, (e) => e.tag === 'table' && isDataTable(e)));
}

class Extraction {
  private readonly scores = new Map<Elem, number>();
  private byline: string | null = null;
  private dataTables = new Set<Elem>();
  /** Item grids the page is made of (item-grid.ts): exempt from conditional cleaning. */
  private readonly kept = new Set<Elem>();
  /** Text and link lengths of the page's elements, taken once its nodes are prepared, for scoring and assembly. */
  private measures = new Map<Elem, TextMeasure>();
  /** An item grid apart from the chosen content, joined to it or not after cleaning. */
  private pendingGrid: { container: Elem; text: number; before: boolean; ratio: number } | null = null;
  /** The element the scorer chose (content-spine.ts). */
  private core: Elem | null = null;
  /** The element the chosen content was merged from, left in the page (jump-target.ts). */
  private mergedFrom: Elem | null = null;
  /** The chosen content lies in the page's chrome or beside its main region (chosen-region.ts). */
  private outsideMain = false;
  /** The page's item grid and its wrappers, not stripped by class name (item-grid.ts). */
  private gridPath = new Set<Elem>();
  /**
   * Measures of the page taken for its grid path, kept while `prepareNodes` has changed nothing
   * in the page (no node removed, moved or added): its layout test then needs no measure of its own.
   */
  private pageMeasures: Map<Elem, TextMeasure> | null = null;

  /** Where the header repeating the page's title was before it was removed. */
  private titleHolder: Elem | null = null;
  private readonly discussion: boolean;
  private readonly product: boolean;
  private readonly story: boolean;
  private readonly unlikely: RegExp;
  private readonly unlikelyInMain: RegExp;
  private readonly negativeInMain: RegExp;
  /** Elements of the page's main region with "banner" in their class or id (see `UNLIKELY_IN_MAIN`). */
  private readonly heroes = new Set<Elem>();
  private readonly negative: RegExp;

  constructor(
    private readonly flags: Flags,
    private readonly title: string,
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
    this.findHeroes(page, banners);
    // A story seeks no grid path; its layout test reads the few elements it asks about instead of
    // a measure of the whole page.
    if (this.flags.stripUnlikely && !this.story) {
      this.pageMeasures = measureTexts(page);
      this.gridPath = pageGridPath(page, this.pageMeasures);
    }
    const elementsToScore = this.prepareNodes(page);
    // Scoring changes nothing in the page: one measure serves it and the assembly.
    this.measures = measureTexts(page);
    const candidates = this.scoreElements(page, elementsToScore);
    const content = this.assemble(page, candidates);
    // A grid's page leaves the rest of its copy below it, reached by a jump link.
    if (this.mergedFrom && [...this.kept].some((grid) => isWithin(grid, content)))
      appendJumpedSection(content, page, this.mergedFrom, this.measures);
    dropFacetPanels(content, this.kept, this.pendingGrid?.text);
    // Other products' cards are told by their pictures and links, which the cleaning below may strip
    // (a card's image link with its "Select options" button), leaving a title and a price.
    if (this.product) dropProductCards(content);
    this.prepArticle(content);
    this.joinGrid(content);
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

  /** Banners inside a main region, or holding a section's copy, in `page` (see `UNLIKELY_IN_MAIN`). */
  private findHeroes(page: Elem, banners = findAll(page, isBanner)): void {
    for (const banner of banners)
      if (isWithin(banner, page) && (inMainRegion(banner, page) || holdsSectionCopy(banner)))
        this.heroes.add(banner);
  }

  private classWeight(el: Elem): number {
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

  private initialize(el: Elem): void {
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

  private isValidByline(el: Elem, match: string): boolean {
    const rel = el.attrs.rel;
    const itemprop = el.attrs.itemprop;
    // The text is read only for candidates: reading it for every node walked is quadratic.
    if (!(rel === 'author' || (itemprop?.includes('author') ?? false) || BYLINE.test(match))) return false;
    const len = textContent(el).trim().length;
    return len > 0 && len < 100;
  }

  private headerDuplicatesTitle(el: Elem): boolean {
    if (el.tag !== 'h1' && el.tag !== 'h2') return false;
    return textSimilarity(this.title, textContent(el)) > 0.75;
  }

  /** Removes unlikely and empty nodes, turns text-only divs into paragraphs, collects nodes to score. */
  private prepareNodes(page: Elem): Elem[] {
    const toScore: Elem[] = [];
    let shouldRemoveTitleHeader = true;
    const holdsMostOfPage = pageLayoutTest(page, () => this.pageMeasures);
    const removeAndGetNext = (el: Elem): Elem | null => {
      this.pageMeasures = null;
      return removeNodeAndGetNext(el);
    };
    let node: Elem | null = page;
    while (node) {
      const match = classHint(classAndId(node));
      if (node.attrs['aria-modal'] === 'true' && node.attrs.role === 'dialog') {
        node = removeAndGetNext(node);
        continue;
      }
      if (!this.byline && node !== page && this.isValidByline(node, match)) {
        const named = findFirstWhere(node, (e) => e.attrs.itemprop?.includes('name') ?? false);
        this.byline = innerText(named ?? node) || null;
        // A thread's first author is its opening post's, which stays with the post.
        if (!this.discussion) {
          node = removeAndGetNext(node);
          continue;
        }
      }
      if (shouldRemoveTitleHeader && this.headerDuplicatesTitle(node)) {
        shouldRemoveTitleHeader = false;
        this.titleHolder = node.parent;
        node = removeAndGetNext(node);
        continue;
      }
      if (this.flags.stripUnlikely && node !== page && !this.gridPath.has(node)) {
        const unlikely = this.heroes.has(node) ? this.unlikelyInMain : this.unlikely;
        // One test, asked of every node: a branch first taken after V8 compiled this loop (the
        // first node with a role) would throw the compiled loop away.
        if (
          (unlikely.test(match) &&
            !MAYBE_CANDIDATE.test(match) &&
            !hasAncestor(node, 'table', 3) &&
            !hasAncestor(node, 'code', 3) &&
            node.tag !== 'a' &&
            !holdsMostOfPage(node) &&
            !(this.product && isProductHeader(node, match, unlikely))) ||
          UNLIKELY_ROLES.has(node.attrs.role ?? '')
        ) {
          node = removeAndGetNext(node);
          continue;
        }
      }
      const tag: string = node.tag;
      if (
        (tag === 'div' || tag === 'section' || tag === 'header' || HEADINGS.has(tag)) &&
        isElementWithoutContent(node)
      ) {
        node = removeAndGetNext(node);
        continue;
      }
      if (TAGS_TO_SCORE.has(tag)) toScore.push(node);
      if (tag === 'div') node = this.divToParagraphs(node, toScore);
      node = nextNode(node);
    }
    return toScore;
  }

  private divToParagraphs(div: Elem, toScore: Elem[]): Elem {
    let p: Elem | null = null;
    const kids = div.children.slice();
    for (const child of kids) {
      if (isPhrasingContent(child)) {
        if (p !== null) appendChild(p, child);
        else if (!isWhitespace(child)) {
          this.pageMeasures = null;
          p = new Elem('p', {}, null);
          replaceNode(child, p);
          appendChild(p, child);
        }
      } else if (p !== null) {
        while (p.children.length && isWhitespace(p.children[p.children.length - 1] as Node)) p.children.pop();
        p = null;
      }
    }
    if (hasSingleTagInside(div, 'p') && linkDensity(div) < 0.25) {
      this.pageMeasures = null;
      const inner = elementChildren(div)[0] as Elem;
      // The paragraph stands for its wrapper: a caption or credit class stays readable (photo-captions.ts).
      if (inner.attrs.class === undefined && inner.attrs.id === undefined) {
        if (div.attrs.class !== undefined) inner.attrs.class = div.attrs.class;
        if (div.attrs.id !== undefined) inner.attrs.id = div.attrs.id;
      }
      replaceNode(div, inner);
      toScore.push(inner);
      return inner;
    }
    if (!hasChildBlockElement(div)) {
      setTag(div, 'p');
      toScore.push(div);
    }
    return div;
  }

  private scoreElements(page: Elem, toScore: Elem[]): Elem[] {
    const candidates: Elem[] = [];
    for (const el of toScore) {
      if (!el.parent) continue;
      const length = this.measures.get(el)?.text ?? textLength(el);
      if (length < 25) continue;
      const anc = ancestors(el, 5);
      if (anc.length === 0) continue;
      const score = 2 + countInText(el, COMMAS) + Math.min(Math.floor(length / 100), 3);
      // A loop, not a callback made for each element scored.
      for (let level = 0; level < anc.length; level++) {
        const a = anc[level] as Elem;
        // The body is a candidate like any other element (its parent is <html>); detached nodes are not.
        if (!a.parent && a !== page) continue;
        if (!this.scores.has(a)) {
          this.initialize(a);
          candidates.push(a);
        }
        const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
        this.scores.set(a, (this.scores.get(a) ?? 0) + score / divider);
      }
    }
    return candidates;
  }

  private score(el: Elem): number {
    return this.scores.get(el) ?? 0;
  }

  /**
   * The candidates' scores scaled by their link density, and the best of them, best first. Apart
   * from the assembly: run once per attempt, that has no loop hot enough to be worth V8's
   * optimizing compiler, which compiled it whole for this one.
   */
  private rankCandidates(candidates: Elem[]): Elem[] {
    const top: Elem[] = [];
    const measures = this.measures;
    for (const c of candidates) {
      const measure = measures.get(c);
      const density = measure ? (measure.text === 0 ? 0 : measure.link / measure.text) : linkDensity(c);
      const s = this.score(c) * (1 - density);
      this.scores.set(c, s);
      let i = 0;
      while (i < top.length && this.score(top[i] as Elem) >= s) i++;
      if (i < TOP_CANDIDATES) {
        top.splice(i, 0, c);
        if (top.length > TOP_CANDIDATES) top.pop();
      }
    }
    return top;
  }

  private assemble(page: Elem, candidates: Elem[]): Elem {
    const top = this.rankCandidates(candidates);
    const measures = this.measures;
    let topCandidate = top[0] ?? null;
    if (topCandidate === null || topCandidate === page) {
      const div = new Elem('div', {}, null);
      for (const child of page.children.slice()) appendChild(div, child);
      appendChild(page, div);
      this.initialize(div);
      topCandidate = div;
    } else {
      topCandidate = this.promoteToCommonAncestor(page, topCandidate, top);
      const topScore = this.score(topCandidate);
      let lastScore = topScore;
      const threshold = lastScore / 3;
      for (let p = topCandidate.parent; p && p !== page; p = p.parent) {
        if (!this.scores.has(p)) continue;
        const ps = this.score(p);
        if (ps < threshold) break;
        if (ps > lastScore) {
          topCandidate = p;
          break;
        }
        lastScore = ps;
      }
      for (let p = topCandidate.parent; p && p !== page && elementChildren(p).length === 1; p = p.parent) {
        topCandidate = p;
      }
      topCandidate = repeatedEntryContainer(topCandidate, page, measures) ?? topCandidate;
      topCandidate = proseRegion(topCandidate, page, measures);
      topCandidate = sectionColumn(topCandidate, page, measures);
      // One product's page is its name with the block chosen beside it (chosen-region.ts).
      if (this.product)
        topCandidate = titledRegion(topCandidate, page, measures, this.titleHolder) ?? topCandidate;
      // A Q&A page's answers are its content beside the question that outscored them.
      if (this.discussion) topCandidate = answersRegion(topCandidate, page) ?? topCandidate;
      // Cleaning takes the menus out of such a choice; a pass without it keeps them.
      if (!this.flags.cleanConditionally)
        topCandidate = mainInside(topCandidate, page, measures) ?? topCandidate;
      if (!this.scores.has(topCandidate)) this.initialize(topCandidate);
    }
    const grid = findItemGrid(page, measures);
    this.outsideMain = outsideMainContent(topCandidate, page, measures);
    if (!grid) return this.mergeSiblings(topCandidate);
    // A grid holding a large share of the page is its content; a smaller one only when it
    // outweighs by far what the scorer chose (facets, a newsletter box on a category page).
    const pageText = measures.get(page)?.text ?? 0;
    const dominant = grid.text >= GRID_PAGE_SHARE * pageText;
    const factor = dominant ? 1 : GRID_MINOR_FACTOR;
    if (isWithin(grid.container, topCandidate)) {
      // Inside the chosen content, a grid holding a real share of it is its items.
      const own = measures.get(topCandidate)?.text ?? Number.POSITIVE_INFINITY;
      // …unless, under a story, it is a rail of other stories' headline cards.
      const teasers = this.story && isTeaserList(grid.container);
      if ((dominant || grid.text >= GRID_CONTENT_SHARE * own) && !teasers) this.kept.add(grid.container);
      return this.mergeSiblings(topCandidate);
    }
    if (isWithin(topCandidate, grid.container)) {
      if (!dominant && grid.text < factor * (measures.get(topCandidate)?.text ?? 0))
        return this.mergeSiblings(topCandidate);
      this.kept.add(grid.container);
      return this.mergeSiblings(grid.container);
    }
    // A grid after the content is as often a related-items rail as the page's own list. Told
    // before the merge, which moves the content out of the page.
    const before = precedes(grid.container, topCandidate);
    const article = this.mergeSiblings(topCandidate);
    if (isWithin(grid.container, article)) {
      // The merge took in a sibling holding the page's grid (product cards above a buying guide):
      // cleaning would strip it as a list of links.
      if (dominant && !(this.story && isTeaserList(grid.container))) this.kept.add(grid.container);
      return article;
    }
    const ratio = (before ? GRID_RATIO_BEFORE : GRID_RATIO_AFTER) * factor;
    // Decided once the content is cleaned (`joinGrid`): a facet panel or a newsletter box the
    // scorer chose weighs little once its inputs and link lists are gone.
    this.pendingGrid = { container: grid.container, text: grid.text, before, ratio };
    return article;
  }

  /** Joins the pending grid to the cleaned `content` when it outweighs it by its ratio. */
  private joinGrid(content: Elem): void {
    const grid = this.pendingGrid;
    if (!grid || grid.text < grid.ratio * textLength(content)) return;
    this.kept.add(grid.container);
    const wrapper = new Elem('div', {}, null);
    appendChild(wrapper, grid.container);
    this.prepArticle(wrapper);
    for (const child of wrapper.children) child.parent = content;
    if (grid.before) content.children.unshift(...wrapper.children);
    else content.children.push(...wrapper.children);
  }

  /** When several near-equal candidates share an ancestor, the article is that ancestor. */
  private promoteToCommonAncestor(page: Elem, topCandidate: Elem, top: Elem[]): Elem {
    const topScore = this.score(topCandidate);
    const alternatives: Set<Elem>[] = [];
    for (const c of top.slice(1)) {
      if (this.score(c) / topScore >= 0.75) alternatives.push(new Set(ancestors(c, 1000)));
    }
    if (alternatives.length >= MIN_ALTERNATIVE_CANDIDATES) {
      for (let p = topCandidate.parent; p && p !== page; p = p.parent) {
        let containing = 0;
        for (const list of alternatives) {
          if (list.has(p)) containing++;
          if (containing >= MIN_ALTERNATIVE_CANDIDATES) return p;
        }
      }
    }
    if (!this.scores.has(topCandidate)) this.initialize(topCandidate);
    return topCandidate;
  }

  private mergeSiblings(topCandidate: Elem): Elem {
    this.core = topCandidate;
    const article = new Elem('div', {}, null);
    const topScore = this.score(topCandidate);
    const threshold = Math.max(10, topScore * 0.2);
    const parent = topCandidate.parent;
    this.mergedFrom = parent;
    const siblings = parent ? elementChildren(parent) : [topCandidate];
    const topClass = topCandidate.attrs.class ?? '';
    const sections = contentSections(topCandidate, this.measures);
    for (const sibling of siblings) {
      let append = sibling === topCandidate;
      if (!append) {
        const bonus = topClass !== '' && sibling.attrs.class === topClass ? topScore * 0.2 : 0;
        if (this.scores.has(sibling) && this.score(sibling) + bonus >= threshold) append = true;
        else if (sibling.tag === 'p') {
          const density = linkDensity(sibling);
          const text = innerText(sibling);
          if (text.length > 80 && density < 0.25) append = true;
          else if (text.length < 80 && text.length > 0 && density === 0 && /\.( |$)/.test(text))
            append = true;
        } else if (sections.has(sibling)) append = true;
      }
      if (append) {
        if (!ALTER_TO_DIV_EXCEPTIONS.has(sibling.tag)) sibling.tag = 'div';
        appendChild(article, sibling);
      }
    }
    return article;
  }

  private prepArticle(article: Elem): void {
    for (const grid of this.kept) if (isWithin(grid, article)) dropCardControls(grid);
    this.dataTables = dataTableSet(article);
    this.cleanConditionally(article, 'form');
    this.cleanConditionally(article, 'fieldset');
    this.clean(article, CLEANED_EARLY);
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
    this.clean(article, CLEANED_LATE);
    selects.delete(undefined);
    if (selects.size)
      for (const label of findAll(article, (e) => e.tag === 'label' && selects.has(e.attrs.for)))
        removeNode(label);
    dropPhotoCaptions(article, (el) => this.inKeptGrid(el));
    if (!this.discussion) dropAuthorBoxes(article, (el) => this.inKeptGrid(el));
    for (const h of findAll(article, (e) => e.tag === 'h1' || e.tag === 'h2')) {
      if (this.classWeight(h) < 0) removeNode(h);
    }
    this.cleanConditionally(article, 'table');
    this.cleanConditionally(article, 'ul');
    this.cleanConditionally(article, 'div');
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
    this.unwrapSingleCellTables(last.filter((e) => e.tag === 'table'));
  }

  private inKeptGrid(el: Elem): boolean {
    for (let p: Elem | null = el; p; p = p.parent) if (this.kept.has(p)) return true;
    return false;
  }

  private unwrapSingleCellTables(tables: Elem[]): void {
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
  private clean(root: Elem, tags: ReadonlySet<string>): void {
    for (const el of findAll(root, (e) => tags.has(e.tag))) {
      if (EMBEDS.has(el.tag) && Object.values(el.attrs).some((v) => VIDEOS.test(v))) continue;
      if (isQuestionToggle(el)) {
        el.tag = 'p';
        continue;
      }
      removeNode(el);
    }
  }

  private hasDataTableAncestor(el: Elem): boolean {
    for (let p = el.parent; p; p = p.parent) if (p.tag === 'table' && this.dataTables.has(p)) return true;
    return false;
  }

  private cleanConditionally(root: Elem, tag: string): void {
    if (!this.flags.cleanConditionally) return;
    // Readability walks these in document order and skips nodes already detached with an ancestor.
    const spine = this.flags.thinSpine ? contentSpine(this.core, root) : new Set<Elem>();
    // Nested divs are each measured with their whole subtree: measured once instead. Removing a node
    // changes the text of nodes judged before it only, but thinning a wrapper changes its subtree's.
    const measures = tag === 'div' && !this.flags.thinSpine ? measureTexts(root) : null;
    const length = (el: Elem): number => measures?.get(el)?.text ?? textLength(el);
    for (const node of findAll(root, (e) => e.tag === tag)) {
      if (!isWithin(node, root) || !this.shouldRemove(node, tag, length)) continue;
      // A wrapper holding the story is thinned of its link lists and judged again.
      if (spine.has(node) && shedLinkBlocks(node, spine) && !this.shouldRemove(node, tag, length)) continue;
      removeNode(node);
    }
  }

  /** `length` gives an element's text length (`textLength`). */
  private shouldRemove(node: Elem, tag: string, length: (el: Elem) => number): boolean {
    if (tag === 'table' && this.dataTables.has(node)) return false;
    if (this.hasDataTableAncestor(node)) return false;
    for (let p: Elem | null = node; p; p = p.parent) if (this.kept.has(p)) return false;
    // Nor does a wrapper holding the grid go with it.
    for (const grid of this.kept) if (isWithin(grid, node)) return false;
    if (hasAncestor(node, 'code', 3)) return false;
    const { dataTables } = this;
    if (dataTables.size > 0 && findFirstWhere(node, (t) => t.tag === 'table' && dataTables.has(t)) !== null)
      return false;
    if (this.discussion && isAuthor(node)) return false;
    if ((tag === 'ul' || tag === 'ol') && isTeaserList(node)) return true;
    const weight = this.classWeight(node);
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

/** A post's author line: author class or id, or author microdata / rel. */
function isAuthor(el: Elem): boolean {
  if (BYLINE.test(classAndId(el)) || (el.attrs.itemprop?.includes('author') ?? false)) return true;
  return (
    findFirstWhere(el, (e) => e.attrs.rel === 'author' || (e.attrs.itemprop?.includes('author') ?? false)) !==
    null
  );
}

/** Whether `a` comes before `b` in document order (neither contains the other). */
function precedes(a: Elem, b: Elem): boolean {
  const pathA = [a, ...ancestors(a, 1000)].reverse();
  const pathB = [b, ...ancestors(b, 1000)].reverse();
  let i = 0;
  while (pathA[i] === pathB[i]) i++;
  const parent = pathA[i - 1];
  if (!parent) return false;
  return parent.children.indexOf(pathA[i] as Elem) < parent.children.indexOf(pathB[i] as Elem);
}
