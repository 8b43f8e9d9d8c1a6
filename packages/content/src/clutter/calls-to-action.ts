import { type Elem, elementChildren, findAll, hasAncestor, innerText, removeNode } from '../parse';
import { linkText, textLength } from '../text-measure';

/*
 * A section or card of a landing page ends with a link of a word or two that leads elsewhere:
 * "Learn more", "Read more", "Get started", "Try it free", "En savoir plus" under each feature, or
 * once under a section's last paragraph. Standing alone after what the block says, such a link is
 * the page's call to action, not what it says, whether or not the page repeats it. Recognised by
 * its closing a block, so no language is assumed; a link inside a sentence ("see here") is prose
 * and stays.
 */

/** A call to action is this short… */
const MAX_WORDS = 3;
const MAX_CHARS = 25;
/** What the link closes says something first: a sentence, a heading of a few words. */
const MIN_PROSE_BEFORE = 20;
/** Where a short link closing a block is content: a table's cell (a download per row), code. */
const KEPT_IN = ['table', 'pre', 'code'];

const isKept = (el: Elem): boolean => KEPT_IN.some((tag) => hasAncestor(el, tag));

/**
 * Whether `link` closes a block on its own: the whole text of its parent (not a part of a
 * sentence), which is the last element of its section or card and follows its text (not one of a
 * card's colour swatches or a list's items).
 */
function closesBlock(link: Elem, text: string): boolean {
  const block = link.parent;
  if (!block || block.tag === 'li' || innerText(block) !== text) return false;
  const section = block.parent;
  if (!section) return false;
  const kids = elementChildren(section);
  const before = kids[kids.length - 2];
  return kids[kids.length - 1] === block && before !== undefined && proseLength(before) >= MIN_PROSE_BEFORE;
}

/** The text of `el` outside its links. */
const proseLength = (el: Elem): number => textLength(el) - linkText(el);

function isCallToAction(link: Elem): boolean {
  if (link.tag !== 'a' || link.attrs.href === undefined) return false;
  const text = innerText(link);
  if (!text || text.length > MAX_CHARS || /\d/.test(text) || text.split(/\s+/).length > MAX_WORDS)
    return false;
  return closesBlock(link, text) && !isKept(link);
}

/** Removes from `content` the short links closing its blocks. */
export function dropCallsToAction(content: Elem): void {
  for (const link of findAll(content, isCallToAction)) removeNode(link);
}
