import { type Elem, elementChildren, innerText, type Node, removeNode } from '../parse';

/*
 * Marketing pages (a maker's product page, a phone's feature tour) end their claims with footnote
 * markers and gather the footnotes in disclaimer blocks: "* Image simulated.", "† Rates are
 * between 0%-36% APR…", or a numbered list whose numbers the claims' superscripts point to. Those
 * are the small print under the content, not the content. Only a disclaimer that opens with a
 * footnote marker goes: a disclaimer written as plain text (an insurer's or a bank's terms) is
 * often what a service page is about.
 */
const DISCLAIMER_CLASS = /(?:^|[\s_-])disclaimers?(?:$|[\s_-])/i;
const FOOTNOTE_MARKER = /^[*†‡§¹²³]/;
const NON_SPACE = /\S/;

/** The first text node of `node` that a reader sees, or null. */
function firstText(node: Node): Node | null {
  if (node.type === 3) return NON_SPACE.test(node.text) ? node : null;
  for (const child of node.children) {
    const text = firstText(child);
    if (text) return text;
  }
  return null;
}

/** Whether `block` opens with a footnote: a marker, a superscript, or a numbered list's first item. */
function opensWithFootnote(block: Elem): boolean {
  const first = firstText(block);
  if (!first) return false;
  for (let p = first.parent; p; p = p.parent) {
    if (p.tag === 'sup' || p.tag === 'ol') return true;
    if (p === block) break;
  }
  return FOOTNOTE_MARKER.test(innerText(block));
}

/** Removes disclaimer blocks of footnotes from `content`, in place (the outermost block of each). */
export function dropFootnoteDisclaimers(content: Elem): void {
  for (const child of elementChildren(content)) {
    if (!DISCLAIMER_CLASS.test(child.attrs.class ?? '')) dropFootnoteDisclaimers(child);
    else if (opensWithFootnote(child)) removeNode(child);
  }
}
