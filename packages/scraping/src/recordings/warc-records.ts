import { STATUS_CODES } from 'node:http';
import type { RecordedExchange, RecordedRefusal, RecordedTunnel } from '@webcapture/render';
import { WARCRecord } from 'warcio';
import type { RecordingContent } from './recording-content';

/*
 * A recording's WARC 1.1 records, built with Webrecorder's warcio: request/response pairs for
 * every exchange (plain http from the guard proxy, https from Chromium), metadata records for
 * tunnels and refusals, a resource record of the final DOM and one of the screenshot
 * (docs/api/recordings.md).
 */

const WARC_VERSION = 'WARC/1.1';

/**
 * Marks the record a replay runs the content pipeline on (the DOM, or the fast path's response).
 * A WARC extension field: archive tools ignore fields they do not know.
 */
export const PAGE_ROLE_FIELD = 'WebCapture-Role';
export const PAGE_ROLE = 'page';

/** Headers Node has already undone on a recorded body (it arrives de-chunked). */
const UNDONE_HEADERS = new Set(['transfer-encoding']);

const encoder = new TextEncoder();

export function warcRecords(content: RecordingContent): WARCRecord[] {
  const records: WARCRecord[] = [warcInfo(content)];
  const pageExchange =
    content.page.kind === 'response'
      ? content.traffic.exchanges.find((exchange) => exchange.url === content.finalUrl)
      : undefined;
  for (const exchange of content.traffic.exchanges) {
    records.push(...exchangeRecords(exchange, exchange === pageExchange));
  }
  for (const tunnel of content.traffic.tunnels) records.push(tunnelRecord(tunnel));
  for (const refusal of content.traffic.refusals) records.push(refusalRecord(refusal));
  if (content.page.kind === 'dom') records.push(domRecord(content, content.page.html));
  if (content.screenshot) {
    records.push(
      WARCRecord.create(
        {
          url: `urn:view:${content.finalUrl}`,
          date: content.capturedAt,
          type: 'resource',
          warcVersion: WARC_VERSION,
          warcHeaders: { 'Content-Type': `image/${content.screenshot.format}` },
        },
        [content.screenshot.image],
      ),
    );
  }
  return records;
}

function warcInfo(content: RecordingContent): WARCRecord {
  return WARCRecord.createWARCInfo(
    { filename: 'data.warc.gz', warcVersion: WARC_VERSION, date: content.capturedAt },
    {
      software: 'webcapture',
      format: 'WARC File Format 1.1',
      conformsTo: 'https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/',
      isPartOf: content.url,
    },
  );
}

function exchangeRecords(exchange: RecordedExchange, isPage: boolean): WARCRecord[] {
  const truncated: Record<string, string> = exchange.truncated ? { 'WARC-Truncated': 'length' } : {};
  const response = WARCRecord.create(
    {
      url: exchange.url,
      date: exchange.startedAt,
      type: 'response',
      warcVersion: WARC_VERSION,
      statusline: `HTTP/1.1 ${exchange.status} ${exchange.statusText || STATUS_CODES[exchange.status] || ''}`,
      httpHeaders: exchange.responseHeaders.filter(([name]) => !UNDONE_HEADERS.has(name.toLowerCase())),
      keepHeadersCase: true,
      warcHeaders: {
        ...(exchange.ip ? { 'WARC-IP-Address': exchange.ip } : {}),
        'WebCapture-Duration-Ms': String(exchange.durationMs),
        ...(isPage ? { [PAGE_ROLE_FIELD]: PAGE_ROLE } : {}),
        ...truncated,
      },
    },
    [exchange.responseBody],
  );
  const target = new URL(exchange.url);
  const request = WARCRecord.create(
    {
      url: exchange.url,
      date: exchange.startedAt,
      type: 'request',
      warcVersion: WARC_VERSION,
      statusline: `${exchange.method} ${target.pathname}${target.search} HTTP/1.1`,
      httpHeaders: exchange.requestHeaders,
      keepHeadersCase: true,
      warcHeaders: {
        'WARC-Concurrent-To': recordId(response),
        ...(exchange.ip ? { 'WARC-IP-Address': exchange.ip } : {}),
      },
    },
    [exchange.requestBody],
  );
  return [response, request];
}

/** An HTTPS or WebSocket tunnel: its bytes are TLS, so what is known of it, never a body. */
function tunnelRecord(tunnel: RecordedTunnel): WARCRecord {
  return metadataRecord(`urn:tunnel:${tunnel.authority}`, tunnel.startedAt, {
    connect: tunnel.authority,
    'ip-address': tunnel.ip ?? '',
    'bytes-received': String(tunnel.bytes),
    'duration-ms': String(tunnel.durationMs),
    contents: 'TLS; not recorded',
  });
}

/** A request the guard refused: which and why, never a body (none was fetched). */
function refusalRecord(refusal: RecordedRefusal): WARCRecord {
  const isUrl = /^https?:\/\//.test(refusal.target);
  return metadataRecord(isUrl ? refusal.target : `urn:refused:${refusal.target}`, refusal.at, {
    refused: 'true',
    reason: refusal.reason,
    ...(refusal.address ? { 'refused-address': refusal.address } : {}),
  });
}

function metadataRecord(url: string, date: string, fields: Record<string, string>): WARCRecord {
  const body = Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return WARCRecord.create(
    {
      url,
      date,
      type: 'metadata',
      warcVersion: WARC_VERSION,
      warcHeaders: { 'Content-Type': 'application/warc-fields' },
    },
    [encoder.encode(body)],
  );
}

/**
 * The final DOM as HTML: what a rendered scrape's content pipeline read. Under the page's own URL
 * when the document's exchange was not recorded (a body Chromium no longer held), so a replay
 * tool still shows the page.
 */
function domRecord(content: RecordingContent, html: string): WARCRecord {
  const documentRecorded = content.traffic.exchanges.some((exchange) => exchange.url === content.finalUrl);
  return WARCRecord.create(
    {
      url: documentRecorded ? `urn:dom:${content.finalUrl}` : content.finalUrl,
      date: content.capturedAt,
      type: 'resource',
      warcVersion: WARC_VERSION,
      warcHeaders: { 'Content-Type': 'text/html; charset=utf-8', [PAGE_ROLE_FIELD]: PAGE_ROLE },
    },
    [encoder.encode(html)],
  );
}

export function recordId(record: WARCRecord): string {
  return record.warcHeader('WARC-Record-ID') ?? '';
}
