// Names for the request and response bodies callers handle most, read off the generated
// description (generated/openapi.ts) so they never drift from the API.
import type { paths } from '../generated/openapi';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
type Operation<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];
/** The JSON body an operation takes. */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends { requestBody?: infer Body } ? Json<NonNullable<Body>> : never;
/** The JSON body an operation answers with `status`. */
export type ResponseBody<P extends keyof paths, M extends keyof paths[P], S extends number> =
  Operation<P, M> extends { responses: infer Responses }
    ? S extends keyof Responses
      ? Json<Responses[S]>
      : never
    : never;

export type ScrapeRequest = RequestBody<'/v1/scrape', 'post'>;
/** The ScrapeEnvelope of a synchronous scrape. */
export type ScrapeResult = ResponseBody<'/v1/scrape', 'post', 200>;
/** The 202 of a rendered or asynchronous scrape: poll `poll_url` (or use `waitFor`). */
export type ScrapeQueued = ResponseBody<'/v1/scrape', 'post', 202>;
export type ScrapeJob = ResponseBody<'/v1/scrape/{id}', 'get', 200>;

export type FetchRequest = RequestBody<'/v1/fetch', 'post'>;

export type ScreenshotRequest = RequestBody<'/v1/screenshots', 'post'>;
export type Screenshot = ResponseBody<'/v1/screenshots/{id}', 'get', 200>;
export type ScreenshotQueued = ResponseBody<'/v1/screenshots', 'post', 202>;

export type BulkScrapeRequest = RequestBody<'/v1/scrape/bulk', 'post'>;
export type BulkFetchRequest = RequestBody<'/v1/fetch/bulk', 'post'>;
export type BulkScreenshotRequest = RequestBody<'/v1/bulk', 'post'>;
/** The 202 of any bulk submission. */
export type BulkJobCreated = ResponseBody<'/v1/scrape/bulk', 'post', 202>;
export type BulkJobCreatedOf<K extends BulkKind> = BulkJobCreated & { kind: K };
/** A scrape or fetch bulk job with one page of its items. */
export type BulkJob = ResponseBody<'/v1/scrape/bulk/{id}', 'get', 200>;
export type BulkItem = BulkJob['items'][number];
/** A screenshot bulk job with one page of its items (image_url instead of content_url). */
export type BulkScreenshotJob = ResponseBody<'/v1/bulk/{id}/screenshots', 'get', 200>;
export type BulkScreenshotItem = BulkScreenshotJob['items'][number];
export type BulkJobSummary = ResponseBody<'/v1/bulk', 'get', 200>['data'][number];
export type BulkStatus = BulkJobSummary['status'];
export type BulkKind = BulkJobSummary['kind'];

export type SchemaRequest = RequestBody<'/v1/schema', 'post'>;
export type SchemaResult = ResponseBody<'/v1/schema', 'post', 200>;

export type Account = ResponseBody<'/v1/account', 'get', 200>;
export type ApiKey = ResponseBody<'/v1/account/api-keys', 'get', 200>['data'][number];
export type CreatedApiKey = ResponseBody<'/v1/account/api-keys', 'post', 201>;
export type WebhookDelivery = ResponseBody<'/v1/webhook-deliveries', 'get', 200>['data'][number];
export type WebhookDeliveryFilter = NonNullable<
  paths['/v1/webhook-deliveries']['get']['parameters']['query']
>;
export type UsageByEndpoint = ResponseBody<'/v1/usage/by-endpoint', 'get', 200>;
