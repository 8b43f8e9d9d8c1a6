/**
 * Every SQS queue the service uses and the worker that drains it. stacks/queues.ts creates each
 * queue with its dead-letter queue and subscribes the worker; the local runtime creates the same
 * queues on the SQS emulator and polls them into the same worker handlers.
 * Import-free on purpose: infrastructure code loads it.
 */
/** A queue and the worker that drains it: what Lambda's event source mapping and the local poller need. */
export interface DrainedQueue {
  /** Logical name: `QUEUE_URL_<NAME>` (upper-cased) carries its URL to the code. */
  name: string;
  /** `functions/<file>.ts`, exporting an SQS `handler` that returns partial batch failures. */
  worker: string;
  batchSize: number;
  /**
   * At least 6 × the worker's timeout (AWS's advice for Lambda triggers): a message the poller
   * received while Lambda throttled the invocation waits that long before it is tried again, so
   * throttling does not burn its receives.
   */
  visibilityTimeoutSeconds: number;
  workerTimeoutSeconds: number;
  workerMemoryMb: number;
  browser: boolean;
  /**
   * AWS: the most worker invocations the queue's trigger runs at once (the event source
   * mapping's maximumConcurrency, 2–1000), so a burst of messages waits in the queue instead of
   * taking the account's concurrency from the API. docs/deploy.md adds these up into the quota.
   */
  maxConcurrency: number;
  /**
   * Local runtime only: worker invocations in flight at once (Lambda scales its SQS pollers and
   * invocations itself). Default 1: receive, invoke, delete, then receive again.
   */
  localConcurrency?: number;
}

export interface QueueDefinition extends DrainedQueue {
  /** Receives before a message moves to the dead-letter queue: 5 at least, so throttles and a crash or two are survived. */
  maxReceiveCount: number;
  /**
   * `functions/<file>.ts` draining the dead-letter queue: a message lands there only after its
   * worker died (crashed, ran out of memory or time) on every receive, and this worker ends what it
   * carried as failed, at no charge, so no job is left queued or processing for good. Without one,
   * dead letters wait for inspection.
   */
  deadLetterWorker?: string;
}

/**
 * How every dead-letter worker runs: one message at a time, no browser, no capture (it only
 * records failures and queues their webhooks).
 */
const DEAD_LETTER_WORKER = {
  batchSize: 1,
  visibilityTimeoutSeconds: 360,
  workerTimeoutSeconds: 60,
  workerMemoryMb: 512,
  browser: false,
  maxConcurrency: 2,
} as const;

/**
 * The dead-letter queue of `queue` as a queue of its own, drained by its deadLetterWorker (undefined
 * when it has none). It has no dead-letter queue itself: a message whose failure cannot be recorded
 * (the table unreachable) stays until SQS's retention ends, tried again after each visibility timeout.
 */
export function deadLetterQueue(queue: QueueDefinition): DrainedQueue | undefined {
  if (!queue.deadLetterWorker) return undefined;
  return { name: `${queue.name}-dlq`, worker: queue.deadLetterWorker, ...DEAD_LETTER_WORKER };
}

/** Workers that render in Chromium: one page at a time, room for the browser. */
const BROWSER_WORKER = {
  batchSize: 1,
  // timeout_ms (at most 60 s) bounds the render; a cold start unpacks and launches Chromium first.
  workerTimeoutSeconds: 120,
  visibilityTimeoutSeconds: 720,
  maxReceiveCount: 5,
  workerMemoryMb: 2048,
  browser: true,
  // Each holds 2 GB and a browser: a burst queues instead of taking the account's concurrency.
  maxConcurrency: 10,
} as const;

