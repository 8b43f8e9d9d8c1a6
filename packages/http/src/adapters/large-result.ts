import { CONTENT_URL_TTL_SECONDS, scrapeResultKey, signedContentUrl } from '@webcapture/service';
import { lambdaPayloadBytes } from '../middleware/deliverable-response';

/**
 * The most a scrape answer carries inline (docs/api/limits.md: Large results), measured as
 * Lambda sends it: the serialized body JSON-escaped once more inside the invocation's response,
 * which grows a page's JSON by 5% and more. Lambda's 6 MB response limit always leaves room.
 */
export const INLINE_RESULT_MAX_BYTES = 4 * 1024 * 1024;

/** Whether `body` may be answered inline (at most INLINE_RESULT_MAX_BYTES as Lambda sends it). */
export function fitsInline(body: unknown): boolean {
  return lambdaPayloadBytes(JSON.stringify(body)) <= INLINE_RESULT_MAX_BYTES;
}

/** The envelope's fields that can be large: left out when the answer points to the stored result. */
const BULKY_FIELDS = ['formats', 'tables', 'warnings'];

/**
 * A scrape envelope too large to answer inline: its other fields (status, scrapeId, urls,
 * metadata, stats, custom…) and `content_url`, a signed URL (valid CONTENT_URL_TTL_SECONDS,
 * re-signed on every read) to the whole stored envelope.
 */
export function envelopeWithContentUrl(
  envelope: unknown,
  accountId: string,
  scrapeId: string,
): Record<string, unknown> {
  const kept = Object.fromEntries(
    Object.entries(envelope as Record<string, unknown>).filter(([name]) => !BULKY_FIELDS.includes(name)),
  );
  return {
    ...kept,
    content_url: signedContentUrl(accountId, scrapeResultKey(accountId, scrapeId)),
    content_url_expires_in: CONTENT_URL_TTL_SECONDS,
  };
}
