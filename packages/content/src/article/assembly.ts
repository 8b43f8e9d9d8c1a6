import { answersRegion } from '../clutter/post-clutter';
import { isTeaserList } from '../clutter/teaser-lists';
import { appendChild, Elem, elementChildren, innerText, isWithin } from '../parse';
import { mainInside, outsideMainContent, titledRegion } from '../regions/chosen-region';
import { findItemGrid } from '../regions/item-grid';
import { contentSections, sectionColumn } from '../regions/page-sections';
import { proseRegion, repeatedEntryContainer } from '../regions/repeated-entries';
import { textLength } from '../text-measure';
import type { AttemptState as Attempt } from './attempt-state';
import { prepArticle } from './cleaning';
import { rankCandidates } from './scoring';
import { ancestors, linkDensity, precedes } from './tree-walk';

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

const ALTER_TO_DIV_EXCEPTIONS = new Set(['div', 'article', 'section', 'p', 'ol', 'ul']);

export function assemble(attempt: Attempt, page: Elem, candidates: Elem[]): Elem {
  const top = rankCandidates(attempt, candidates);
  const measures = attempt.measures;
  let topCandidate = top[0] ?? null;
  if (topCandidate === null || topCandidate === page) {
    const div = new Elem('div', {}, null);
    for (const child of page.children.slice()) appendChild(div, child);
    appendChild(page, div);
    attempt.initialize(div);
    topCandidate = div;
  } else {
    topCandidate = promoteToCommonAncestor(attempt, page, topCandidate, top);
    const topScore = attempt.score(topCandidate);
    let lastScore = topScore;
    const threshold = lastScore / 3;
    for (let p = topCandidate.parent; p && p !== page; p = p.parent) {
      if (!attempt.scores.has(p)) continue;
      const ps = attempt.score(p);
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
    if (attempt.product)
      topCandidate = titledRegion(topCandidate, page, measures, attempt.titleHolder) ?? topCandidate;
    // A Q&A page's answers are its content beside the question that outscored them.
    if (attempt.discussion) topCandidate = answersRegion(topCandidate, page) ?? topCandidate;
    // Cleaning takes the menus out of such a choice; a pass without it keeps them.
    if (!attempt.flags.cleanConditionally)
      topCandidate = mainInside(topCandidate, page, measures) ?? topCandidate;
    if (!attempt.scores.has(topCandidate)) attempt.initialize(topCandidate);
  }
  const grid = findItemGrid(page, measures);
  attempt.outsideMain = outsideMainContent(topCandidate, page, measures);
  if (!grid) return mergeSiblings(attempt, topCandidate);
  // A grid holding a large share of the page is its content; a smaller one only when it
  // outweighs by far what the scorer chose (facets, a newsletter box on a category page).
  const pageText = measures.get(page)?.text ?? 0;
  const dominant = grid.text >= GRID_PAGE_SHARE * pageText;
  const factor = dominant ? 1 : GRID_MINOR_FACTOR;
  if (isWithin(grid.container, topCandidate)) {
    // Inside the chosen content, a grid holding a real share of it is its items.
    const own = measures.get(topCandidate)?.text ?? Number.POSITIVE_INFINITY;
    // …unless, under a story, it is a rail of other stories' headline cards.
    const teasers = attempt.story && isTeaserList(grid.container);
    if ((dominant || grid.text >= GRID_CONTENT_SHARE * own) && !teasers) attempt.kept.add(grid.container);
    return mergeSiblings(attempt, topCandidate);
  }
  if (isWithin(topCandidate, grid.container)) {
    if (!dominant && grid.text < factor * (measures.get(topCandidate)?.text ?? 0))
      return mergeSiblings(attempt, topCandidate);
    attempt.kept.add(grid.container);
    return mergeSiblings(attempt, grid.container);
  }
  // A grid after the content is as often a related-items rail as the page's own list. Told
  // before the merge, which moves the content out of the page.
  const before = precedes(grid.container, topCandidate);
  const article = mergeSiblings(attempt, topCandidate);
  if (isWithin(grid.container, article)) {
    // The merge took in a sibling holding the page's grid (product cards above a buying guide):
    // cleaning would strip it as a list of links.
    if (dominant && !(attempt.story && isTeaserList(grid.container))) attempt.kept.add(grid.container);
    return article;
  }
  const ratio = (before ? GRID_RATIO_BEFORE : GRID_RATIO_AFTER) * factor;
  // Decided once the content is cleaned (`joinGrid`): a facet panel or a newsletter box the
  // scorer chose weighs little once its inputs and link lists are gone.
  attempt.pendingGrid = { container: grid.container, text: grid.text, before, ratio };
  return article;
}

/** Joins the pending grid to the cleaned `content` when it outweighs it by its ratio. */
export function joinGrid(attempt: Attempt, content: Elem): void {
  const grid = attempt.pendingGrid;
  if (!grid || grid.text < grid.ratio * textLength(content)) return;
  attempt.kept.add(grid.container);
  const wrapper = new Elem('div', {}, null);
  appendChild(wrapper, grid.container);
  prepArticle(attempt, wrapper);
  for (const child of wrapper.children) child.parent = content;
  if (grid.before) content.children.unshift(...wrapper.children);
  else content.children.push(...wrapper.children);
}

/** When several near-equal candidates share an ancestor, the article is that ancestor. */
function promoteToCommonAncestor(attempt: Attempt, page: Elem, topCandidate: Elem, top: Elem[]): Elem {
  const topScore = attempt.score(topCandidate);
  const alternatives: Set<Elem>[] = [];
  for (const c of top.slice(1)) {
    if (attempt.score(c) / topScore >= 0.75) alternatives.push(new Set(ancestors(c, 1000)));
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
  if (!attempt.scores.has(topCandidate)) attempt.initialize(topCandidate);
  return topCandidate;
}

function mergeSiblings(attempt: Attempt, topCandidate: Elem): Elem {
  attempt.core = topCandidate;
  const article = new Elem('div', {}, null);
  const topScore = attempt.score(topCandidate);
  const threshold = Math.max(10, topScore * 0.2);
  const parent = topCandidate.parent;
  attempt.mergedFrom = parent;
  const siblings = parent ? elementChildren(parent) : [topCandidate];
  const topClass = topCandidate.attrs.class ?? '';
  const sections = contentSections(topCandidate, attempt.measures);
  for (const sibling of siblings) {
    let append = sibling === topCandidate;
    if (!append) {
      const bonus = topClass !== '' && sibling.attrs.class === topClass ? topScore * 0.2 : 0;
      if (attempt.scores.has(sibling) && attempt.score(sibling) + bonus >= threshold) append = true;
      else if (sibling.tag === 'p') {
        const density = linkDensity(sibling);
        const text = innerText(sibling);
        if (text.length > 80 && density < 0.25) append = true;
        else if (text.length < 80 && text.length > 0 && density === 0 && /\.( |$)/.test(text)) append = true;
      } else if (sections.has(sibling)) append = true;
    }
    if (append) {
      if (!ALTER_TO_DIV_EXCEPTIONS.has(sibling.tag)) sibling.tag = 'div';
      appendChild(article, sibling);
    }
  }
  return article;
}
