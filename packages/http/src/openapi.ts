import { STATUS_BY_CODE } from '@webcapture/errors';
import { idPattern } from '@webcapture/service';
import { z } from 'zod';
import type { RouteSpec } from './api';
import { OPERATION_DOCS, type OperationDoc, TAGS } from './openapi-docs';
import { webhookPayloads } from './openapi-webhooks';
import { ROUTES, type Route } from './routes';
import {
  checkoutResponse,
  paymentMethodListResponse,
  paymentMethodResponse,
  stripeEventAckResponse,
} from './schemas/billing';
import { bulkUploadResponse } from './schemas/bulk-uploads';
import {
  crawlAcceptedResponse,
  crawlPageResponse,
  crawlResponse,
  crawlWithItemsResponse,
} from './schemas/crawl';
import {
  monitorCheckPageResponse,
  monitorCheckResponse,
  monitorPageResponse,
  monitorResponse,
} from './schemas/monitor-responses';
import {
  accountResponse,
  apiKeyCreatedResponse,
  apiKeyPageResponse,
  apiKeyResponse,
  bulkAcceptedResponse,
  bulkJobPageResponse,
  bulkJobResponse,
  bulkJobWithItemsResponse,
  bulkResultsResponse,
  bulkScreenshotJobResponse,
  fetchExtrasResponse,
  healthResponse,
  plansResponse,
  recordingPageResponse,
  recordingResponse,
  schemaExtractResponse,
  scrapeAcceptedResponse,
  scrapeEnvelopeResponse,
  scrapeRecordResponse,
  screenshotAcceptedResponse,
  screenshotRecordResponse,
  sitemapAcceptedResponse,
  sitemapJobResponse,
  sitemapResponse,
  usageResponse,
  webhookDeliveryPageResponse,
  webhookDeliveryResponse,
  webhookSecretResponse,
} from './schemas/responses';
import { searchResponse } from './schemas/search';

/**
 * The OpenAPI 3.1 description, generated from the route manifest, the zod schemas the handlers
 * validate with and the response schemas the contract tests parse real answers with, so the
 * document cannot drift from what the service accepts and returns.
 */
interface Success {
  status: number;
  description: string;
  schema?: z.ZodType;
  /** Other success answers of the same operation (the 202 of an async scrape, the 503 of health). */
  also?: Record<number, { description: string; schema?: z.ZodType }>;
}

/** The monitor routes (docs/api/monitors.md). */
const MONITOR_SUCCESS: Record<string, Success> = {
  'monitors-create': {
    status: 201,
    description:
      'The monitor. An active one is due at once: its first check fetches the page twice and keeps it as the baseline (status new). Checks compare normalised main content (or schema data, or the selected elements), never raw HTML.',
    schema: monitorResponse,
  },
  'monitors-list': {
    status: 200,
    description: "The caller's monitors, newest first.",
    schema: monitorPageResponse,
  },
  'monitors-get': {
    status: 200,
    description: "The monitor; another account's id is 404.",
    schema: monitorResponse,
  },
  'monitors-update': {
    status: 200,
    description:
      'The fields sent, merged over the monitor and checked as a whole. paused false resumes; a new schedule takes effect from now.',
    schema: monitorResponse,
  },
  'monitors-delete': {
    status: 204,
    description: 'Deleted; no check runs after this (one in flight records nothing).',
  },
  'monitors-check': {
    status: 200,
    description:
      'Checks now (paused or not) and answers with the check. Billed like a scheduled check: the page bytes on the usage row /v1/monitors; error checks are free. A check already running: 429 concurrency_limit, details.reason check_in_progress.',
    schema: monitorCheckResponse,
  },
  'monitors-checks-list': {
    status: 200,
    description: "The monitor's checks, newest first; content_url signed anew on every read (600 s).",
    schema: monitorCheckPageResponse,
  },
};

