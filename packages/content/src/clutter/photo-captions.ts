import { classAndId, type Elem, findAll, findFirstWhere, isWithin, removeNode } from '../parse';
import { textLength } from '../text-measure';

/*
 * Captions and photo credits under a picture ("The minister arrives in Brussels. Photo: Reuters")
 * describe the image, not the story: news extractors and reference texts leave them out, and on
 * news pages they were the largest share of leaked words. A caption goes when what it captions is
 * only media — a `<figure>` whose other content is an image, picture or video, or a caption-classed
 * element beside an image in its wrapper. Captions of code listings, quotes and tables (a figure
 * holding `pre`, `blockquote`, `table`) stay: there the caption is part of the text.
 */

const MEDIA = new Set(['img', 'picture', 'video', 'svg', 'iframe', 'object', 'embed', 'canvas']);
const TEXT_FIGURES = new Set(['pre', 'code', 'blockquote', 'table', 'ol', 'ul', 'dl']);
/** Caption-classed elements: `wp-caption-text`, `image-credit`, `photo__caption`… */
const CAPTION_CLASS = /(?:^|[\s_-])(?:caption|credits?|photo-?credit)(?:$|[\s_-])/i;
/** The wrapper's text outside the caption and its media: no more than a credit line. */
const MAX_OTHER_TEXT = 40;
/** A caption made mostly of links is a card's title, not a picture's description. */
const MAX_CAPTION_LINK_SHARE = 0.5;

function hasMedia(el: Elem, except: Elem): boolean {
  return findFirstWhere(el, (e) => e !== except && MEDIA.has(e.tag) && !isWithin(e, except)) !== null;
}

/** Text of `el` outside `except`. */
function textOutside(el: Elem, except: Elem): number {
  return Math.max(0, textLength(el) - textLength(except));
}

function linkShare(el: Elem): number {
  const text = textLength(el);
  if (text === 0) return 0;
  let links = 0;
  for (const a of findAll(el, (e) => e.tag === 'a')) links += textLength(a);
  return links / text;
}

/** Wrappers a caption may sit in below the picture's own (`div.image > div.info > span.caption`). */
const MAX_CAPTION_DEPTH = 3;

/** The figure or wrapper a caption describes when that is a picture, else null. */
function captionedPicture(caption: Elem): Elem | null {
  let wrapper = caption.tag === 'figcaption' ? findFigure(caption) : caption.parent;
  for (let depth = 1; wrapper && wrapper.tag !== 'body'; depth++, wrapper = wrapper.parent) {
    if (findFirstWhere(wrapper, (e) => TEXT_FIGURES.has(e.tag) && !isWithin(e, caption)) !== null)
      return null;
    if (textOutside(wrapper, caption) > MAX_OTHER_TEXT) return null;
    if (hasMedia(wrapper, caption)) return wrapper;
    if (depth === MAX_CAPTION_DEPTH) return null;
  }
  return null;
}

function findFigure(caption: Elem): Elem | null {
  for (let p = caption.parent; p; p = p.parent) if (p.tag === 'figure') return p;
  return caption.parent;
}

function isCaption(el: Elem): boolean {
  if (el.tag === 'figcaption') return true;
  if (MEDIA.has(el.tag) || el.tag === 'figure') return false;
  const cls = classAndId(el);
  return cls !== '' && CAPTION_CLASS.test(cls);
}

/**
 * Removes picture captions and credits from `root`, except inside `keep` (item grids, whose cards
 * put their titles under their pictures).
 */
export function dropPhotoCaptions(root: Elem, keep: (el: Elem) => boolean = () => false): void {
  for (const caption of findAll(root, isCaption)) {
    if (!caption.parent || !isWithin(caption, root) || keep(caption)) continue;
    if (findFirstWhere(caption, (e) => MEDIA.has(e.tag)) !== null) continue;
    if (linkShare(caption) > MAX_CAPTION_LINK_SHARE) continue;
    if (captionedPicture(caption)) removeNode(caption);
  }
}
