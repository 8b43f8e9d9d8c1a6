import type { FetchResult } from './fetch-page';

/**
 * Recognises captcha and bot-wall interstitials so the caller can serve them live and keep them
 * out of the cache. Conservative by design: a rule needs a challenge-only fingerprint, or a
 * blocking status together with a vendor marker, or a challenge title on a page with almost no
 * text. A normal page that merely loads a captcha script for its form matches none of them.
 * The rules are listed in packages/capture/README.md; keep the two in step.
 */

export interface BlockedVerdict {
  blocked: boolean;
  reason?: string;
}

/** Statuses bot walls answer with; a vendor marker on one of these is enough. */
const BLOCKING_STATUSES = new Set([403, 429, 503]);

/** Only this much of the body is examined; interstitials are small and their markers come early. */
const EXAMINED_BYTES = 512 * 1024;

/** Visible text below this many characters makes a page "tiny". */
const TINY_TEXT_CHARS = 2000;

/** Markers of each vendor's challenge or block page; some also appear on normal pages. */
const VENDOR_MARKERS: Array<[vendor: string, marker: RegExp]> = [
  [
    'cloudflare',
    /cf_chl_opt|cf-chl-|cf-browser-verification|cf-error-details|challenge-error-text|\| cloudflare<\/title>/,
  ],
  ['akamai', /reference&#32;&#35;|you don't have permission to access/],
  ['perimeterx', /px-captcha|captcha\.px-cdn\.net|perimeterx/],
  ['datadome', /captcha-delivery\.com|datadome/],
  ['imperva', /_incapsula_resource|incapsula incident id/],
  ['hcaptcha', /hcaptcha\.com\/1\/api\.js|class="h-captcha"/],
  ['recaptcha', /google\.com\/recaptcha\/|recaptcha\/api\.js|class="g-recaptcha"/],
  ['captcha', /captcha/],
];

/** Markers that only ever appear on interstitials, so they count at any status on a tiny page. */
const CHALLENGE_ONLY: Array<[vendor: string, marker: RegExp]> = [
  ['cloudflare', /cf_chl_opt|cf-browser-verification/],
  ['perimeterx', /id="px-captcha"/],
  ['datadome', /geo\.captcha-delivery\.com/],
  ['imperva', /incapsula incident id/],
];

const CHALLENGE_TITLE =
  /^(just a moment|attention required|access denied|access to this page has been denied|are you a (robot|human)|verify(ing)? (that )?you are (a )?human|human verification|security check|bot (check|verification)|captcha|pardon our interruption|request unsuccessful|checking your browser|ddos-guard|one more step)|\| cloudflare$/;

function headerVerdict({ status, headers }: FetchResult): BlockedVerdict | undefined {
  if (headers['cf-mitigated']?.toLowerCase() === 'challenge') return { blocked: true, reason: 'cloudflare' };
  if (!BLOCKING_STATUSES.has(status)) return undefined;
  if (headers['x-datadome'] !== undefined || headers['x-dd-b'] !== undefined)
    return { blocked: true, reason: 'datadome' };
  if (status === 403 && /akamaighost/i.test(headers.server ?? '')) return { blocked: true, reason: 'akamai' };
  return undefined;
}

function isHtmlLike(contentType: string | null): boolean {
  return contentType === null || contentType === 'text/html' || contentType === 'application/xhtml+xml';
}

function visibleText(html: string): string {
  return html
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function titleOf(html: string): string {
  const raw = /<title[^>]*>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  return raw
    .replace(/&hellip;|…/g, '...')
    .replace(/\s+/g, ' ')
    .trim();
}

export function classifyBlocked(result: FetchResult): BlockedVerdict {
  const byHeader = headerVerdict(result);
  if (byHeader) return byHeader;
  if (!isHtmlLike(result.contentType)) return { blocked: false };

  // Latin-1 keeps every byte as one character: enough for ASCII markers in any ASCII-compatible charset.
  const html = Buffer.from(
    result.body.buffer,
    result.body.byteOffset,
    Math.min(result.body.byteLength, EXAMINED_BYTES),
  )
    .toString('latin1')
    .toLowerCase();

  if (BLOCKING_STATUSES.has(result.status)) {
    const vendor = VENDOR_MARKERS.find(([, marker]) => marker.test(html));
    if (vendor) return { blocked: true, reason: vendor[0] };
  }

  if (visibleText(html).length >= TINY_TEXT_CHARS) return { blocked: false };
  const challenge = CHALLENGE_ONLY.find(([, marker]) => marker.test(html));
  if (challenge) return { blocked: true, reason: challenge[0] };
  if (CHALLENGE_TITLE.test(titleOf(html))) return { blocked: true, reason: 'challenge_title' };
  return { blocked: false };
}
