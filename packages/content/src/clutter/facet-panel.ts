import { type Elem, findAll, hasText, removeNode, textContent } from '../parse';
import { measureTexts } from '../text-measure';

/*
 * Category pages and search results put a filter panel (facets) beside their item grid: groups of
 * named checkboxes or radio buttons labelled with a value and a count ("Closed-Back (10)"), a price
 * range. Its text is a few words per control and none of it is the page's content, but once the
 * controls are cleaned away it reads like short lists, which the scorer keeps. A panel is recognised
 * by its form controls alone — no class names — while they are still in the tree.
 */

/** At least this many named checkbox or radio controls… */
const MIN_CONTROLS = 4;
/** …with at most this much text per control (labels and counts, not prose with a poll in it). */
const MAX_TEXT_PER_CONTROL = 60;
/** A panel holding this share of the content or more is not removed (the page may be the form). */
const MAX_SHARE = 0.5;

function isFilterControl(el: Elem): boolean {
  if (el.tag !== 'input' || el.attrs.disabled !== undefined) return false;
  // Unnamed, it must sit in its label beside a count (a card's colour swatches have none).
  if (el.attrs.name === undefined && !(isLabelled(el) && isCounted(el))) return false;
  const type = el.attrs.type?.toLowerCase();
  return type === 'checkbox' || type === 'radio';
}

/** The `<label>` a control sits in, naming its value there (a script submits the filter, not a form). */
function labelOf(el: Elem): Elem | null {
  for (let p = el.parent, depth = 0; p && depth < 3; p = p.parent, depth++) if (p.tag === 'label') return p;
  return null;
}

function isLabelled(el: Elem): boolean {
  return labelOf(el) !== null;
}

/**
 * A label left without text said its value and count twice, once hidden from screen readers and
 * once only to them (Shopify's themes: `Bundle (1)`, `Bundle (1 product)`), both removed by now:
 * it counted, and nothing of it is the page's.
 */
function isEmptied(control: Elem): boolean {
  const label = labelOf(control);
  return label !== null && !hasText(label);
}

/** A count beside the control's label: "Closed-Back (10)", "In stock [16]". */
/** Text around a control longer than this is more than its label. */
const MAX_LABEL = 400;
const COUNT = /[([]\s*\d[\d.,\s]*[)\]]/;

function isCounted(control: Elem): boolean {
  for (let p = control.parent, depth = 0; p && depth < 3; p = p.parent, depth++) {
    const label = textContent(p);
    if (label.length > MAX_LABEL) return false;
    if (COUNT.test(label)) return true;
  }
  return false;
}

/**
 * Removes filter panels from `content`, except those holding an element of `keep`. `joining` is the
 * text of an item grid to be joined to the content once it is cleaned: a panel the scorer chose
 * beside the grid it filters is measured against both.
 */
export function dropFacetPanels(content: Elem, keep: ReadonlySet<Elem>, joining = 0): void {
  const controls = findAll(content, isFilterControl);
  if (controls.length < MIN_CONTROLS) return;
  // Facets filter a grid, and usually say how many items each value has: otherwise checkboxes
  // are the page's own (a ranking's options, a form).
  if (!keep.size && controls.filter((c) => isCounted(c) || isEmptied(c)).length < controls.length / 2) return;
  const measures = measureTexts(content);
  const total = (measures.get(content)?.text ?? 0) + joining;
  const counts = new Map<Elem, number>();
  for (const control of controls) {
    for (let p = control.parent; p && p !== content; p = p.parent) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  const holdsKept = (el: Elem): boolean => {
    for (const k of keep) for (let p: Elem | null = k; p; p = p.parent) if (p === el) return true;
    return false;
  };
  const isPanel = (el: Elem): boolean => {
    const n = counts.get(el) ?? 0;
    const text = measures.get(el)?.text ?? 0;
    return (
      n >= MIN_CONTROLS && text <= n * MAX_TEXT_PER_CONTROL && text < MAX_SHARE * total && !holdsKept(el)
    );
  };
  // The outermost panel of each group of controls (findAll visits parents before children).
  const removed = new Set<Elem>();
  for (const el of findAll(content, (e) => counts.has(e))) {
    let inside = false;
    for (let p = el.parent; p && !inside; p = p.parent) inside = removed.has(p);
    if (inside || !isPanel(el)) continue;
    removed.add(el);
  }
  for (const el of removed) removeNode(el);
}
