import {
  type Elem,
  findAll,
  findFirst,
  findFirstWhere,
  hasAncestor,
  hasText,
  innerText,
  isMainRegion,
  isRawTextTag,
  isWithin,
  type Node,
  parsedNoscriptsAndTemplates,
  removeNode,
  replaceNode,
  unwrap,
} from '../parse';
import { holdsArticle } from '../regions/chosen-region';
import { measureText, textLength } from '../text-measure';
import { isHiddenContinuation, isHiddenListRest } from './hidden-continuation';
import { isHiddenByClass, revealScriptHiddenContent } from './revealed-content';
import { isScreenReaderOnly } from './screen-reader-text';

/** Elements that never carry readable content; dropped before any output is derived. */
const NON_CONTENT_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'canvas',
  'svg',
  'math-field',
  'dialog',
]);

/** Third-party beacons and pixels: requests made for measurement, not content. */
const TRACKER_URL =
  /(?:doubleclick\.net|google-analytics\.com|googletagmanager\.com|googlesyndication\.com|facebook\.com\/tr\b|scorecardresearch\.com|quantserve\.com|pixel\.wp\.com|\/pixel(?:\.gif|\.png)?(?:[?/]|$)|\/beacon\b|\/1x1\.|\/spacer\.gif|\bb\.gif\b|\/track(?:ing)?(?:\.gif|\/|\?)|adsystem|\/analytics\/collect)/i;

const LAZY_SRC_ATTRS = [
  'data-src',
  'data-lazy-src',
  'data-original',
  'data-url',
  'data-hi-res-src',
  'data-lazy',
];

const STYLE_HIDDEN = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)/i;

/**
 * A collapsed tab or accordion panel: hidden until its toggle is clicked, but part of the page's
 * content (product descriptions and specifications, FAQ answers). Marked by its ARIA role, by the
 * toggle that labels it, by its class (a tab pane, an accordion's content, named with a hyphen,
 * an underscore or the BEM `block__element` way: `accordion__content`), or by `hidden="until-found"`
 * (find-in-page reveals it).
 */
function isCollapsedPanel(el: Elem): boolean {
  const a = el.attrs;
  if (a.role === 'tabpanel' || a.role === 'region' || a.hidden === 'until-found') return true;
  if (PANEL_CLASS.test(a.class ?? '') && !OVERLAY_CLASS.test(a.class ?? '')) return true;
  // Dialogs and drawers are labelled by their title too; they are overlays, not panels.
  return a['aria-labelledby'] !== undefined && a.role === undefined && !OVERLAY_CLASS.test(a.class ?? '');
}

const PANEL_CLASS =
  /(?:^|[\s_-])(?:tabs?(?:__|[-_])?(?:pane|panel|content)|accordion(?:__|[-_])?(?:body|content|panel|collapse)|collapse)(?:$|[\s_-])/i;
const OVERLAY_CLASS = /modal|popup|dialog|drawer|overlay|offcanvas|lightbox/i;

/**
 * Paragraphs of text in an element a class hides: script toggles such classes to open tabs,
 * overlays and details, which are content (while hidden lists of attributes and prices are not).
 */
const MIN_HIDDEN_PARAGRAPHS = 100;

function holdsParagraphs(el: Elem): boolean {
  let text = 0;
  for (const p of findAll(el, (e) => e.tag === 'p')) text += innerText(p).length;
  return text >= MIN_HIDDEN_PARAGRAPHS;
}

/**
 * A form plugin's status messages ("Thank you! Your submission has been received!", "Oops!
 * Something went wrong…"): its stylesheet hides them until the form is sent. Asked of blocks in a
 * form or beside one, so a class word alone never drops a page's text.
 */
const FORM_STATUS_CLASS = /(?:^|[\s_-])(?:form-(?:done|fail|success|error)|response-output)(?:$|[\s_-])/i;

function isFormStatus(el: Elem, cls: string): boolean {
  if (!cls.includes('form') && !cls.includes('response')) return false;
  if (!FORM_STATUS_CLASS.test(cls)) return false;
  if (el.parent?.children.some((c) => c.type === 1 && c.tag === 'form')) return true;
  return hasAncestor(el, 'form');
}

