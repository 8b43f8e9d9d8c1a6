import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi';
import { errorFromResponse } from './errors';
import { type JobReference, type PolledJob, pollUntilDone, pollUrlOf, type WaitOptions } from './job-polling';
import { paginate } from './pagination';
import { type RetryOptions, retryingFetch } from './retrying-fetch';
import type {
  Account,
  ApiKey,
  BulkFetchRequest,
  BulkItem,
  BulkJob,
  BulkJobCreated,
  BulkJobCreatedOf,
  BulkJobSummary,
  BulkKind,
  BulkScrapeRequest,
  BulkScreenshotItem,
  BulkScreenshotJob,
  BulkScreenshotRequest,
  BulkStatus,
  CreatedApiKey,
  FetchRequest,
  SchemaRequest,
  SchemaResult,
  ScrapeJob,
  ScrapeQueued,
  ScrapeRequest,
  ScrapeResult,
  Screenshot,
  ScreenshotQueued,
  ScreenshotRequest,
  UsageByEndpoint,
  WebhookDelivery,
  WebhookDeliveryFilter,
} from './types';

export const DEFAULT_BASE_URL = 'http://127.0.0.1:8787';
const USER_AGENT = 'webcapture-sdk/0.1.0';

export interface WebcaptureOptions extends RetryOptions {
  /** Default: the WEBCAPTURE_API_KEY environment variable. Only /health and /v1/plans work without. */
  apiKey?: string;
  /** Default: WEBCAPTURE_BASE_URL, else the local runtime at http://127.0.0.1:8787. */
  baseUrl?: string;
  /** The fetch underneath the retries (for proxies or tests); default the global fetch. */
  fetch?: (request: Request) => Promise<Response>;
}

/** Bytes answered by POST /v1/fetch or a content URL, with what describes them. */
export interface Download {
  bytes: Uint8Array;
  contentType: string;
  headers: Headers;
}

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The webcapture API. `api` is the raw typed client (every endpoint of docs/openapi.json, via
 * openapi-fetch); the methods below wrap the common calls, raise WebcaptureError subclasses,
 * and retry what the spec lets a client retry.
 */
export class Webcapture {
  readonly api: Client<paths>;
  readonly baseUrl: string;
  readonly #fetch: (request: Request) => Promise<Response>;
  readonly #apiKey: string | undefined;

  constructor(options: WebcaptureOptions = {}) {
    this.baseUrl = options.baseUrl ?? process.env.WEBCAPTURE_BASE_URL ?? DEFAULT_BASE_URL;
    this.#apiKey = options.apiKey ?? process.env.WEBCAPTURE_API_KEY;
    this.#fetch = retryingFetch(options, options.fetch);
    this.api = createClient<paths>({
      baseUrl: this.baseUrl.replace(/\/+$/, ''),
      fetch: this.#fetch,
      headers: {
        'user-agent': USER_AGENT,
        ...(this.#apiKey ? { authorization: `Bearer ${this.#apiKey}` } : {}),
      },
    });
  }

  /** The body of a successful answer, or the API's error raised as its class. */
  async #unwrap<T>(call: Promise<Answer<T>>): Promise<T> {
    const { data, error, response } = await call;
    if (!response.ok) throw errorFromResponse(response.status, error, response.headers.get('retry-after'));
    return data as T;
  }

  // --- capture -------------------------------------------------------------------------------

  /** POST /v1/scrape: the envelope when synchronous, a 202 with `poll_url` when rendered or async. */
  scrape(body: ScrapeRequest): Promise<ScrapeResult | ScrapeQueued> {
    return this.#unwrap(this.api.POST('/v1/scrape', { body }));
  }

  /** A scrape carried through to its envelope: waits for a rendered or async one to finish. */
  async scrapeAndWait(body: ScrapeRequest, options?: WaitOptions<ScrapeJob>): Promise<ScrapeResult> {
    const answer = await this.scrape(body);
    if (!('poll_url' in answer)) return answer;
    const job = await this.waitFor(answer, options);
    if (job.status !== 'completed' || !job.result) {
      throw errorFromResponse(job.error?.http_status ?? 500, { error: job.error });
    }
    return job.result as ScrapeResult;
  }

  getScrape(id: string): Promise<ScrapeJob> {
    return this.#unwrap(this.api.GET('/v1/scrape/{id}', { params: { path: { id } } }));
  }