const SUCCESS: Record<string, Success> = {
  health: {
    status: 200,
    description: 'Every dependency answered.',
    schema: healthResponse,
    also: { 503: { description: 'A dependency did not answer within 2 s.', schema: healthResponse } },
  },
  'plans-list': { status: 200, description: 'Public plans only (is_custom false).', schema: plansResponse },
  'account-get': {
    status: 200,
    description: 'The account, its plan, subscription and the calling key (api_key).',
    schema: accountResponse,
  },
  'api-keys-create': {
    status: 201,
    description: 'The new key; its plaintext `key` is shown this once.',
    schema: apiKeyCreatedResponse,
  },
  'api-keys-list': { status: 200, description: 'Keys without their plaintext.', schema: apiKeyPageResponse },
  'api-keys-rename': { status: 200, description: 'The renamed key.', schema: apiKeyResponse },
  'api-keys-revoke': { status: 204, description: 'Revoked, also when it already was.' },
  'billing-checkout': {
    status: 200,
    description: 'A Stripe Checkout Session (subscription mode) for the plan; send the customer to `url`.',
    schema: checkoutResponse,
  },
  'billing-payment-methods-list': {
    status: 200,
    description: "The account's payment methods at Stripe.",
    schema: paymentMethodListResponse,
  },
  'billing-payment-method-put': {
    status: 200,
    description: 'Now the default payment method. 404 for an id not of this account.',
    schema: paymentMethodResponse,
  },
  'billing-payment-method-delete': {
    status: 204,
    description:
      'Detached. 409 payment_method_required for the only payment method of a running paid plan; 404 for an id not of this account.',
  },
  'billing-webhook': {
    status: 200,
    description: 'A verified Stripe event, acknowledged; a missing or invalid Stripe-Signature is 400.',
    schema: stripeEventAckResponse,
  },
  'usage-by-endpoint': {
    status: 200,
    description: 'Usage per endpoint over the range; endpoints with zero raw bytes are left out.',
    schema: usageResponse,
  },
  'webhook-deliveries-list': {
    status: 200,
    description: 'Deliveries, newest first, with every attempt.',
    schema: webhookDeliveryPageResponse,
  },
  'webhook-deliveries-redeliver': {
    status: 202,
    description:
      'Queued again as a new round of attempts, with the same id (webhook-id). A delivery being attempted at that moment is answered as it stands.',
    schema: webhookDeliveryResponse,
  },
  'webhook-secret-get': {
    status: 200,
    description: "The account's webhook signing secret, created on first use.",
    schema: webhookSecretResponse,
  },
  'webhook-secret-rotate': {
    status: 200,
    description:
      'A new secret signs from now on; the replaced one keeps signing beside it until previous_secret_expires_at (24 h).',
    schema: webhookSecretResponse,
  },
  'scrape-create': {
    status: 200,
    description:
      'The ScrapeEnvelope (synchronous fast path). Header X-Cache: hit, miss, bypass or blocked. An envelope over 4 MiB (as Lambda sends it) comes without formats, tables and warnings, with content_url to the whole of it. With recording_id instead of url: the replay of that recording through the content pipeline, no request to the site, X-Cache: replay (docs/api/recordings.md).',
    schema: scrapeEnvelopeResponse,
    also: {
      202: {
        description:
          'Queued: async was asked, or the request needs rendering (cookies, headers, delay_ms > 0, wait_for_selector, wait_until), which runs in headless Chromium. Poll poll_url.',
        schema: scrapeAcceptedResponse,
      },
    },
  },
  'scrape-get': {
    status: 200,
    description:
      'The scrape; `result` holds the envelope once completed (over 4 MiB: without formats, tables and warnings, with content_url to the whole of it).',
    schema: scrapeRecordResponse,
  },
  'fetch-post': {
    status: 200,
    description:
      "The origin's bytes verbatim with its Content-Type; with `format`, the cleaned HTML or the Markdown; with markdown_include_media/_warnings/_stats, JSON (schema below). Metadata in the X-Fetch-* headers (README).",
    schema: fetchExtrasResponse,
  },
  'fetch-get': { status: 200, description: 'As POST /v1/fetch.', schema: fetchExtrasResponse },
  'scrape-bulk-create': {
    status: 202,
    description:
      'The job, queued; poll poll_url. Refused URLs are listed in invalid_urls (and are failed items).',
    schema: bulkAcceptedResponse,
  },
  'fetch-bulk-create': {
    status: 202,
    description:
      'The job, queued; poll poll_url. Refused URLs are listed in invalid_urls (and are failed items).',
    schema: bulkAcceptedResponse,
  },
  'scrape-bulk-get': {
    status: 200,
    description: 'The job and a page of its items (limit, cursor); content_url on completed items.',
    schema: bulkJobWithItemsResponse,
  },
  'fetch-bulk-get': {
    status: 200,
    description: 'The job and a page of its items (limit, cursor); content_url on completed items.',
    schema: bulkJobWithItemsResponse,
  },
  'bulk-create': {
    status: 202,
    description:
      'The bulk screenshot job, queued; poll poll_url (GET /v1/bulk/{id}/screenshots). Refused URLs are listed in invalid_urls (and are failed items).',
    schema: bulkAcceptedResponse,
  },
  'bulk-uploads-create': {
    status: 201,
    description:
      'A pre-signed S3 PUT for a bulk body of size_bytes (up to max_bulk_size, beyond the 6 MB request limit). PUT the body to upload_url, then POST {"upload_id": id} to /v1/scrape/bulk, /v1/fetch/bulk or /v1/bulk within an hour.',
    schema: bulkUploadResponse,
  },
  'bulk-screenshots-list': {
    status: 200,
    description:
      'A screenshot job and a page of its items (limit, cursor); image_url on completed items. Another kind of job is a 404.',
    schema: bulkScreenshotJobResponse,
  },
  ...Object.fromEntries(
    ['scrape-bulk-results', 'fetch-bulk-results', 'bulk-results'].map((id) => [
      id,
      {
        status: 200,
        description:
          'The download of a job that ended (completed, failed or cancelled): url is a signed content URL valid 600 s (read this again for a new one). Before the end: 409 job_not_finished with details.status and details.counts.',
        schema: bulkResultsResponse,
      },
    ]),
  ),
  'bulk-list': {
    status: 200,
    description: "The caller's bulk jobs of every kind, newest first; `status` filters to one state.",
    schema: bulkJobPageResponse,
  },
  'bulk-cancel': {
    status: 200,
    description:
      'The job, cancelled: items not started are never run or billed. A finished job is returned unchanged.',
    schema: bulkJobResponse,
  },
  'screenshots-create': {
    status: 200,
    description: 'Done within the hold (at most 28 s): the completed screenshot, image_url signed for 600 s.',
    schema: screenshotRecordResponse,
    also: {
      202: {
        description: 'async=true, or not done within the hold: the screenshot continues; poll poll_url.',
        schema: screenshotAcceptedResponse,
      },
    },
  },
  'screenshots-get': {
    status: 200,
    description: 'The screenshot; image_url (signed anew on every read, valid 600 s) once completed.',
    schema: screenshotRecordResponse,
  },
  'recordings-list': {
    status: 200,
    description: "The caller's recordings, newest first (limit, cursor); download_url signed on every read.",
    schema: recordingPageResponse,
  },
  'recordings-get': {
    status: 200,
    description:
      "A recording of a capture made with record: true: a WACZ 1.1.1 web archive at download_url (signed anew on every read, valid 600 s). Another account's id: 404.",
    schema: recordingResponse,
  },
  'recordings-delete': {
    status: 204,
    description: 'The recording and its archive are deleted; the id answers 404 from then on.',
  },
  'content-get': {
    status: 302,
    description:
      "A signed content URL (image_url, content_url; no API key): Location is a pre-signed GET of the object, valid 60 s. A token naming a byte range (a bulk scrape or fetch item inside its batch's stored object) is answered 200 with those bytes and the item's own Content-Type instead. Unsigned, tampered (including a changed range or type) or expired: 401 unauthorized with details.reason; a range of an object no longer kept: 404 not_found.",
  },
  'sitemap-post': {
    status: 200,
    description:
      "A site's URLs without fetching its pages: robots.txt's Sitemap lines (else /sitemap.xml and /sitemap_index.xml), every sitemap below them (nested indexes, gzip, text, RSS, Atom) and the start page's links; each URL once, normalised; off-site and robots-disallowed URLs left out. `complete: false` when the limit or the time budget cut it. Bills one request plus the wire bytes of the sitemaps read, on the usage row /v1/sitemap (docs/api/sitemap.md).",
    schema: sitemapResponse,
    also: {
      202: {
        description:
          'With webhook_url: the map runs as a job (time_budget_ms up to 90,000); poll poll_url, and sitemap.completed or sitemap.failed (per `events`) is sent to webhook_url with `custom`. Billed as the synchronous map, once.',
        schema: sitemapAcceptedResponse,
      },
    },
  },
  'sitemap-get': {
    status: 200,
    description:
      "A sitemap job: its status, the summary once completed and content_url (the full answer as JSON, signed anew on every read, valid 600 s); error once failed. Another account's id is a 404.",
    schema: sitemapJobResponse,
  },
  'crawl-create': {
    status: 202,
    description:
      "A crawl of every page of a site, queued; poll poll_url (docs/api/crawl.md). Each URL is found once (normalised), filtered (external, depth, include/exclude_paths, robots), and scraped on the HTTP fast path with the scrape fields given; near-duplicates are skipped. Each scraped page is billed as a scrape on the usage row /v1/crawl (markdown: /v1/crawl (markdown)). Events crawl.started, crawl.page, crawl.completed|failed|cancelled carry a sequence number; the terminal one is the highest. An invalid include_paths/exclude_paths pattern or a limit above the plan's cap: 422 validation_error; rendering options: 400 validation_error; an http:// webhook_url: 400 invalid_url.",
    schema: crawlAcceptedResponse,
  },
  'crawl-list': {
    status: 200,
    description: "The caller's crawls, newest first; `status` filters to one state.",
    schema: crawlPageResponse,
  },
  'crawl-get': {
    status: 200,
    description:
      "The crawl with its exact counts and a page of its URLs (limit, cursor, status): each URL once, with its status, reason for skipped ones, duplicate_of, depth, parent, status_code and, when completed, a content_url signed for 600 s. When the crawl has ended, completed + failed + skipped = discovered = the URLs listed. Another account's id: 404.",
    schema: crawlWithItemsResponse,
  },
  'crawl-cancel': {
    status: 200,
    description:
      'The crawl, cancelled: nothing new is fetched; pages in flight finish; queued URLs end skipped (cancelled), unbilled. crawl.cancelled is sent once the last page in flight ended. An ended crawl is returned unchanged.',
    schema: crawlResponse,
  },
  'schema-extract': {
    status: 200,
    description:
      "JSON that validates against the caller's schema, with the provenance of every value (README, Schema extraction). Required properties without a valid value on the page: 422 validation_error, details.reason extraction_failed, details.missing (JSON pointers), and, when the page gave any value, details.partial true with details.partial_data (the values found, valid against the schema with every required relaxed) and details.partial_fields (their provenance). Bills 1 credit plus the page bandwidth. 404 while the deployment's SCHEMA_ENABLED switch is off.",
    schema: schemaExtractResponse,
  },
  ...MONITOR_SUCCESS,
  search: {
    status: 200,
    description:
      'Results of the first provider of SEARCH_PROVIDERS that answered, deduplicated, each scraped when `scrape` was given (README, Search). Field errors: 400 validation_error. Every provider failed: 502 upstream_error with details.providers (retryable; Retry-After when known). No provider configured: 503 service_unavailable naming the variable. Bills 1 credit plus each scrape as a scrape.',
    schema: searchResponse,
  },
};