export function isHidden(el: Elem): boolean {
  const a = el.attrs;
  // A `popover` element is not rendered until script opens it (HTML's UA stylesheet).
  if (a.popover !== undefined) return true;
  // A modal's script (a consent banner trapping the keyboard) sets aria-hidden on everything beside
  // it until answered, `<main>` included, which is the page all the same.
  // Class and style read once: attributes are hash tables (dom.ts), each read a lookup.
  const cls = a.class;
  const style = a.style;
  const hidden =
    a.hidden !== undefined
      ? !isStreamedContent(el)
      : (a['aria-hidden'] === 'true' && !cls?.includes('fallback-image') && !isMainRegion(el)) ||
        (style !== undefined && style !== '' && STYLE_HIDDEN.test(style)) ||
        (cls !== undefined && ((isHiddenByClass(cls) && !holdsParagraphs(el)) || isFormStatus(el, cls))) ||
        (el.tag === 'input' && a.type?.toLowerCase() === 'hidden');
  // Asked last: most elements are not hidden at all, and the panel test reads classes.
  return hidden && !isCollapsedPanel(el);
}

function isTinyDimension(v: string | undefined): boolean {
  return v !== undefined && /^\s*[01](?:px)?\s*$/.test(v);
}

function isTrackingImage(el: Elem): boolean {
  const a = el.attrs;
  if (isTinyDimension(a.width) && isTinyDimension(a.height)) return true;
  return a.src !== undefined && TRACKER_URL.test(a.src);
}

/** Lazy loaders keep the real URL in a data attribute and a placeholder (often `data:`) in src. */
function promoteLazySource(img: Elem): void {
  const a = img.attrs;
  const src = a.src?.trim();
  if (src && !src.startsWith('data:') && !/placeholder|blank\.gif|lazy/i.test(src)) return;
  for (const name of LAZY_SRC_ATTRS) {
    const v = a[name]?.trim();
    if (v && !v.startsWith('data:')) {
      a.src = v;
      return;
    }
  }
  const lazySet = a['data-srcset']?.trim();
  if (lazySet) {
    a.srcset = lazySet;
    const first = lazySet.split(',')[0]?.trim().split(/\s+/)[0];
    if (first) a.src = first;
  }
}

/**
 * React's streaming server rendering sends a suspended part of the page later in the document as
 * `<div hidden id="S:n">`, which its inline script moves over the placeholder `<template id="B:n">`.
 * A page captured without running scripts has the content only there.
 */
const STREAM_PLACEHOLDER = /^B:[\w-]+$/;

function isStreamedContent(el: Elem): boolean {
  return el.tag === 'div' && /^S:[\w-]+$/.test(el.attrs.id ?? '');
}

/** Moves each streamed part (isStreamedContent) to its placeholder, as React's script would. */
function placeStreamedContent(body: Elem, templates: Elem[]): void {
  const placeholders = new Map<string, Elem>();
  for (const t of templates) placeholders.set((t.attrs.id ?? '').slice(2), t);
  if (!placeholders.size) return;
  for (const div of findAll(body, isStreamedContent)) {
    const target = placeholders.get((div.attrs.id ?? '').slice(2));
    if (!target?.parent || isWithin(target, div)) continue;
    removeNode(div);
    delete div.attrs.hidden;
    replaceNode(target, div);
  }
}

export interface CleanupOptions {
  removeBase64Images: boolean;
}

/** A `<noscript>` holding at least this much text can be the page's content. */
const MIN_NOSCRIPT_TEXT = 200;
const ESCAPED_TAG = /<\/?[a-z][a-z0-9]*[\s>/]/i;

/**
 * Pages rendered by script (forums, single-page apps) often serve their whole content to
 * crawlers inside `<noscript>`. When the noscript text outweighs everything else in the body, the
 * substantial `<noscript>` elements are unwrapped so their content is the page's.
 */
function promoteNoscriptContent(body: Elem, found: Elem[]): void {
  const noscripts = found.map((el) => {
    // Escaped markup written as the noscript's own text (a tracking pixel) is not readable
    // content; markup quoted inside its elements (a post's code sample) is.
    const own = el.children.map((c) => (c.type === 3 ? c.text : '')).join(' ');
    const text = el.children.map((c) => innerText(c)).join(' ');
    return { el, text: ESCAPED_TAG.test(own) ? 0 : text.length };
  });
  const inside = noscripts.reduce((n, x) => n + x.text, 0);
  if (inside < MIN_NOSCRIPT_TEXT || inside < 2 * innerText(body).length) return;
  for (const { el, text } of noscripts) if (text >= MIN_NOSCRIPT_TEXT && el.parent) unwrap(el);
}

