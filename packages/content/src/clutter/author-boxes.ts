import { classAndId, type Elem, findAll, removeNode } from '../parse';
import { textLength } from '../text-measure';

/*
 * An article often ends (or starts) with a box about its writer — "Jane Roe is a senior reporter
 * covering…", a photo, links to her profiles. It is about the site's staff, not the story, and
 * reference texts leave it out. A box is an element classed as an author, contributor or bio block
 * holding a sentence or more (a bare byline is shorter and handled as the byline). Where such blocks
 * repeat (research cards listing each paper's authors, a team page's bios) they are the page's items
 * and stay.
 */

const AUTHOR_CLASS = /author|contributor|(?:^|[^a-z])bio(?:[^a-z]|$)/i;
/** Shorter than this, an author block is a byline or a name. */
const MIN_BOX_TEXT = 80;
/** More blocks than this are a list of people, not the article's writer. */
const MAX_BOXES = 3;
/** A block holding this share of the content is the content (a post classed by its author). */
const MAX_CONTENT_SHARE = 0.3;

/** Removes author boxes from `content`, except inside `keep` (item grids). */
export function dropAuthorBoxes(content: Elem, keep: (el: Elem) => boolean = () => false): void {
  const blocks = findAll(content, (e) => AUTHOR_CLASS.test(classAndId(e))).filter(
    (e) => !hasMatchingAncestor(e, content),
  );
  if (blocks.length === 0 || blocks.length > MAX_BOXES) return;
  const contentText = textLength(content);
  for (const box of blocks) {
    if (keep(box)) continue;
    const text = textLength(box);
    if (text < MIN_BOX_TEXT || text > MAX_CONTENT_SHARE * contentText) continue;
    removeNode(box);
  }
}

function hasMatchingAncestor(el: Elem, root: Elem): boolean {
  for (let p = el.parent; p && p !== root; p = p.parent) if (AUTHOR_CLASS.test(classAndId(p))) return true;
  return false;
}
