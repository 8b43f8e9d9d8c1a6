import { setTimeout as sleep } from 'node:timers/promises';

/** What every pollable job answers: scrape, screenshot and bulk jobs; crawl and sitemap jobs too. */
export interface PolledJob {
  status: string;
  [field: string]: unknown;
}

/** A job to wait for: its poll URL (absolute or relative to the base URL) or a 202 body carrying one. */
export type JobReference = string | URL | { poll_url: string };

/** The statuses after which a job no longer changes. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

export interface WaitOptions<T extends PolledJob = PolledJob> {
  /** Between polls; default 1000 ms. */
  intervalMs?: number;
  /** Give up (WaitTimeoutError) after this long; default 15 minutes. */
  timeoutMs?: number;
  /** Each state as it is read, for progress bars. */
  onProgress?: (job: T) => void;
  /** When to stop; default: the status is completed, failed or cancelled. */
  isDone?: (job: T) => boolean;
  signal?: AbortSignal;
}

/** The job did not reach a final status within `timeoutMs`; `lastState` is what it last said. */
export class WaitTimeoutError extends Error {
  override name = 'WaitTimeoutError';
  constructor(
    readonly url: string,
    readonly lastState: PolledJob,
  ) {
    super(`${url} was still ${lastState.status} when the wait ran out`);
  }
}

export function pollUrlOf(job: JobReference): string {
  return typeof job === 'string' ? job : job instanceof URL ? job.href : job.poll_url;
}

/**
 * Reads the job with `read` until it is done, then returns its last state (completed, failed or
 * cancelled alike: the caller decides what a failure means for it).
 */
export async function pollUntilDone<T extends PolledJob>(
  url: string,
  read: (url: string) => Promise<T>,
  options: WaitOptions<T> = {},
): Promise<T> {
  const intervalMs = options.intervalMs ?? 1000;
  const deadline = Date.now() + (options.timeoutMs ?? 15 * 60_000);
  const isDone = options.isDone ?? ((job: T) => TERMINAL_STATUSES.has(job.status));
  for (;;) {
    options.signal?.throwIfAborted();
    const job = await read(url);
    options.onProgress?.(job);
    if (isDone(job)) return job;
    if (Date.now() + intervalMs > deadline) throw new WaitTimeoutError(url, job);
    await sleep(intervalMs, undefined, { signal: options.signal });
  }
}