  /** POST /v1/fetch: the origin's bytes (or the cleaned HTML / Markdown with `format`). */
  async fetch(body: FetchRequest): Promise<Download> {
    const { data, error, response } = await this.api.POST('/v1/fetch', { body, parseAs: 'arrayBuffer' });
    if (!response.ok) {
      throw errorFromResponse(response.status, parseJson(error), response.headers.get('retry-after'));
    }
    return toDownload(response, data ?? new ArrayBuffer(0));
  }

  /** POST /v1/screenshots, held up to 28 s (or at once with `async`); see `waitFor`. */
  screenshot(body: ScreenshotRequest, options: { async: true }): Promise<ScreenshotQueued>;
  screenshot(body: ScreenshotRequest, options?: { async?: boolean }): Promise<Screenshot | ScreenshotQueued>;
  screenshot(
    body: ScreenshotRequest,
    options: { async?: boolean } = {},
  ): Promise<Screenshot | ScreenshotQueued> {
    return this.#unwrap(
      this.api.POST('/v1/screenshots', {
        body,
        params: { query: { async: options.async ? 'true' : 'false' } },
      }),
    );
  }

  getScreenshot(id: string): Promise<Screenshot> {
    return this.#unwrap(this.api.GET('/v1/screenshots/{id}', { params: { path: { id } } }));
  }

  /** POST /v1/schema: JSON extracted to the caller's JSON Schema. */
  schema(body: SchemaRequest): Promise<SchemaResult> {
    return this.#unwrap(this.api.POST('/v1/schema', { body }));
  }

  // --- bulk ----------------------------------------------------------------------------------

  // Each answers the kind it was asked for; the description types `kind` as any of the three.
  bulkScrape(body: BulkScrapeRequest): Promise<BulkJobCreatedOf<'scrape'>> {
    return this.#unwrap(this.api.POST('/v1/scrape/bulk', { body })) as Promise<BulkJobCreatedOf<'scrape'>>;
  }

  bulkFetch(body: BulkFetchRequest): Promise<BulkJobCreatedOf<'fetch'>> {
    return this.#unwrap(this.api.POST('/v1/fetch/bulk', { body })) as Promise<BulkJobCreatedOf<'fetch'>>;
  }

  bulkScreenshots(body: BulkScreenshotRequest): Promise<BulkJobCreatedOf<'screenshot'>> {
    return this.#unwrap(this.api.POST('/v1/bulk', { body })) as Promise<BulkJobCreatedOf<'screenshot'>>;
  }

  /** One page of a job and its items; each kind is read at its own path. */
  getBulk(kind: 'screenshot', id: string, page?: PageQuery): Promise<BulkScreenshotJob>;
  getBulk(kind: 'scrape' | 'fetch', id: string, page?: PageQuery): Promise<BulkJob>;
  getBulk(kind: BulkKind, id: string, page?: PageQuery): Promise<BulkJob | BulkScreenshotJob>;
  getBulk(kind: BulkKind, id: string, page: PageQuery = {}): Promise<BulkJob | BulkScreenshotJob> {
    const params = { path: { id }, query: page };
    if (kind === 'screenshot') return this.#unwrap(this.api.GET('/v1/bulk/{id}/screenshots', { params }));
    const path = kind === 'scrape' ? '/v1/scrape/bulk/{id}' : '/v1/fetch/bulk/{id}';
    return this.#unwrap(this.api.GET(path, { params }));
  }

  /** Every item of a bulk job, page after page (content_url / image_url freshly signed on each page). */
  bulkItems(
    job: { id: string; kind: 'screenshot' },
    page?: { limit?: number },
  ): AsyncGenerator<BulkScreenshotItem>;
  bulkItems(
    job: { id: string; kind: 'scrape' | 'fetch' },
    page?: { limit?: number },
  ): AsyncGenerator<BulkItem>;
  bulkItems(
    job: { id: string; kind: BulkKind },
    page?: { limit?: number },
  ): AsyncGenerator<BulkItem | BulkScreenshotItem>;
  bulkItems(
    job: { id: string; kind: BulkKind },
    { limit }: { limit?: number } = {},
  ): AsyncGenerator<BulkItem | BulkScreenshotItem> {
    return paginate<BulkItem | BulkScreenshotItem>(async (cursor) => {
      const page = await this.getBulk(job.kind, job.id, { limit, cursor });
      return { items: page.items, nextCursor: page.next_cursor };
    });
  }

  /** The caller's bulk jobs, most recent first, optionally of one status. */
  listBulk(filter: { status?: BulkStatus; limit?: number } = {}): AsyncGenerator<BulkJobSummary> {
    return paginate(async (cursor) => {
      const query = { ...filter, cursor };
      const page = await this.#unwrap(this.api.GET('/v1/bulk', { params: { query } }));
      return { items: page.data, nextCursor: page.next_cursor };
    });
  }

  cancelBulk(id: string) {
    return this.#unwrap(this.api.DELETE('/v1/bulk/{id}', { params: { path: { id } } }));
  }

  // --- jobs and results ----------------------------------------------------------------------

  /**
   * Polls a job (any 202 body with `poll_url`, or the URL itself) until it is completed, failed
   * or cancelled, and returns that last state. Works for every job kind that answers `status`.
   */
  waitFor(job: ScrapeQueued, options?: WaitOptions<ScrapeJob>): Promise<ScrapeJob>;
  waitFor(job: ScreenshotQueued, options?: WaitOptions<Screenshot>): Promise<Screenshot>;
  waitFor(
    job: BulkJobCreatedOf<'screenshot'>,
    options?: WaitOptions<BulkScreenshotJob>,
  ): Promise<BulkScreenshotJob>;
  waitFor(job: BulkJobCreated, options?: WaitOptions<BulkJob>): Promise<BulkJob>;
  waitFor<T extends PolledJob = PolledJob>(job: JobReference, options?: WaitOptions<T>): Promise<T>;
  waitFor(job: JobReference, options?: WaitOptions<PolledJob>): Promise<PolledJob> {
    return pollUntilDone(pollUrlOf(job), (url) => this.#getJson<PolledJob>(url), options);
  }

  /** GET of any URL of this API (a poll URL, say), with the key, the retries and the typed errors. */
  async #getJson<T>(url: string): Promise<T> {
    const request = new Request(new URL(url, this.baseUrl), {
      headers: {
        'user-agent': USER_AGENT,
        ...(this.#apiKey ? { authorization: `Bearer ${this.#apiKey}` } : {}),
      },
    });
    const response = await this.#fetch(request);
    const body = parseJson(await response.text());
    if (!response.ok) throw errorFromResponse(response.status, body, response.headers.get('retry-after'));
    return body as T;
  }

  /**
   * A result behind a signed URL (a bulk item's content_url, a screenshot's image_url). The URL is
   * its own credential, valid 600 s: no key is sent, so it is never handed on to storage.
   */
  async download(url: string): Promise<Download> {
    const response = await this.#fetch(new Request(new URL(url, this.baseUrl)));
    const bytes = await response.arrayBuffer();
    if (!response.ok) {
      throw errorFromResponse(response.status, parseJson(new TextDecoder().decode(bytes)));
    }
    return toDownload(response, bytes);
  }

  // --- account -------------------------------------------------------------------------------

  account(): Promise<Account> {
    return this.#unwrap(this.api.GET('/v1/account'));
  }

  createApiKey(name: string): Promise<CreatedApiKey> {
    return this.#unwrap(this.api.POST('/v1/account/api-keys', { body: { name } }));
  }

  listApiKeys({ limit }: { limit?: number } = {}): AsyncGenerator<ApiKey> {
    return paginate(async (cursor) => {
      const query = { limit, cursor };
      const page = await this.#unwrap(this.api.GET('/v1/account/api-keys', { params: { query } }));
      return { items: page.data, nextCursor: page.next_cursor };
    });
  }

  listWebhookDeliveries(filter: WebhookDeliveryFilter = {}): AsyncGenerator<WebhookDelivery> {
    return paginate(async (cursor) => {
      const query = { ...filter, cursor };
      const page = await this.#unwrap(this.api.GET('/v1/webhook-deliveries', { params: { query } }));
      return { items: page.data, nextCursor: page.next_cursor };
    });
  }

  /** The account's webhook signing secret (`whsec_…`), for `verifyWebhook`. */
  async webhookSecret(): Promise<string> {
    return (await this.#unwrap(this.api.GET('/v1/account/webhook-secret'))).secret;
  }

  usage(range: { from?: string; to?: string } = {}): Promise<UsageByEndpoint> {
    return this.#unwrap(this.api.GET('/v1/usage/by-endpoint', { params: { query: range } }));
  }
}

export interface PageQuery {
  limit?: number;
  cursor?: string;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toDownload(response: Response, bytes: ArrayBuffer): Download {
  return {
    bytes: new Uint8Array(bytes),
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    headers: response.headers,
  };
}