export const QUEUES: readonly QueueDefinition[] = [
  {
    name: 'scrape-jobs',
    worker: 'functions/worker-scrape-jobs.ts',
    deadLetterWorker: 'functions/dead-letter-scrapes.ts',
    batchSize: 1,
    // A job may use the whole 60 s timeout_ms, and more once it renders.
    workerTimeoutSeconds: 120,
    visibilityTimeoutSeconds: 720,
    maxReceiveCount: 5,
    workerMemoryMb: 1024,
    browser: false,
    maxConcurrency: 20,
  },
  {
    // Scrapes that need a browser; the only scrape function that bundles Chromium.
    name: 'scrape-render',
    worker: 'functions/worker-scrape-render.ts',
    deadLetterWorker: 'functions/dead-letter-scrapes.ts',
    ...BROWSER_WORKER,
  },
  {
    name: 'bulk-items',
    worker: 'functions/worker-bulk-items.ts',
    deadLetterWorker: 'functions/dead-letter-bulk-batches.ts',
    // One message (a batch of ten items, one slot) per invocation: invocations scale with the queue.
    batchSize: 1,
    // A batch runs its items one after another: up to 10 × the 60 s timeout_ms, plus margins.
    workerTimeoutSeconds: 900,
    visibilityTimeoutSeconds: 5400,
    maxReceiveCount: 5,
    workerMemoryMb: 1024,
    browser: false,
    maxConcurrency: 50,
    localConcurrency: 50,
  },
  {
    // Bulk screenshot batches (POST /v1/bulk): rendered in Chromium, so a browser worker of their own.
    name: 'bulk-screenshots',
    worker: 'functions/worker-bulk-screenshots.ts',
    deadLetterWorker: 'functions/dead-letter-bulk-batches.ts',
    ...BROWSER_WORKER,
    // A batch renders its (up to three) items one after another, each within its timeout_ms (≤ 60 s),
    // after a cold start's Chromium launch.
    workerTimeoutSeconds: 300,
    visibilityTimeoutSeconds: 1800,
    maxReceiveCount: 5,
    localConcurrency: 2,
  },
  {
    // Crawl pages (POST /v1/crawl): one frontier URL per message, on the HTTP fast path; a rendered
    // crawl's pages are handed to crawl-render.
    name: 'crawl-pages',
    worker: 'functions/worker-crawl-pages.ts',
    // Messages run side by side; each waits at most 15 s for its host, then its timeout_ms (≤ 60 s).
    // Small batches: an invocation holds its slots until its slowest page is done.
    batchSize: 5,
    workerTimeoutSeconds: 180,
    visibilityTimeoutSeconds: 1080,
    // No dead-letter worker: the crawl sweep re-sends a URL whose lease ran out, and fails it after five attempts.
    maxReceiveCount: 5,
    workerMemoryMb: 1024,
    browser: false,
    maxConcurrency: 20,
    // Locally 4 × 5 = 20 pages in flight: the benchmark's max_concurrency, four default crawls'.
    localConcurrency: 4,
  },
  {
    // Pages of crawls with `rendering`, handed over by the crawl-pages worker (which has no browser).
    name: 'crawl-render',
    worker: 'functions/worker-crawl-render.ts',
    ...BROWSER_WORKER,
    // 15 s for the host, then the render within timeout_ms (≤ 60 s) plus delay_ms (≤ 10 s), after a
    // cold start's Chromium launch; the page's claim lease covers the same (jobs/crawl/run-page.ts).
    workerTimeoutSeconds: 180,
    visibilityTimeoutSeconds: 1080,
    // No dead-letter worker: the crawl sweep re-sends a URL whose lease ran out, as for crawl-pages.
    localConcurrency: 2,
  },
  {
    name: 'webhooks',
    // No dead-letter worker: the webhook sweep re-queues a delivery whose message was dead-lettered.
    worker: 'functions/worker-webhooks.ts',
    batchSize: 10,
    visibilityTimeoutSeconds: 180,
    // One message carries a delivery through all its attempts (8 by default, over ~28 h): each
    // attempt is one receive, so the dead-letter queue only takes a message that also crashed the
    // worker many times. A longer WEBHOOK_RETRY_DELAYS_SECONDS schedule needs a higher count.
    maxReceiveCount: 30,
    workerTimeoutSeconds: 30,
    workerMemoryMb: 256,
    browser: false,
    maxConcurrency: 20,
  },
  {
    // POST /v1/sitemap with a webhook: one map per message, within its time_budget_ms (at most 90 s).
    name: 'sitemap-jobs',
    worker: 'functions/worker-sitemap-jobs.ts',
    deadLetterWorker: 'functions/dead-letter-sitemaps.ts',
    batchSize: 1,
    // Below the job claim's 150 s lease (jobs/claims.ts), so a live worker is never taken over.
    workerTimeoutSeconds: 120,
    visibilityTimeoutSeconds: 720,
    maxReceiveCount: 5,
    workerMemoryMb: 1024,
    browser: false,
    maxConcurrency: 10,
  },
  {
    // Screenshots not done within the synchronous hold, and every ?async=true one.
    name: 'screenshots',
    worker: 'functions/worker-screenshots.ts',
    deadLetterWorker: 'functions/dead-letter-screenshots.ts',
    ...BROWSER_WORKER,
  },
  {
    // Due monitor checks (monitors/due.ts), queued by the monitor sweep. No dead-letter worker: a
    // check whose messages all failed stays claimed until its lease ends, and the sweep queues it
    // again, at most MAX_CHECK_ATTEMPTS runs before it is recorded as an error.
    name: 'monitor-checks',
    worker: 'functions/worker-monitor-checks.ts',
    batchSize: 5,
    // A check may fetch twice (the baseline's second fetch, a 404's confirmation), each up to its
    // timeout_ms (at most 60 s), one record after another.
    workerTimeoutSeconds: 600,
    visibilityTimeoutSeconds: 3600,
    maxReceiveCount: 5,
    workerMemoryMb: 1024,
    browser: false,
    maxConcurrency: 20,
    localConcurrency: 4,
  },
  {
    // Due checks of monitors with `rendering`, handed over by the monitor-checks worker. No
    // dead-letter worker, as for monitor-checks: the sweep queues a check whose lease ended again.
    name: 'monitor-render',
    worker: 'functions/worker-monitor-render.ts',
    ...BROWSER_WORKER,
    // Up to three renders (a first baseline's two, or a 404 and its confirmation), each within
    // timeout_ms plus delay_ms (≤ 70 s), after a cold start's launch: ≤ 240 s, inside the check's
    // 300 s claim lease (monitors/claims.ts), so a live worker is never taken over.
    workerTimeoutSeconds: 300,
    visibilityTimeoutSeconds: 1800,
    localConcurrency: 2,
  },
];