/** On every response, success or error (spec, Limits). */
const RATE_HEADERS = {
  'X-RateLimit-Limit': {
    description: 'Requests per second allowed for the account',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in the current window',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'Unix time (seconds) at which the window resets',
    schema: { type: 'integer' },
  },
};
const RETRY_AFTER = {
  'Retry-After': { description: 'Seconds to wait; on 429 only', schema: { type: 'integer' } },
};

const errorEnvelope = {
  type: 'object',
  required: ['status', 'error'],
  properties: {
    status: { const: 'failed' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      description: 'Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment.',
      properties: {
        code: { type: 'string', enum: [...Object.keys(STATUS_BY_CODE), 'upstream_error'] },
        message: { type: 'string' },
        http_status: { type: 'integer' },
        failed_at: { type: 'string', format: 'date-time' },
        details: { type: 'object' },
      },
    },
  },
};

/** Request schemas are described as callers send them (input), response schemas as we send them. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function queryParameters(schema: z.ZodType) {
  const object = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema: property,
  }));
}

function response(description: string, schema: z.ZodType | undefined, example?: unknown) {
  const body = schema ? jsonSchema(schema, 'output') : example !== undefined ? errorEnvelope : undefined;
  return {
    description,
    headers: RATE_HEADERS,
    ...(body
      ? { content: { 'application/json': { schema: body, ...(example !== undefined ? { example } : {}) } } }
      : {}),
  };
}

/** Summary, tag, description and example (openapi-docs.ts); left out where a route has none, which a test reports. */
function humanParts(route: Route, success: Success) {
  const doc: OperationDoc | undefined = OPERATION_DOCS[route.id];
  if (!doc) return {};
  return {
    summary: doc.summary,
    description: `${doc.description}\n\n${success.description}`,
    tags: [doc.tag],
  };
}

