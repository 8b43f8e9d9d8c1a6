import { type ContentOptions, type ContentResult, decodeHtml, processHtml } from '@webcapture/content';
import type { CachedCapture } from './cached-capture';

const TEXT_TYPES = /^(text\/|application\/(.+\+)?(json|xml|javascript|x-javascript|ecmascript)$)/;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/;

export type PageKind = 'html' | 'text' | 'binary';

/** What an origin that sends no Content-Type is reported as: RFC 9110 §8.3's assumption. */
export const UNTYPED_CONTENT_TYPE = 'application/octet-stream';

/** The media type scrape's contentType and fetch's X-Fetch-Content-Type report: never null. */
export function reportedContentType(capture: CachedCapture): string {
  return capture.contentType ?? UNTYPED_CONTENT_TYPE;
}

/** Origins often omit Content-Type; a body that starts like markup is treated as HTML. */
export function pageKind(capture: CachedCapture): PageKind {
  const type = capture.contentType;
  if (type && HTML_TYPES.test(type)) return 'html';
  if (type && TEXT_TYPES.test(type)) return 'text';
  if (!type) {
    const head = Buffer.from(capture.body.subarray(0, 512)).toString('latin1').trimStart().toLowerCase();
    if (head.startsWith('<!doctype html') || head.startsWith('<html') || head.startsWith('<')) return 'html';
  }
  return type ? 'binary' : 'text';
}

export interface PageContent {
  kind: PageKind;
  /** The page as text, decoded by BOM, Content-Type charset or <meta charset>; null for binary bodies. */
  text: string | null;
  result: ContentResult | null;
}

/** Decodes the capture once and runs the content engine on HTML; text and binary bodies pass through. */
export function pageContent(capture: CachedCapture, options: Omit<ContentOptions, 'url'>): PageContent {
  const kind = pageKind(capture);
  if (kind === 'binary') return { kind, text: null, result: null };
  const header = capture.charset
    ? `${capture.contentType ?? 'text/plain'}; charset=${capture.charset}`
    : capture.contentType;
  const { html: text } = decodeHtml(capture.body, header);
  if (kind === 'text') return { kind, text, result: null };
  return { kind, text, result: processHtml(text, { ...options, url: capture.finalUrl }) };
}
