import { type Elem, isRawTextTag, removeNode, type Text } from '../parse';
import { measureTexts } from '../text-measure';

/*
 * Site templates ship with filler copy, "Lorem ipsum dolor sit amet…", in the boxes a site left
 * unfilled: a card grid's sample cards, a tab of specifications for a material never sold, a
 * promotion box below the story, often once per breakpoint. A stylesheet hides them, or nobody
 * noticed. Filler is nobody's content: a block made mostly of it goes, with the heading and links it
 * holds. A text merely naming it ("Lorem ipsum is the typesetters' filler…") is not filler, and
 * a page that is mostly filler (a template's demo, a test page) shows nothing else.
 */

/** A text that is filler: it opens with the filler's first words, or is a numbered "Lorem ipsum 2". */
const FILLER = /^\s*lorem ipsum(?:\s+dolor\b|\s*\d*\s*$)/i;
/** A template leaves filler in every box it did not fill; a single filler text may be a quoted sample. */
const MIN_FILLER_TEXTS = 2;
/** Text of the content's own besides the filler, for the filler to be a template's leftover. */
const MIN_OWN_TEXT = 1000;
/** A block is filler while filler is at least this share of its text. */
const MIN_FILLER_SHARE = 0.75;
const WS_RUN = /\s+/g;

function collectFiller(el: Elem, out: Text[]): void {
  for (const child of el.children) {
    if (child.type === 3) {
      if (FILLER.test(child.text)) out.push(child);
    } else if (!isRawTextTag(child.tag)) collectFiller(child, out);
  }
}

/** Removes from `content`, in place, the blocks of template filler (the outermost of each). */
export function dropPlaceholderText(content: Elem): void {
  const texts: Text[] = [];
  collectFiller(content, texts);
  if (texts.length < MIN_FILLER_TEXTS) return;
  const measures = measureTexts(content);
  const filler = new Map<Elem, number>();
  let total = 0;
  for (const t of texts) {
    const length = t.text.replace(WS_RUN, ' ').trim().length;
    total += length;
    for (let p = t.parent; p && p !== content; p = p.parent) filler.set(p, (filler.get(p) ?? 0) + length);
  }
  if ((measures.get(content)?.text ?? 0) - total < MIN_OWN_TEXT) return;
  for (const t of texts) {
    let block: Elem | null = null;
    for (let p = t.parent; p && p !== content; p = p.parent) {
      if ((filler.get(p) ?? 0) < MIN_FILLER_SHARE * (measures.get(p)?.text ?? 0)) break;
      block = p;
    }
    if (block) removeNode(block);
  }
}
