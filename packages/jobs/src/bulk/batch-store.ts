import {
  indexCapturedPage,
  type PendingCacheWrite,
  type ScrapeEnvelope,
  writeCachedCaptures,
} from '@webcapture/scraping';
import {
  BULK_PACK_ITEM_MAX_BYTES,
  type BulkBatchMessage,
  type BulkItemOutcome,
  bulkPackKey,
  bulkResultKey,
  putBulkResult,
} from '@webcapture/service';

/** Where an item's result is stored: an object of its own, or a part of its batch's pack. */
export type StoredResult = Pick<BulkItemOutcome, 'resultKey' | 'resultPart'>;

/** Stores an item's result; the batch waits for every store before it commits. */
export interface Store {
  /** Adds the result to the batch's pack (one PutObject after the batch's last item) and says where. */
  result(index: number, body: Uint8Array | string, contentType: string): StoredResult;
  /** The cache write of the item's capture: the batch makes its items' writes together, with the results. */
  cacheWrite(index: number): (write: PendingCacheWrite) => void;
  /** The item's page, for the search index once the batch has committed it as completed. */
  searchable(index: number, envelope: ScrapeEnvelope): void;
}

export interface BatchStore extends Store {
  /**
   * Writes the pack and the batch's cache writes, then waits for every store: the items whose
   * result (or capture) could not be stored, with why.
   */
  flush(): Promise<Map<number, unknown>>;
  /**
   * Adds the pages of the items the commit recorded as completed to the account's search index
   * (source "captures"): only committed ones, so a batch taken over or failed indexes nothing.
   */
  indexCommitted(outcomes: readonly BulkItemOutcome[]): Promise<void>;
}

/**
 * The results of one claimed batch. Items capture one after another (one slot); their results go
 * into one pack, written once after the last item under a key of this claim's own (bulkPackKey);
 * an oversized one is stored alone while the next item captures.
 */
export function batchStore(message: BulkBatchMessage, token: string): BatchStore {
  const stores: { index: number; done: Promise<unknown> }[] = [];
  const settled = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error ?? new Error('storing the result failed'),
    );
  const cacheWrites: { index: number; write: PendingCacheWrite }[] = [];
  const packKey = bulkPackKey(message.accountId, message.jobId, message.batch, token);
  const pack: { index: number; bytes: Buffer }[] = [];
  let packBytes = 0;
  const pages = new Map<number, ScrapeEnvelope>();
  return {
    result: (index, body, contentType) => {
      const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
      if (bytes.length > BULK_PACK_ITEM_MAX_BYTES) {
        const key = bulkResultKey(message.accountId, message.jobId, index);
        stores.push({ index, done: settled(putBulkResult(key, bytes, contentType)) });
        return { resultKey: key };
      }
      pack.push({ index, bytes });
      const resultPart = { offset: packBytes, length: bytes.length, type: contentType };
      packBytes += bytes.length;
      return { resultKey: packKey, resultPart };
    },
    cacheWrite: (index) => (write) => cacheWrites.push({ index, write }),
    searchable: (index, envelope) => pages.set(index, envelope),
    async indexCommitted(outcomes) {
      const from = { source: 'bulk' as const, parentId: message.jobId };
      await Promise.all(
        outcomes.flatMap((outcome) => {
          const envelope = outcome.status === 'completed' ? pages.get(outcome.index) : undefined;
          return envelope ? [indexCapturedPage(message.accountId, envelope, from)] : [];
        }),
      );
    },
    async flush() {
      if (pack.length) {
        const written = settled(
          putBulkResult(packKey, Buffer.concat(pack.map(({ bytes }) => bytes)), 'application/octet-stream'),
        );
        for (const { index } of pack) stores.push({ index, done: written });
      }
      if (cacheWrites.length) {
        // One BatchWriteItem for the batch's captures instead of a PutItem per item.
        const written = settled(writeCachedCaptures(cacheWrites.map(({ write }) => write)));
        for (const { index } of cacheWrites) stores.push({ index, done: written });
      }
      const storeErrors = new Map<number, unknown>();
      for (const { index, done } of stores) {
        const error = await done;
        if (error) storeErrors.set(index, error);
      }
      return storeErrors;
    },
  };
}
