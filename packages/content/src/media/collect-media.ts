import type { Elem } from '../parse';
import type { UrlResolver } from '../parse/url-resolver';
import type { ImageObject, LinkObject } from '../types';
import { dimension, imageFormat, scoreImage } from './image-score';

const WS = /\s+/g;

/** Every link and image of the page in document order, de-duplicated by absolute URL. */
export function collectMedia(
  root: Elem,
  resolver: UrlResolver,
  removeBase64Images: boolean,
): { links: LinkObject[]; images: ImageObject[] } {
  const links = new Map<string, LinkObject>();
  const images = new Map<string, ImageObject>();
  const visit = (el: Elem): void => {
    if (el.tag === 'a' || el.tag === 'area') {
      const url = resolver.resolve(el.attrs.href);
      if (url && !url.startsWith('data:')) {
        const text = linkText(el);
        const seen = links.get(url);
        if (!seen) {
          links.set(url, {
            url,
            text,
            isInternal: resolver.isInternal(url),
            rel: el.attrs.rel?.trim() || null,
          });
        } else if (!seen.text && text) seen.text = text;
      }
    } else if (el.tag === 'img') {
      const url = resolver.resolve(el.attrs.src ?? el.attrs.srcset?.trim().split(WS)[0]);
      if (url && !(removeBase64Images && url.startsWith('data:')) && !images.has(url)) {
        images.set(url, {
          url,
          alt: (el.attrs.alt ?? '').replace(WS, ' ').trim(),
          width: dimension(el.attrs.width),
          height: dimension(el.attrs.height),
          format: imageFormat(url),
          score: scoreImage(el, url),
        });
      }
    }
    for (const c of el.children) if (c.type === 1) visit(c);
  };
  visit(root);
  return { links: [...links.values()], images: [...images.values()] };
}

function linkText(el: Elem): string {
  let out = '';
  const walk = (e: Elem): void => {
    for (const c of e.children) {
      if (c.type === 3) out += c.text;
      else if (c.tag === 'img') out += ` ${c.attrs.alt ?? ''} `;
      else walk(c);
    }
  };
  walk(el);
  return out.replace(WS, ' ').trim();
}
