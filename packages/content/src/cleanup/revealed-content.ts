import { type Elem, findAll, isRawTextTag } from '../parse';
import { measureText, measureTexts, type TextMeasure } from '../text-measure';

/**
 * CSS frameworks' utility classes that hide an element at every width (`hide`, `d-none`, a design
 * system's namespaced `u-hidden`, `a-hidden`…); not a breakpoint's (`sm-hidden`, `md-hidden`: hidden
 * at that width only).
 */
const HIDDEN_CLASS = /^(?:hide|hidden|d-none|(?!(?:xs|sm|md|lg|xl)-)[a-z]{1,2}-hidden|display-none)$/;
/** A class showing it again from some width on (`md:block`, `show@medium`, `d-md-flex`, `visible-lg`). */
const SHOWN_AT_WIDTH = /[:@]|^d-(?:sm|md|lg|xl|xxl)-|^visible-|^show/;

/** Whether `cls` hides its element at every width (page-cleanup.ts drops such elements). */
export function isHiddenByClass(cls: string): boolean {
  // Asked of every element's class: the hiding classes all hold `hid` or `none`, most classes neither.
  if (!cls.includes('hid') && !cls.includes('none')) return false;
  const tokens = cls.split(/\s+/);
  return tokens.some((t) => HIDDEN_CLASS.test(t)) && !tokens.some((t) => SHOWN_AT_WIDTH.test(t));
}

/*
 * Some pages ship their whole main content hidden (`style="display:none"`, a `hide` class) and reveal it by
 * script once the page has loaded (a storefront app's lock screen, a deferred block). Captured
 * without running scripts, the page's visible part is then only its chrome. When one hidden
 * element holds most of the body's prose (text outside links), it is that content and is shown;
 * hidden menus, dialogs and forms hold far less of a page's prose.
 */

const DISPLAY_NONE = /(?:^|;)\s*display\s*:\s*none\s*(?:!important\s*)?(?:;|$)/i;
/** What DISPLAY_NONE needs, found faster: most styles hide nothing. */
const NONE = /none/i;
/** The hidden element holds at least this share of the body's prose… */
const MIN_SHARE = 0.75;
/** …and at least this much of it. */
const MIN_PROSE = 500;

/** Whether `el`'s style or class hides it (its attributes read once each: they are hash tables, dom.ts). */
function isHiddenElement(el: Elem): boolean {
  const { style, class: cls } = el.attrs;
  return (
    (style !== undefined && NONE.test(style) && DISPLAY_NONE.test(style)) ||
    (cls !== undefined && isHiddenByClass(cls))
  );
}

/**
 * The disclosure pattern: a collapsed toggle (`<button aria-expanded="false" aria-controls="specs">`)
 * names the panel it opens, which the page hides until then (product specifications, an FAQ's
 * answers). Notes the ids such a toggle names.
 */
function noteControlledPanels(el: Elem, ids: Set<string>): void {
  const a = el.attrs;
  const controls = a['aria-controls'];
  if (controls === undefined || a['aria-expanded'] !== 'false') return;
  for (const id of controls.split(/\s+/)) if (id) ids.add(id);
}

/**
 * Shows the element of `body` that hides most of its prose, if any (drops its `display:none`, its
 * hiding class). Returns the ids of the panels collapsed toggles control (noteControlledPanels),
 * noted in the same walk of the page.
 */
export function revealScriptHiddenContent(body: Elem): Set<string> {
  const controlled = new Set<string>();
  const hidden = findAll(body, (el) => {
    noteControlledPanels(el, controlled);
    return isHiddenElement(el);
  });
  if (hidden.length === 0) return controlled;
  // An element's measure does not depend on what surrounds it, so each outermost hidden element
  // is measured on its own (the hidden elements inside it, `hidden` being in document order, are
  // read from its measures), and the body as a whole without a measure for each of its elements.
  // Most hidden elements (menus, dialogs) hold less text than MIN_PROSE, so nothing inside them
  // holds that much prose either: their text is counted, not measured element by element.
  const outer: Elem[] = [];
  const outerMeasures: Map<Elem, TextMeasure>[] = [];
  let measures = NO_MEASURES;
  let best: Elem | null = null;
  let bestProse = 0;
  for (const el of hidden) {
    const root = outer[outer.length - 1];
    let inside = false;
    for (let p: Elem | null = el; p && root && !inside; p = p.parent) inside = p === root;
    if (!inside) {
      measures = rawTextLength(el, MIN_PROSE) >= MIN_PROSE ? measureTexts(el) : NO_MEASURES;
      outer.push(el);
      outerMeasures.push(measures);
    }
    const m = measures.get(el);
    if (m && prose(m) > bestProse) {
      best = el;
      bestProse = prose(m);
    }
  }
  // A hidden list of names and values (a shop's custom fields kept for its scripts: price tiers,
  // image URLs) can be long, but is not content a script reveals.
  if (!best || bestProse < MIN_PROSE || best.tag === 'dl') return controlled;
  // The share is of the prose a reader would see once it is shown: the other hidden blocks (menus,
  // dialogs, a second deferred block) are dropped whatever happens to this one.
  const others = outer.reduce(
    (sum, el, i) => sum + (el === best ? 0 : prose(outerMeasures[i]?.get(el) ?? measureText(el))),
    0,
  );
  const total = prose(measureText(body)) - others;
  if (bestProse < MIN_SHARE * total) return controlled;
  if (best.attrs.style) best.attrs.style = best.attrs.style.replace(DISPLAY_NONE, ';');
  if (best.attrs.class)
    best.attrs.class = best.attrs.class
      .split(/\s+/)
      .filter((t) => !HIDDEN_CLASS.test(t))
      .join(' ');
  return controlled;
}

/** Text outside links. */
function prose(m: TextMeasure): number {
  return m.text - m.link;
}

const NO_MEASURES = new Map<Elem, TextMeasure>();

/**
 * Length of the text nodes under `el` before their whitespace is collapsed (its measured text is
 * never longer), counted until it reaches `max`.
 */
function rawTextLength(el: Elem, max: number): number {
  let count = 0;
  for (const child of el.children) {
    if (child.type === 3) count += child.text.length;
    else if (!isRawTextTag(child.tag)) count += rawTextLength(child, max - count);
    if (count >= max) break;
  }
  return count;
}