function operation(route: Route, spec: RouteSpec<z.ZodType, z.ZodType> | undefined) {
  const success = SUCCESS[route.id];
  if (!success) throw new Error(`openapi.ts: no SUCCESS entry for route ${route.id}`);
  const example = OPERATION_DOCS[route.id]?.example ?? {};
  const withExample = <T extends { name: string | undefined }>(parameter: T) => {
    const value = example.params?.[parameter.name as string];
    return value === undefined ? parameter : { ...parameter, example: value };
  };
  const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: route.pathId ? { type: 'string', pattern: idPattern(route.pathId) } : { type: 'string' },
  }));
  // GET /v1/fetch reads the body schema from its query string.
  const queryFromBody = spec?.input && spec.body;
  const query = spec?.query ?? (queryFromBody ? spec.body : undefined);
  return {
    operationId: route.id,
    ...humanParts(route, success),
    ...(route.scope ? { security: [{ bearer: [] }], 'x-required-scope': route.scope } : { security: [] }),
    parameters: [...pathParameters, ...(query ? queryParameters(query) : [])].map(withExample),
    ...(spec?.body && !queryFromBody
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: spec.bodyAlternative
                  ? { oneOf: [jsonSchema(spec.body), jsonSchema(spec.bodyAlternative)] }
                  : jsonSchema(spec.body),
                ...(example.request !== undefined ? { example: example.request } : {}),
              },
            },
          },
        }
      : {}),
    responses: {
      [success.status]: response(success.description, success.schema, example.response),
      ...Object.fromEntries(
        Object.entries(success.also ?? {}).map(([status, other]) => [
          status,
          response(other.description, other.schema),
        ]),
      ),
      default: {
        description: 'Error envelope (every 4xx and 5xx)',
        headers: { ...RATE_HEADERS, ...RETRY_AFTER },
        content: { 'application/json': { schema: errorEnvelope } },
      },
    },
  };
}

