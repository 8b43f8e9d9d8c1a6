import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import { getSurt, WARCSerializer } from 'warcio';
import type { RecordingContent } from './recording-content';
import { warcRecords } from './warc-records';

/*
 * A recording as a WACZ 1.1.1 package (https://specs.webrecorder.net/wacz/1.1.1/): the WARC
 * records in archive/data.warc.gz (one gzip member per record, so a CDX offset opens one),
 * their CDXJ index, the page list and datapackage.json with every file's sha256 and size.
 * Entries are stored, not deflated: the WARC is compressed already and readers seek into it.
 */

export const WARC_PATH = 'archive/data.warc.gz';

export interface PackedRecording {
  wacz: Uint8Array;
  /** Pages in pages.jsonl: a capture records one. */
  pages: number;
  /** Request/response pairs, tunnels and refused requests: what the browser asked for. */
  requests: number;
}

interface CdxEntry {
  surt: string;
  timestamp: string;
  fields: Record<string, string | number>;
}

const encoder = new TextEncoder();

export async function packWacz(content: RecordingContent): Promise<PackedRecording> {
  const chunks: Uint8Array[] = [];
  const index: CdxEntry[] = [];
  let offset = 0;
  for (const record of warcRecords(content)) {
    const bytes = await WARCSerializer.serialize(record, { gzip: true });
    if (['response', 'resource', 'metadata'].includes(record.warcType) && record.warcTargetURI) {
      const url = record.warcTargetURI;
      const mime = record.httpHeaders?.headers.get('content-type') ?? record.warcContentType ?? '';
      index.push({
        surt: surtOf(url),
        timestamp: (record.warcDate ?? '').replace(/\D/g, '').slice(0, 14),
        fields: {
          url,
          mime: mime.split(';')[0]?.trim() ?? '',
          ...(record.warcType === 'response' ? { status: Number(record.httpHeaders?.statusCode ?? 0) } : {}),
          digest: record.warcPayloadDigest ?? record.warcBlockDigest ?? '',
          length: bytes.byteLength,
          offset,
          filename: 'data.warc.gz',
          ...(record.warcType === 'response' ? {} : { recordType: record.warcType }),
        },
      });
    }
    chunks.push(bytes);
    offset += bytes.byteLength;
  }
  const files: Record<string, Uint8Array> = {
    [WARC_PATH]: Buffer.concat(chunks),
    'indexes/index.cdx': encoder.encode(cdxj(index)),
    'pages/pages.jsonl': encoder.encode(pagesJsonl(content)),
  };
  const datapackage = {
    profile: 'data-package',
    wacz_version: '1.1.1',
    title: content.title ?? content.finalUrl,
    created: content.capturedAt,
    software: 'webcapture',
    mainPageUrl: content.finalUrl,
    mainPageDate: content.capturedAt,
    resources: Object.entries(files).map(([path, bytes]) => ({
      name: path.split('/').pop(),
      path,
      hash: `sha256:${createHash('sha256').update(bytes).digest('hex')}`,
      bytes: bytes.byteLength,
    })),
  };
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (const [path, bytes] of Object.entries({
    ...files,
    'datapackage.json': encoder.encode(JSON.stringify(datapackage, null, 2)),
  })) {
    entries[path] = [bytes, { level: 0 }];
  }
  const exchanges = content.traffic;
  return {
    wacz: zipSync(entries),
    pages: 1,
    requests: exchanges.exchanges.length + exchanges.tunnels.length + exchanges.refusals.length,
  };
}

/** SURT of an http(s) URL (warcio's, as pywb sorts); other URIs (urn:…) as they are. */
function surtOf(url: string): string {
  return /^https?:\/\//.test(url) ? getSurt(url) : url;
}

/** CDXJ: `surt timestamp {json}` lines, sorted as binary search in replay tools expects. */
function cdxj(entries: CdxEntry[]): string {
  return entries
    .map((entry) => `${entry.surt} ${entry.timestamp} ${JSON.stringify(entry.fields)}`)
    .sort()
    .map((line) => `${line}\n`)
    .join('');
}

function pagesJsonl(content: RecordingContent): string {
  const header = { format: 'json-pages-1.0', id: 'pages', title: 'All Pages' };
  const page = { id: 'page-1', url: content.finalUrl, ts: content.capturedAt, title: content.title ?? '' };
  return `${JSON.stringify(header)}\n${JSON.stringify(page)}\n`;
}