export function queueEnvName(name: string): string {
  return `QUEUE_URL_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * Functions run on a schedule: stacks/schedules.ts gives each an EventBridge rule (sst.aws.Cron),
 * the local runtime a timer. Import-free like QUEUES, for the same reason.
 */
export interface ScheduleDefinition {
  name: string;
  /** `functions/<file>.ts`, exporting a `handler` that takes no input. */
  handler: string;
  rateMinutes: number;
  timeoutSeconds: number;
  memoryMb: number;
}

export const SCHEDULES: readonly ScheduleDefinition[] = [
  {
    // Queues every webhook send still owed well after it was due (webhooks/sweep.ts): deliveries
    // whose job's message went to a dead-letter queue, or whose own message did; and re-queues
    // sitemap jobs left without a worker or a message.
    name: 'webhook-sweep',
    handler: 'functions/webhook-sweep.ts',
    rateMinutes: 5,
    timeoutSeconds: 300,
    memoryMb: 256,
  },
  {
    // Queues again the work whose message or worker was lost (jobs/src/sweeps/recovery-sweep.ts):
    // bulk batches still queued, or running past their lease, a grace after they should have ended.
    name: 'recovery-sweep',
    handler: 'functions/recovery-sweep.ts',
    rateMinutes: 5,
    timeoutSeconds: 300,
    memoryMb: 256,
  },
  {
    // Re-sends crawl URLs whose lease ran out with no live message, ends crawls a crash left running
    // (crawl/recovery.ts).
    name: 'crawl-sweep',
    handler: 'functions/crawl-sweep.ts',
    rateMinutes: 1,
    timeoutSeconds: 300,
    memoryMb: 256,
  },
  {
    // Queues every monitor check that is due (monitors/due.ts), including one whose worker died.
    name: 'monitor-sweep',
    handler: 'functions/monitor-sweep.ts',
    rateMinutes: 1,
    timeoutSeconds: 60,
    memoryMb: 256,
  },
];
