import { BROWSER_HEADERS, type FetchResult } from '@webcapture/capture';
import type { RawHeaders, RecordedTraffic } from '@webcapture/render';

/** What one recording holds, before it is written as WARC records in a WACZ package. */
export interface RecordingContent {
  /** The URL as requested. */
  url: string;
  /** The page after redirects and script navigations: the recording's one page. */
  finalUrl: string;
  title: string | null;
  /** ISO 8601 UTC: when the page was read. */
  capturedAt: string;
  traffic: RecordedTraffic;
  /**
   * The page the content pipeline ran on, kept so a replay runs it again on the same bytes:
   * a rendered capture's final DOM (a `resource` record), or a fast-path capture's one response.
   */
  page: { kind: 'dom'; html: string } | { kind: 'response' };
  screenshot?: { image: Uint8Array; format: string };
}

/**
 * A fast-path scrape's one exchange as a recording sees it. The fetcher hands the body over
 * decompressed, so the headers that described the wire form (encoding, length, chunking) are
 * replaced by the length of the bytes kept.
 */
export function fastPathTraffic(live: FetchResult): RecordedTraffic {
  const wireOnly = new Set(['content-encoding', 'content-length', 'transfer-encoding']);
  const responseHeaders: RawHeaders = Object.entries(live.headers).filter(([name]) => !wireOnly.has(name));
  responseHeaders.push(['content-length', String(live.body.byteLength)]);
  const finalUrl = new URL(live.finalUrl);
  return {
    exchanges: [
      {
        url: live.finalUrl,
        method: 'GET',
        requestHeaders: [['host', finalUrl.host], ...Object.entries(BROWSER_HEADERS)],
        requestBody: new Uint8Array(),
        status: live.status,
        statusText: '',
        responseHeaders,
        responseBody: live.body,
        truncated: false,
        ip: live.remoteAddress || null,
        startedAt: live.retrievedAt,
        durationMs: 0,
      },
    ],
    tunnels: [],
    refusals: [],
  };
}
