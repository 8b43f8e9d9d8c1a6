import { type Elem, findAll, isRawTextTag } from './dom';
import { measureTexts, type TextMeasure } from './text-measure';

/** CSS frameworks' utility classes that hide an element at every width (`hide`, `d-none`…). */
const HIDDEN_CLASS = /^(?:hide|hidden|d-none|is-hidden|u-hidden|display-none)$/;
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

/** Shows the element of `body` that hides most of its prose, if any (drops its `display:none`, its hiding class). */
export function revealScriptHiddenContent(body: Elem): void {
  const hidden = findAll(body, isHiddenElement);
  if (hidden.length === 0 || !holdsEnoughProse(hidden)) return;
  const measures = measureTexts(body);
  const prose = (el: Elem): number => {
    const m = measures.get(el);
    return m ? m.text - m.link : 0;
  };
  let best: Elem | null = null;
  for (const el of hidden) if (prose(el) > (best ? prose(best) : 0)) best = el;
  // A hidden list of names and values (a shop's custom fields kept for its scripts: price tiers,
  // image URLs) can be long, but is not content a script reveals.
  if (!best || prose(best) < MIN_PROSE || best.tag === 'dl') return;
  // The share is of the prose a reader would see once it is shown: the other hidden blocks (menus,
  // dialogs, a second deferred block) are dropped whatever happens to this one.
  const total = prose(body) - outermost(hidden).reduce((sum, el) => sum + (el === best ? 0 : prose(el)), 0);
  if (prose(best) < MIN_SHARE * total) return;
  if (best.attrs.style) best.attrs.style = best.attrs.style.replace(DISPLAY_NONE, ';');
  if (best.attrs.class)
    best.attrs.class = best.attrs.class
      .split(/\s+/)
      .filter((t) => !HIDDEN_CLASS.test(t))
      .join(' ');
}

/**
 * Whether one of the hidden elements holds MIN_PROSE characters of prose: most pages hide only
 * menus and dialogs, and the body need not be measured for them. An element's measure does not
 * depend on what surrounds it, so each outermost hidden element is measured on its own, and the
 * hidden elements inside it (`hidden` is in document order) are read from its measures.
 */
function holdsEnoughProse(hidden: Elem[]): boolean {
  let root: Elem | null = null;
  let measures = new Map<Elem, TextMeasure>();
  for (const el of hidden) {
    let inside = false;
    for (let p: Elem | null = el; p && root && !inside; p = p.parent) inside = p === root;
    if (!inside) {
      root = el;
      // Most hidden elements (menus, dialogs) hold less text than MIN_PROSE, so nothing inside them
      // holds that much prose either: their text is counted, not measured element by element.
      measures = rawTextLength(el, MIN_PROSE) >= MIN_PROSE ? measureTexts(el) : NO_MEASURES;
    }
    const m = measures.get(el);
    if (m && m.text - m.link >= MIN_PROSE) return true;
  }
  return false;
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

/** The elements of `els` (in document order) not inside another of them. */
function outermost(els: Elem[]): Elem[] {
  const set = new Set(els);
  return els.filter((el) => {
    for (let p = el.parent; p; p = p.parent) if (set.has(p)) return false;
    return true;
  });
}