/**
 * Removes scripts, styles, hidden and tracking elements in place, and repairs lazy images.
 * `<head>` is left alone except for script-like content, since metadata was read from it already.
 */
export function cleanupPage(root: Elem, options: CleanupOptions): void {
  let controlled = NO_IDS;
  if (root.tag === '#document') {
    const body = findFirst(root, 'body') ?? root;
    // The parser noted the noscripts and templates (else one walk finds them); unwrapping
    // noscripts moves no template out of the body.
    const noscripts: Elem[] = [];
    const templates: Elem[] = [];
    const take = (el: Elem): void => {
      if (el.tag === 'noscript') noscripts.push(el);
      else if (el.tag === 'template' && STREAM_PLACEHOLDER.test(el.attrs.id ?? '')) templates.push(el);
    };
    const parsed = parsedNoscriptsAndTemplates(root);
    if (parsed) {
      for (const el of parsed) if (el !== body && isWithin(el, body)) take(el);
    } else {
      const find = (el: Elem): void => {
        for (const child of el.children) {
          if (child.type !== 1) continue;
          take(child);
          find(child);
        }
      };
      find(body);
    }
    promoteNoscriptContent(body, noscripts);
    placeStreamedContent(body, templates);
    controlled = revealScriptHiddenContent(body);
  }
  cleanTree(root, options, controlled);
}

/**
 * Scraper decoys: a label ("Sponsored") spelt one letter per span between spans holding random
 * identifiers, which the page's stylesheet hides. Spans whose whole text is a UUID (its first digit
 * sometimes split off into the letter before it), side by side, are not text a reader sees.
 */
