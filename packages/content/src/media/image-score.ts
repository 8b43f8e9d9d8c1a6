import type { Elem } from '../parse';

/** Images scoring below this are dropped by `filterImages` (tracking pixels, spacers, icons, ads). */
export const IMAGE_SCORE_THRESHOLD = 0.4;

const LOW_SIGNAL_URL =
  /(?:^|[/_.-])(?:icon|icons|favicon|logo|sprite|avatar|badge|button|btn|spacer|pixel|blank|emoji|smiley|transparent|1x1|ads?|advert|banner|tracking|share|social|rating|star|arrow|loader|loading|spinner)(?:[/_.-]|\d|$)/i;
const AD_HINT = /(?:^|[\s_-])(?:ad|ads|advert|sponsor|promo|banner)(?:[\s_-]|$)/i;

const EXTENSION_FORMAT: Record<string, string> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  avif: 'avif',
  svg: 'svg',
  bmp: 'bmp',
  ico: 'ico',
  tif: 'tiff',
  tiff: 'tiff',
  jxl: 'jxl',
  heic: 'heic',
};

/** Image format from a data: media type or the URL's file extension; '' when unknown. */
export function imageFormat(url: string): string {
  if (url.startsWith('data:')) {
    const m = /^data:image\/([\w+.-]+)/i.exec(url);
    const t = m?.[1]?.toLowerCase() ?? '';
    return t === 'svg+xml' ? 'svg' : t === 'jpg' ? 'jpeg' : t;
  }
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const ext = /\.([a-z0-9]{2,5})$/i.exec(path)?.[1]?.toLowerCase();
  if (ext && EXTENSION_FORMAT[ext]) return EXTENSION_FORMAT[ext];
  const fmt = /[?&](?:fm|format|f)=([a-z]+)/i.exec(url)?.[1]?.toLowerCase();
  return fmt && EXTENSION_FORMAT[fmt] ? EXTENSION_FORMAT[fmt] : '';
}

export function dimension(v: string | undefined): number {
  if (!v) return 0;
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * How likely an image is to be content (0..1). Signals: alt text, declared size, URL and
 * class hints (icons, logos, ads, spacers), format, and being inside a figure. Without a size
 * or alt the score stays near the middle so plain article images survive filtering.
 */
export function scoreImage(img: Elem, url: string): number {
  const a = img.attrs;
  let score = 0.5;
  const alt = (a.alt ?? '').trim();
  if (alt.length >= 5) score += 0.2;
  else if (!alt) score -= 0.1;
  const w = dimension(a.width);
  const h = dimension(a.height);
  if (w && h) {
    if (w <= 2 || h <= 2) return 0;
    if (w * h >= 200 * 150) score += 0.2;
    else if (w <= 64 && h <= 64) score -= 0.35;
  } else if ((w && w <= 48) || (h && h <= 48)) score -= 0.3;
  if (LOW_SIGNAL_URL.test(url)) score -= 0.3;
  const hints = `${a.class ?? ''} ${a.id ?? ''}`;
  if (AD_HINT.test(hints)) score -= 0.3;
  if (/icon|logo|avatar|emoji/i.test(hints)) score -= 0.25;
  const format = imageFormat(url);
  if (format === 'svg' || format === 'ico') score -= 0.15;
  else if (format === 'gif') score -= 0.05;
  for (let p = img.parent, depth = 0; p && depth < 4; p = p.parent, depth++) {
    if (p.tag === 'figure' || p.tag === 'picture') {
      score += 0.15;
      break;
    }
  }
  if (a.srcset) score += 0.05;
  return Math.max(0, Math.min(1, Math.round(score * 100) / 100));
}
