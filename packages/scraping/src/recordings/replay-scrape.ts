import { parseContentType } from '@webcapture/capture';
import { ApiError } from '@webcapture/errors';
import {
  billingRecord,
  findRecording,
  newId,
  readRecordingArchive,
  type StoredRecording,
  saveCompletedScrape,
} from '@webcapture/service';
import { unzipSync } from 'fflate';
import { WARCParser, type WARCRecord } from 'warcio';
import type { CachedCapture } from '../cached-capture';
import type { RequestMeter } from '../request-meter';
import { type ScrapeEnvelope, scrapeEnvelope } from '../scrape';
import { type ScrapeOutputFields, scrapeOptions } from '../scrape-request';
import { WARC_PATH } from './wacz-package';
import { PAGE_ROLE, PAGE_ROLE_FIELD } from './warc-records';

export interface ReplayRequest {
  accountId: string;
  recordingId: string;
  /** The scrape's output options; its url is the recording's. */
  request: Omit<ScrapeOutputFields, 'url'>;
}

/**
 * POST /v1/scrape with recording_id: the content pipeline runs on the page the recording kept —
 * the final DOM of a rendered capture, the response of a fast-path one — exactly as the original
 * scrape ran it, so the same options give the same output; nothing is sent to the site. Billed
 * as a scrape without page bandwidth, and stored under a new scrape id like any other.
 */
export async function replayScrape(replay: ReplayRequest, meter: RequestMeter): Promise<ScrapeEnvelope> {
  const recording = await findRecording(replay.accountId, replay.recordingId);
  if (!recording) throw new ApiError('not_found', `No recording ${replay.recordingId} on this account.`);
  const capture = await recordedCapture(recording);
  const id = newId('sc');
  const request = { ...replay.request, url: recording.url };
  const envelope = scrapeEnvelope(capture, scrapeOptions(request, id), recording.page.contentType);
  meter.bill(billingRecord({ kind: 'scrape', markdown: request.formats.includes('markdown'), wireBytes: 0 }));
  await saveCompletedScrape(replay.accountId, id, request.url, envelope);
  return envelope;
}

/** The capture the recording kept, as the content pipeline takes it. */
async function recordedCapture(recording: StoredRecording): Promise<CachedCapture> {
  const files = unzipSync(await readRecordingArchive(recording.archiveKey), {
    filter: (file) => file.name === WARC_PATH,
  });
  const warc = files[WARC_PATH];
  const record = warc ? await pageRecord(warc) : undefined;
  if (!record) {
    throw new ApiError('internal_error', 'This recording holds no page to replay.', {
      details: { reason: 'recording_unreadable' },
    });
  }
  const { page } = recording;
  const base = {
    url: recording.url,
    finalUrl: page.finalUrl,
    redirects: [],
    status: page.status,
    wireBytes: page.wireBytes,
    retrievedAt: page.retrievedAt,
  };
  const body = record.payload;
  if (record.record.warcType === 'resource') {
    // A rendered page: its DOM, as the rendered scrape processed it.
    return { ...base, headers: {}, contentType: 'text/html', charset: 'utf-8', body };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of record.record.httpHeaders?.headers ?? []) headers[name.toLowerCase()] = value;
  const { mediaType, charset } = parseContentType(headers['content-type']);
  return { ...base, headers, contentType: mediaType, charset, body };
}

/** The record marked as the page, with its payload (read before the parser moves on). */
async function pageRecord(
  warc: Uint8Array,
): Promise<{ record: WARCRecord; payload: Uint8Array } | undefined> {
  for await (const record of WARCParser.iterRecords([warc])) {
    if (record.warcHeader(PAGE_ROLE_FIELD) === PAGE_ROLE)
      return { record, payload: await record.readFully(false) };
  }
  return undefined;
}