const DECOY_ID = /^[0-9a-f]{7,8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isIdSpan(node: Node): boolean {
  if (node.type !== 1 || node.tag !== 'span' || node.children.length !== 1) return false;
  const only = node.children[0] as Node;
  return only.type === 3 && DECOY_ID.test(only.text.trim());
}

/** Removes `parent`'s identifier spans when there are several: one alone may be a reference quoted in prose. */
function dropDecoyIds(parent: Elem): void {
  // Asked of every element: counted first, so that elements without two such spans (all but a
  // few) allocate no array; a child that is no span is passed over without a call.
  const kids = parent.children;
  if (kids.length < 2) return;
  let count = 0;
  for (let i = 0; i < kids.length && count < 2; i++) {
    const child = kids[i] as Node;
    if (child.type === 1 && child.tag === 'span' && isIdSpan(child)) count++;
  }
  if (count > 1) for (const id of parent.children.filter(isIdSpan)) removeNode(id);
}

/** Removes the child at `index` (removeNode without searching for it). */
function removeChild(parent: Elem, index: number): void {
  const [child] = parent.children.splice(index, 1);
  if (child) child.parent = null;
}

const NO_IDS: ReadonlySet<string> = new Set();

/** Tailwind's full-viewport layer: `fixed inset-0`, the backdrop or body of a modal. */
const VIEWPORT_LAYER = /(?:^|\s)fixed(?:\s.*)?\sinset-0(?:\s|$)|(?:^|\s)inset-0(?:\s.*)?\sfixed(?:\s|$)/;

/**
 * A dialog shown over the page on demand (a "notify me when back in stock" form, a newsletter
 * offer, a size guide), as `<dialog>` is: a dialog role or a full-viewport layer. One wrapping
 * the headline, an article or the main region is the page itself (an app's shell).
 */
function isDialog(el: Elem): boolean {
  const a = el.attrs;
  const cls = a.class;
  if (a['aria-modal'] !== 'true' && !(cls?.includes('inset-0') && VIEWPORT_LAYER.test(cls))) return false;
  return !holdsArticle(el);
}

/** A question longer than this is a passage of text that happens to end with one. */
const MAX_QUESTION = 300;
/** A question's last characters: its question mark (Latin, full width, Arabic). */
export const QUESTION_END = /[?？؟]\s*$/;
const MEDIA_TAGS = new Set(['img', 'picture', 'video']);

/** The last non-blank text node under `el`, found from its end (an icon after it is passed over). */
function lastText(el: Elem): string | null {
  const kids = el.children;
  for (let i = kids.length - 1; i >= 0; i--) {
    const child = kids[i] as Node;
    if (child.type === 3) {
      if (child.text.trim() !== '') return child.text;
    } else if (child.type === 1 && !isRawTextTag(child.tag)) {
      const text = lastText(child);
      if (text !== null) return text;
    }
  }
  return null;
}

/**
 * A collapsed FAQ's answer: hidden by its style or class until its question, the element just
 * before it, is clicked. Nothing on the answer says so (a generated class); the question ends with
 * a question mark. Not an element hidden from screen readers too (aria-hidden): a slideshow's
 * other slides and captions. `index` is the hidden element's place among its parent's children.
 */
function isCollapsedAnswer(parent: Elem, index: number): boolean {
  const answer = parent.children[index] as Elem;
  if (answer.attrs['aria-hidden'] === 'true' || !hasText(answer)) return false;
  for (let i = index - 1; i >= 0; i--) {
    const question = parent.children[i] as Node;
    if (question.type === 3) {
      if (question.text.trim() === '') continue;
      return false;
    }
    if (question.type !== 1) return false;
    const text = lastText(question);
    if (text === null || !QUESTION_END.test(text) || textLength(question, MAX_QUESTION) >= MAX_QUESTION)
      return false;
    // A picture's question is its caption (a photo gallery's hidden captions).
    return findFirstWhere(question, (e) => MEDIA_TAGS.has(e.tag)) === null;
  }
  return false;
}

const VISIBILITY_HIDDEN = /(?:^|;)\s*visibility\s*:\s*hidden/i;

/**
 * A custom element (its tag holds a hyphen) its script shows once it has started (a slider of
 * product features): until then its style hides it with `visibility: hidden`, keeping its place.
 * A custom overlay (`<modal-dialog>`) hidden so waits to be opened.
 */
function isUndefinedElement(el: Elem): boolean {
  const tag = el.tag;
  if (!tag.includes('-') || el.attrs.hidden !== undefined || OVERLAY_CLASS.test(tag)) return false;
  return VISIBILITY_HIDDEN.test(el.attrs.style ?? '');
}

/** A panel whose links hold this share of its text is a menu or a table of contents. */
const MAX_PANEL_LINKS = 0.25;

/**
 * A hidden panel a collapsed toggle names (`controlled`: revealScriptHiddenContent) is content
 * waiting for a click, like isCollapsedPanel's, unless it is an overlay or a list of links (a
 * menu, a collapsed table of contents, whose in-page links measureText weighs 0.3).
 */
function isControlledPanel(el: Elem, controlled: ReadonlySet<string>): boolean {
  const a = el.attrs;
  if (a.id === undefined || !controlled.has(a.id)) return false;
  if (el.tag === 'nav' || a.role !== undefined || OVERLAY_CLASS.test(a.class ?? '')) return false;
  const m = measureText(el);
  return m.link < MAX_PANEL_LINKS * m.text;
}

function cleanTree(root: Elem, options: CleanupOptions, controlled: ReadonlySet<string>): void {
  dropDecoyIds(root);
  const kids = root.children;
  for (let i = kids.length - 1; i >= 0; i--) {
    const child = kids[i];
    if (child === undefined || child.type !== 1) continue;
    const tag = child.tag;
    if (NON_CONTENT_TAGS.has(tag) || isRawTextTag(tag)) {
      if (!(tag === 'meta' && root.tag === 'head')) removeChild(root, i);
      continue;
    }
    if (tag === 'head' || tag === 'title') {
      if (tag === 'head') cleanTree(child, options, controlled);
      continue;
    }
    if (
      (isHidden(child) &&
        !isHiddenContinuation(child) &&
        !isHiddenListRest(child) &&
        !isControlledPanel(child, controlled) &&
        !isCollapsedAnswer(root, i) &&
        !isUndefinedElement(child)) ||
      isScreenReaderOnly(child) ||
      isDialog(child)
    ) {
      removeChild(root, i);
      continue;
    }
    if (tag === 'img') {
      promoteLazySource(child);
      const src = child.attrs.src?.trim() ?? '';
      // An inline image is tested first: the tracker pattern, tried at every character of a
      // base64 payload (tens of kilobytes), cost more than the rest of the walk.
      if ((options.removeBase64Images && src.startsWith('data:')) || isTrackingImage(child)) {
        removeChild(root, i);
        continue;
      }
      if (options.removeBase64Images && child.attrs.srcset?.includes('data:')) delete child.attrs.srcset;
      continue;
    }
    if (tag === 'source' && options.removeBase64Images && child.attrs.srcset?.startsWith('data:')) {
      removeChild(root, i);
      continue;
    }
    cleanTree(child, options, controlled);
  }
}