export function buildOpenApi(specs: ReadonlyMap<string, RouteSpec<z.ZodType, z.ZodType>>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    // ANY routes are stated by the spec without methods; they answer 501 to every method.
    const methods = route.method === 'ANY' ? ['get', 'post'] : [route.method.toLowerCase()];
    for (const method of methods) {
      paths[route.path] ??= {};
      const described = operation(route, specs.get(route.id));
      // operationIds must be unique (OpenAPI 3.1; generated clients key on them): an ANY route's
      // two methods are told apart by a suffix.
      if (methods.length > 1) described.operationId = `${route.id}-${method}`;
      (paths[route.path] as Record<string, unknown>)[method] = described;
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'webcapture',
      version: '1',
      description:
        'Capture web pages: scrape, fetch, screenshots, bulk jobs and schema extraction. See README.md.',
    },
    servers: [
      { url: 'http://127.0.0.1:8787', description: 'local runtime (npm start; PORT changes the port)' },
      {
        url: 'https://{apiId}.execute-api.{region}.amazonaws.com',
        description: 'a deployed stage (sst deploy --stage <stage> prints its URL), or your custom domain',
        variables: {
          apiId: { default: 'your-api-id', description: "the stage's API Gateway id" },
          region: { default: 'us-east-1', description: 'the AWS region of the stage' },
        },
      },
    ],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'sk_test_… or sk_live_…' } },
    },
    paths,
    webhooks: webhookPayloads(),
  };
}
