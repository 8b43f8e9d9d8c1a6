import { type Fetcher, type FetchResult, fetchPage } from '@webcapture/capture';

/** One GET through capture's SSRF-guarded fetcher: redirects, decompression and the guard included. */
export type FetchFile = (url: string, maxBodyBytes: number) => Promise<FetchResult>;

export interface FetchFileOptions {
  /** Aborts every fetch at once: the time budget. */
  signal: AbortSignal;
  /** Deadline of one file (connect, redirects, body). */
  timeoutMs: number;
  /** capture's fetcher; tests may inject one made by createFetcher. */
  fetcher?: Fetcher;
  /** Lifts the SSRF guard; default ALLOW_PRIVATE_TARGETS (capture's own default). */
  allowPrivateTargets?: boolean;
}

export function fileFetcher(options: FetchFileOptions): FetchFile {
  const fetcher = options.fetcher ?? fetchPage;
  return (url, maxBodyBytes) =>
    fetcher({
      url,
      timeoutMs: options.timeoutMs,
      maxBodyBytes,
      signal: options.signal,
      ...(options.allowPrivateTargets === undefined
        ? {}
        : { allowPrivateTargets: options.allowPrivateTargets }),
    });
}
