import { type Elem, findFirst, innerText, isWithin, removeNode } from '../parse';
import { countInText, measureTexts, type TextMeasure } from '../text-measure';

/*
 * Product pages often carry the same block twice or more: a layout for small screens and one for wide
 * ones (both in the HTML, one hidden by a stylesheet), a description repeated for each variant of
 * a product, a feature section repeated in a carousel. Read as text, each further copy only
 * repeats the page. A block whose text is exactly that of an earlier block (not its own wrapper)
 * is dropped; short lines ("Add to cart", "Yes") repeat legitimately and are left alone, and so
 * are table cells and code. On a forum thread, a block repeated under several posts is a member's
 * signature written as plain text, or the opening post shown again at the top of each page. News
 * pages do the same with notices placed above and below the story (a reprint-service box, a
 * subscription pitch), so pages declaring one story are read this way too.
 *
 * Pages declaring nothing are read for long copies only: a site builder's page carries its whole
 * story once per breakpoint (Framer's `ssr-variant` blocks, a desktop and a mobile rich-text
 * block), while a paragraph or a code sample said twice there can be the content (a FAQ answer
 * repeated in a summary, a request and its response in an API reference).
 */

/** Blocks shorter than this are not compared. */
const MIN_TEXT = 40;
/** On an undeclared page, only a copy this long is surely a second layout of the same content. */
const MIN_COPY_TEXT = 1000;
const SKIP = new Set(['table', 'pre', 'code', 'blockquote']);
/** Share of a long block's text its repeated parts must hold for it to be a copy. */
const COVERED = 0.75;
/** …and the number of them: a block wrapping one earlier block is compared as that block. */
const MIN_PARTS = 3;

const normalize = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** A larger group of blocks of one length is not searched for its related pairs: all are compared. */
const MAX_GROUP = 32;
/** Lower-cased, it is two characters: the only one whose length changes. */
const DOTTED_CAPITAL_I = /\u0130/g;

/**
 * The text lengths of the blocks of `content`, and those whose text must be read to be compared:
 * blocks of at least `minText` characters sharing their length with a block that neither holds
 * them nor lies inside them. Any other block has no copy (a wrapper's text is its only child's).
 * Null when lengths do not tell texts apart: a `İ` lengthens the text as it is lower-cased.
 */
function comparable(
  content: Elem,
  minText: number,
): { lengths: Map<Elem, TextMeasure>; compared: Set<Elem> } | null {
  if (countInText(content, DOTTED_CAPITAL_I) > 0) return null;
  const lengths = measureTexts(content);
  const byLength = new Map<number, Elem[]>();
  for (const [el, { text }] of lengths) {
    if (text < minText || el === content) continue;
    const group = byLength.get(text);
    if (group) group.push(el);
    else byLength.set(text, [el]);
  }
  const compared = new Set<Elem>();
  for (const group of byLength.values()) {
    if (group.length < 2) continue;
    for (const el of group)
      if (group.length > MAX_GROUP || group.some((o) => !isWithin(o, el) && !isWithin(el, o)))
        compared.add(el);
  }
  return { lengths, compared };
}

/**
 * Removes from `content`, in place, blocks that repeat an earlier block's text word for word;
 * `copiesOnly` limits this to long blocks holding no code (an undeclared page).
 */
export function dropDuplicateBlocks(content: Elem, copiesOnly = false): void {
  const minText = copiesOnly ? MIN_COPY_TEXT : MIN_TEXT;
  // Texts are read only where lengths allow a copy: reading every block's costs the content's text
  // once per level of nesting. Removing a block changes the text of blocks already visited only.
  const known = comparable(content, minText);
  const lengthOf = (el: Elem): number =>
    known === null ? textOf(el).length : (known.lengths.get(el)?.text ?? 0);
  const seen = new Map<string, Elem>();
  // Blocks too short to compare alone, met inside a long one: a second layout may regroup them
  // under other wrappers (a heading left out), so a long block made of them is a copy too.
  const parts = new Set<string>();
  // The lengths of those texts and of the seen ones: a part of another length is neither.
  const recorded = new Set<number>();
  const texts = new Map<Elem, string>();
  const textOf = (el: Elem): string => {
    let text = texts.get(el);
    if (text === undefined) {
      text = normalize(innerText(el));
      texts.set(el, text);
    }
    return text;
  };
  const repeatsParts = (el: Elem, length: number): boolean => {
    let repeated = 0;
    let blocks = 0;
    for (const child of el.children) {
      if (child.type !== 1) continue;
      const ownLength = lengthOf(child);
      if (ownLength < MIN_TEXT) continue;
      if (known !== null && !recorded.has(ownLength)) return false;
      const own = textOf(child);
      // The block's own wrappers say the same text and are no earlier copy.
      const earlier = seen.get(own);
      if (!parts.has(own) && !(earlier && !isWithin(el, earlier))) return false;
      repeated += ownLength;
      blocks++;
    }
    return blocks >= MIN_PARTS && repeated >= COVERED * length;
  };
  const visit = (el: Elem): void => {
    for (const child of el.children.slice()) {
      if (child.type !== 1 || SKIP.has(child.tag)) continue;
      const length = lengthOf(child);
      if (length < minText) {
        if (copiesOnly && length >= MIN_TEXT) {
          parts.add(textOf(child));
          recorded.add(length);
        }
        continue;
      }
      // A wrapper holding code is not compared, but the blocks inside it are.
      if (copiesOnly && findFirst(child, 'pre')) {
        visit(child);
        continue;
      }
      const compared = known === null || known.compared.has(child);
      const text = compared ? textOf(child) : '';
      const first = compared ? seen.get(text) : undefined;
      const copy = first !== undefined && first !== child && !isWithin(child, first);
      if (copy || (copiesOnly && repeatsParts(child, length))) {
        removeNode(child);
        continue;
      }
      if (compared && !first) {
        seen.set(text, child);
        recorded.add(length);
      }
      visit(child);
    }
  };
  visit(content);
}
