import type { RecordedTraffic } from '@webcapture/render';
import {
  type BillingRecord,
  billingRecord,
  type RecordedPage,
  recordingIdFor,
  saveRecording,
} from '@webcapture/service';
import type { ScrapeEnvelope } from '../scrape';
import type { RecordingContent } from './recording-content';
import { packWacz } from './wacz-package';

export interface KeptRecording {
  recordingId: string;
  /** Its storage, billed as bandwidth on the usage row /v1/recordings, with the capture's own charge. */
  billing: BillingRecord;
}

/**
 * Packs a capture's recording as WACZ and stores it under the id its source gives it
 * (recordingIdFor), so a capture that runs again replaces its recording rather than adding one.
 */
export async function keepRecording(
  source: { accountId: string; id: string },
  content: RecordingContent,
  page: RecordedPage,
): Promise<KeptRecording> {
  const packed = await packWacz(content);
  const recordingId = recordingIdFor(source.id);
  await saveRecording({
    accountId: source.accountId,
    id: recordingId,
    url: content.url,
    source: source.id,
    pages: packed.pages,
    requests: packed.requests,
    page,
    wacz: packed.wacz,
  });
  return { recordingId, billing: billingRecord({ kind: 'recording', wireBytes: packed.wacz.byteLength }) };
}

/** A capture's own billing record with its recording's storage as a part (one settlement). */
export function withRecordingBilling(
  record: BillingRecord,
  recording: KeptRecording | undefined,
): BillingRecord {
  return recording ? { ...record, parts: [...(record.parts ?? []), recording.billing] } : record;
}

/** A scrape's recording: its traffic and the page its envelope was built from. */
export function keepScrapeRecording(
  source: { accountId: string; id: string },
  envelope: ScrapeEnvelope,
  traffic: RecordedTraffic,
  page: RecordingContent['page'],
): Promise<KeptRecording> {
  return keepRecording(
    source,
    {
      url: envelope.url,
      finalUrl: envelope.finalUrl,
      title: envelope.metadata.title,
      capturedAt: envelope.retrievedAt,
      traffic,
      page,
    },
    {
      finalUrl: envelope.finalUrl,
      status: envelope.statusCode,
      contentType: envelope.contentType,
      wireBytes: envelope.contentLength,
      retrievedAt: envelope.retrievedAt,
    },
  );
}
