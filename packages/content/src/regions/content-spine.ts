import { type Elem, findAll, isWithin, removeNode } from '../parse';
import { linkText, textLength } from '../text-measure';

/*
 * Conditional cleaning judges a container by its link density as a whole. A short story (a
 * paywalled news item cut after two paragraphs, a brief Japanese report of 300 characters) in the
 * same wrapper as a rail of related headlines can fall above the bar, and then the wrapper holding
 * the whole story goes with the rail: the attempt is left empty and a lenient one returns the page's
 * menus. The wrappers that hold the story — the spine: the chosen element, its ancestors, and the
 * descendants holding most of its text — are instead thinned first: the link-dense blocks inside
 * them (the rail, a keyword list) go, and the wrapper is judged again on what remains.
 */

/** A descendant of the chosen element is on the spine when it holds this share of its text. */
const SPINE_SHARE = 0.5;
/** Blocks inside a spine element with more link text than this are link lists, not the story. */
const LINK_BLOCK_DENSITY = 0.5;
const BLOCKS = new Set(['div', 'section', 'ul', 'ol', 'dl', 'table', 'nav', 'aside']);

/** The elements whose removal would take the chosen element's text with them. */
export function contentSpine(core: Elem | null, root: Elem): Set<Elem> {
  const spine = new Set<Elem>();
  if (!core) return spine;
  for (let p: Elem | null = core; p && p !== root; p = p.parent) spine.add(p);
  const coreText = ownText(core);
  if (coreText === 0) return spine;
  let node: Elem | null = core;
  // The chain of descendants each holding most of the core's text outside links.
  while (node) {
    let next: Elem | null = null;
    for (const child of node.children) {
      if (child.type === 1 && ownText(child) >= SPINE_SHARE * coreText) next = child;
    }
    if (next) spine.add(next);
    node = next;
  }
  return spine;
}

function linkDensity(el: Elem, text: number): number {
  return text === 0 ? 0 : linkText(el) / text;
}

/** Text outside links. */
function ownText(el: Elem): number {
  return textLength(el) - linkText(el);
}

/**
 * Removes the link-dense blocks inside `el` (outermost first), keeping any that hold spine
 * elements. Returns whether anything was removed.
 */
export function shedLinkBlocks(el: Elem, spine: ReadonlySet<Elem>): boolean {
  let removed = false;
  for (const block of findAll(el, (e) => e !== el && BLOCKS.has(e.tag))) {
    if (!block.parent || spine.has(block) || !isWithin(block, el)) continue;
    const text = textLength(block);
    if (text > 0 && linkDensity(block, text) > LINK_BLOCK_DENSITY) {
      removeNode(block);
      removed = true;
    }
  }
  return removed;
}
