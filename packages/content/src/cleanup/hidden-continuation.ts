import { type Elem, elementChildren, findAll, innerText } from '../parse';
import { linkWeight } from '../text-measure';

/*
 * Metered paywalls serve the whole story and hide its continuation until the reader logs in: the
 * opening paragraph is visible and the rest follows it in a `hidden` (or `display: none`) block of
 * paragraphs. Hidden elements are otherwise dropped as not shown (menus, dialogs, templates). A
 * hidden block is kept as the story's continuation when it directly follows a visible paragraph of
 * prose and is itself paragraphs of prose: a menu, a dialog or a template is neither.
 */

/** The visible paragraph before it holds at least this much text… */
const MIN_LEAD_TEXT = 80;
/** …and the hidden block at least this many paragraphs of text… */
const MIN_PARAGRAPHS = 2;
/** …at least this much text… */
const MIN_TEXT = 300;
/** …most of it in its paragraphs… */
const MIN_PARAGRAPH_SHARE = 0.6;
/** …and little of it link text. */
const MAX_LINK_DENSITY = 0.2;

const HIDDEN_STYLE = /(?:^|;)\s*display\s*:\s*none/i;

export function isHiddenContinuation(el: Elem): boolean {
  if (el.attrs.hidden === undefined && !HIDDEN_STYLE.test(el.attrs.style ?? '')) return false;
  if (el.attrs['aria-hidden'] === 'true' || el.attrs.popover !== undefined) return false;
  const lead = previousElement(el);
  if (lead?.tag !== 'p' || innerText(lead).length < MIN_LEAD_TEXT) return false;
  const text = innerText(el).length;
  if (text < MIN_TEXT) return false;
  let paragraphs = 0;
  let paragraphText = 0;
  for (const child of elementChildren(el)) {
    if (child.tag !== 'p') continue;
    const length = innerText(child).length;
    if (length === 0) continue;
    paragraphs++;
    paragraphText += length;
  }
  if (paragraphs < MIN_PARAGRAPHS || paragraphText < MIN_PARAGRAPH_SHARE * text) return false;
  let link = 0;
  for (const a of findAll(el, (e) => e.tag === 'a')) link += innerText(a).length * linkWeight(a);
  return link <= MAX_LINK_DENSITY * text;
}

/** A list's hidden rest holds at least this many rows… */
const MIN_HIDDEN_ROWS = 2;

/** The first token of a class attribute: a row's kind, before its state modifiers (odd, even). */
function rowKind(el: Elem): string {
  const cls = el.attrs.class?.trim() ?? '';
  const space = cls.search(/\s/);
  return `${el.tag}.${space < 0 ? cls : cls.slice(0, space)}`;
}

/**
 * A long list shows its first rows and hides the rest behind "show all" in a block right after
 * them (a store's add-ons, a catalogue's editions). The hidden block is the list's continuation
 * when it directly follows a visible row (or a block of them) and every one of its own children
 * is a row of that same tag and class: a menu, a dialog or a template holds other shapes. Tag and
 * class only: no text is read.
 */
export function isHiddenListRest(el: Elem): boolean {
  if (!HIDDEN_STYLE.test(el.attrs.style ?? '') || el.attrs['aria-hidden'] === 'true') return false;
  const first = elementChildren(el)[0];
  const lead = previousElement(el);
  if (first?.attrs.class === undefined || lead === null) return false;
  // The visible rows are the block's siblings or the children of the one before it.
  const kind = rowKind(first);
  if (rowKind(lead) !== kind && rowKind(elementChildren(lead).at(-1) ?? lead) !== kind) return false;
  let rows = 0;
  for (const child of elementChildren(el)) {
    if (rowKind(child) !== kind) return false;
    rows++;
  }
  return rows >= MIN_HIDDEN_ROWS;
}

function previousElement(el: Elem): Elem | null {
  const kids = el.parent?.children ?? [];
  for (let i = kids.indexOf(el) - 1; i >= 0; i--) {
    const k = kids[i];
    if (k?.type === 1) return k;
    if (k?.type === 3 && k.text.trim()) return null;
  }
  return null;
}
