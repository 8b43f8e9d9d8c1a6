import {
  appendChild,
  classAndId,
  Elem,
  elementChildren,
  findAll,
  findFirstWhere,
  hasAncestor,
  innerText,
  isWithin,
  type Node,
  replaceNode,
  textContent,
} from '../parse';
import { HEADINGS } from '../tag-sets';
import { type TextMeasure, textLength } from '../text-measure';
import { textSimilarity } from '../text-similarity';
import type { AttemptState as Attempt } from './attempt-state';
import {
  BYLINE,
  classHint,
  holdsSectionCopy,
  isBanner,
  isProductHeader,
  MAYBE_CANDIDATE,
  UNLIKELY_ROLES,
} from './class-hints';
import {
  hasChildBlockElement,
  hasSingleTagInside,
  inMainRegion,
  inRawText,
  isElementWithoutContent,
  isPhrasingContent,
  isWhitespace,
  linkDensity,
  nextNode,
  removeNodeAndGetNext,
  setTag,
} from './tree-walk';

const TAGS_TO_SCORE = new Set(['section', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'td', 'pre']);

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

/** Banners inside a main region, or holding a section's copy, in `page` (see `UNLIKELY_IN_MAIN`). */
export function findHeroes(attempt: Attempt, page: Elem, banners = findAll(page, isBanner)): void {
  for (const banner of banners)
    if (isWithin(banner, page) && (inMainRegion(banner, page) || holdsSectionCopy(banner)))
      attempt.heroes.add(banner);
}

function isValidByline(el: Elem, match: string): boolean {
  const rel = el.attrs.rel;
  const itemprop = el.attrs.itemprop;
  // The text is read only for candidates: reading it for every node walked is quadratic.
  if (!(rel === 'author' || (itemprop?.includes('author') ?? false) || BYLINE.test(match))) return false;
  const len = textContent(el).trim().length;
  return len > 0 && len < 100;
}

function headerDuplicatesTitle(attempt: Attempt, el: Elem): boolean {
  if (el.tag !== 'h1' && el.tag !== 'h2') return false;
  return textSimilarity(attempt.title, textContent(el)) > 0.75;
}

/** Removes unlikely and empty nodes, turns text-only divs into paragraphs, collects nodes to score. */
export function prepareNodes(attempt: Attempt, page: Elem): Elem[] {
  const toScore: Elem[] = [];
  let shouldRemoveTitleHeader = true;
  const holdsMostOfPage = pageLayoutTest(page, () => attempt.pageMeasures);
  const removeAndGetNext = (el: Elem): Elem | null => {
    attempt.pageMeasures = null;
    return removeNodeAndGetNext(el);
  };
  let node: Elem | null = page;
  while (node) {
    const match = classHint(classAndId(node));
    if (node.attrs['aria-modal'] === 'true' && node.attrs.role === 'dialog') {
      node = removeAndGetNext(node);
      continue;
    }
    if (!attempt.byline && node !== page && isValidByline(node, match)) {
      const named = findFirstWhere(node, (e) => e.attrs.itemprop?.includes('name') ?? false);
      attempt.byline = innerText(named ?? node) || null;
      // A thread's first author is its opening post's, which stays with the post.
      if (!attempt.discussion) {
        node = removeAndGetNext(node);
        continue;
      }
    }
    if (shouldRemoveTitleHeader && headerDuplicatesTitle(attempt, node)) {
      shouldRemoveTitleHeader = false;
      attempt.titleHolder = node.parent;
      node = removeAndGetNext(node);
      continue;
    }
    if (attempt.flags.stripUnlikely && node !== page && !attempt.gridPath.has(node)) {
      const unlikely = attempt.heroes.has(node) ? attempt.unlikelyInMain : attempt.unlikely;
      // One test, asked of every node: a branch first taken after V8 compiled this loop (the
      // first node with a role) would throw the compiled loop away.
      if (
        (unlikely.test(match) &&
          !MAYBE_CANDIDATE.test(match) &&
          !hasAncestor(node, 'table', 3) &&
          !hasAncestor(node, 'code', 3) &&
          node.tag !== 'a' &&
          !holdsMostOfPage(node) &&
          !(attempt.product && isProductHeader(node, match, unlikely))) ||
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
    if (tag === 'div') node = divToParagraphs(attempt, node, toScore);
    node = nextNode(node);
  }
  return toScore;
}

function divToParagraphs(attempt: Attempt, div: Elem, toScore: Elem[]): Elem {
  let p: Elem | null = null;
  const kids = div.children.slice();
  for (const child of kids) {
    if (isPhrasingContent(child)) {
      if (p !== null) appendChild(p, child);
      else if (!isWhitespace(child)) {
        attempt.pageMeasures = null;
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
    attempt.pageMeasures = null;
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
