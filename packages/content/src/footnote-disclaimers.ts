import { type Elem, elementChildren, innerText, removeNode } from './dom';

/*
 * Marketing pages (a maker's product page, a phone's feature tour) end their claims with footnote
 * markers and gather the footnotes in disclaimer blocks: "* Image simulated.", "† Rates are
 * between 0%-36% APR…". Those are the small print under the content, not the content. Only a
 * disclaimer that opens with a footnote marker goes: a disclaimer written as plain text (an
 * insurer's or a bank's terms) is often what a service page is about.
 */
const DISCLAIMER_CLASS = /(?:^|[\s_-])disclaimers?(?:$|[\s_-])/i;
const FOOTNOTE_MARKER = /^[*†‡§¹²³]/;

/** Removes disclaimer blocks of footnotes from `content`, in place (the outermost block of each). */
export function dropFootnoteDisclaimers(content: Elem): void {
  for (const child of elementChildren(content)) {
    if (!DISCLAIMER_CLASS.test(child.attrs.class ?? '')) dropFootnoteDisclaimers(child);
    else if (FOOTNOTE_MARKER.test(innerText(child))) removeNode(child);
  }
}
