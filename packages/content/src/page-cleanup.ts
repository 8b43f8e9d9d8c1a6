import { type Elem, isRawTextTag, removeNode } from './dom';

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

export function isHidden(el: Elem): boolean {
  const a = el.attrs;
  if (a.hidden !== undefined) return true;
  if (a['aria-hidden'] === 'true' && !a.class?.includes('fallback-image')) return true;
  if (a.style && STYLE_HIDDEN.test(a.style)) return true;
  return el.tag === 'input' && a.type?.toLowerCase() === 'hidden';
}

function isTinyDimension(v: string | undefined): boolean {
  return v !== undefined && /^\s*[01](?:px)?\s*$/.test(v);
}

export function isTrackingImage(el: Elem): boolean {
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

export interface CleanupOptions {
  removeBase64Images: boolean;
}

/**
 * Removes scripts, styles, hidden and tracking elements in place, and repairs lazy images.
 * `<head>` is left alone except for script-like content, since metadata was read from it already.
 */
export function cleanupPage(root: Elem, options: CleanupOptions): void {
  const kids = root.children;
  for (let i = kids.length - 1; i >= 0; i--) {
    const child = kids[i];
    if (child === undefined || child.type !== 1) continue;
    const tag = child.tag;
    if (NON_CONTENT_TAGS.has(tag) || isRawTextTag(tag)) {
      if (!(tag === 'meta' && root.tag === 'head')) removeNode(child);
      continue;
    }
    if (tag === 'head' || tag === 'title') {
      if (tag === 'head') cleanupPage(child, options);
      continue;
    }
    if (isHidden(child)) {
      removeNode(child);
      continue;
    }
    if (tag === 'img') {
      promoteLazySource(child);
      const src = child.attrs.src?.trim() ?? '';
      if (isTrackingImage(child) || (options.removeBase64Images && src.startsWith('data:'))) {
        removeNode(child);
        continue;
      }
      if (options.removeBase64Images && child.attrs.srcset?.includes('data:')) delete child.attrs.srcset;
      continue;
    }
    if (tag === 'source' && options.removeBase64Images && child.attrs.srcset?.startsWith('data:')) {
      removeNode(child);
      continue;
    }
    cleanupPage(child, options);
  }
}
