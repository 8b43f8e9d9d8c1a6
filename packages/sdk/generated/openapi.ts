// Generated from docs/openapi.json by `npm run sdk:types -w @webcapture/sdk`: do not edit.
export interface paths {
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check the service and its dependencies
     * @description No authentication. 200 when the table, bucket and queues answer; 503 naming the one that did not.
     *
     *     Every dependency answered.
     */
    get: operations['health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the public plans
     * @description No authentication. Custom contract plans are left out.
     *
     *     Public plans only (is_custom false).
     */
    get: operations['plans-list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get your account
     * @description The account, its plan and subscription, and the key that made the call.
     *
     *     The account, its plan, subscription and the calling key (api_key).
     */
    get: operations['account-get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/account/api-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List API keys
     * @description Keys without their plaintext, a page at a time (limit, cursor).
     *
     *     Keys without their plaintext.
     */
    get: operations['api-keys-list'];
    put?: never;
    /**
     * Create an API key
     * @description At most 50 active keys per account (409 api_key_limit_reached). The plaintext key is in this answer only.
     *
     *     The new key; its plaintext `key` is shown this once.
     */
    post: operations['api-keys-create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/account/api-keys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an API key
     * @description The key stops working at once and no longer counts toward the limit of 50. 204 again for a revoked key.
     *
     *     Revoked, also when it already was.
     */
    delete: operations['api-keys-revoke'];
    options?: never;
    head?: never;
    /**
     * Rename an API key
     * @description Changes the label only.
     *
     *     The renamed key.
     */
    patch: operations['api-keys-rename'];
    trace?: never;
  };
  '/v1/usage/by-endpoint': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Usage by endpoint
     * @description Raw bytes, multiplier and billable bytes per endpoint over from..to (default the last 30 days, at most 366).
     *
     *     Usage per endpoint over the range; endpoints with zero raw bytes are left out.
     */
    get: operations['usage-by-endpoint'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook-deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook deliveries
     * @description Every delivery with its attempts, newest first; `status` filters.
     *
     *     Deliveries, newest first, with every attempt.
     */
    get: operations['webhook-deliveries-list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/webhook-deliveries/{id}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a webhook delivery again
     * @description Queues a new round of attempts with the same webhook-id.
     *
     *     Queued again as a new round of attempts, with the same id (webhook-id). A delivery being attempted at that moment is answered as it stands.
     */
    post: operations['webhook-deliveries-redeliver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/account/webhook-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get the webhook signing secret
     * @description The Standard Webhooks secret (whsec_…) that signs every delivery to this account.
     *
     *     The account's webhook signing secret, created on first use.
     */
    get: operations['webhook-secret-get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/account/webhook-secret/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the webhook signing secret
     * @description The old secret keeps signing beside the new one for 24 hours.
     *
     *     A new secret signs from now on; the replaced one keeps signing beside it until previous_secret_expires_at (24 h).
     */
    post: operations['webhook-secret-rotate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/scrape': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Scrape a page
     * @description Simple requests are answered at once over HTTP (about 500 ms); cookies, headers, delay_ms, wait_for_selector or wait_until render in Chromium and answer 202, as does async: true. Field names: the spec spells these camelCase (markdownMode, …) and the shared ones snake_case (timeout_ms, …); the other spelling is accepted too.
     *
     *     The ScrapeEnvelope (synchronous fast path). Header X-Cache: hit, miss, bypass or blocked. An envelope over 4 MiB (as Lambda sends it) comes without formats, tables and warnings, with content_url to the whole of it. With recording_id instead of url: the replay of that recording through the content pipeline, no request to the site, X-Cache: replay (docs/api/recordings.md).
     */
    post: operations['scrape-create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/scrape/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a scrape
     * @description A queued, rendered or stored scrape by id; `result` holds the envelope once completed.
     *
     *     The scrape; `result` holds the envelope once completed (over 4 MiB: without formats, tables and warnings, with content_url to the whole of it).
     */
    get: operations['scrape-get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/fetch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Fetch a page (query string)
     * @description POST /v1/fetch with its fields as query parameters.
     *
     *     As POST /v1/fetch.
     */
    get: operations['fetch-get'];
    put?: never;
    /**
     * Fetch a page
     * @description The origin's bytes unchanged, or with `format` its markdown or cleaned html; metadata in X-Fetch-* headers. A non-2xx origin answer is the upstream_error envelope.
     *
     *     The origin's bytes verbatim with its Content-Type; with `format`, the cleaned HTML or the Markdown; with markdown_include_media/_warnings/_stats, JSON (schema below). Metadata in the X-Fetch-* headers (README).
     */
    post: operations['fetch-post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/screenshots': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Take a screenshot
     * @description Held up to 28 s; 202 with poll_url when async=true or not done by then.
     *
     *     Done within the hold (at most 28 s): the completed screenshot, image_url signed for 600 s.
     */
    post: operations['screenshots-create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/screenshots/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a screenshot
     * @description Its record; image_url once completed, signed anew on every read.
     *
     *     The screenshot; image_url (signed anew on every read, valid 600 s) once completed.
     */
    get: operations['screenshots-get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/content/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download stored content
     * @description Redeems a signed content URL handed out by another answer; the token is the credential.
     *
     *     A signed content URL (image_url, content_url; no API key): Location is a pre-signed GET of the object, valid 60 s. A token naming a byte range (a bulk scrape or fetch item inside its batch's stored object) is answered 200 with those bytes and the item's own Content-Type instead. Unsigned, tampered (including a changed range or type) or expired: 401 unauthorized with details.reason; a range of an object no longer kept: 404 not_found.
     */
    get: operations['content-get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/scrape/bulk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a bulk scrape
     * @description Up to 10,000 URLs over the HTTP fast path; per-URL overrides as objects.
     *
     *     The job, queued; poll poll_url. Refused URLs are listed in invalid_urls (and are failed items).
     */
    post: operations['scrape-bulk-create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/scrape/bulk/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a bulk scrape
     * @description The job and a page of its items.
     *
     *     The job and a page of its items (limit, cursor); content_url on completed items.
     */
    get: operations['scrape-bulk-get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/fetch/bulk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a bulk fetch
     * @description Up to 10,000 URLs fetched over plain HTTP; rendering options are refused (400).
     *
     *     The job, queued; poll poll_url. Refused URLs are listed in invalid_urls (and are failed items).
     */
    post: operations['fetch-bulk-create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/fetch/bulk/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a bulk fetch
     * @description The job and a page of its items.
     *
     *     The job and a page of its items (limit, cursor); content_url on completed items.
     */
    get: operations['fetch-bulk-get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/scrape/bulk/{id}/results': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a finished bulk scrape job's results
     * @description Every completed item of the job in one file — JSON Lines, one item per line — built once when the job ends. 409 job_not_finished while it runs.
     *
     *     The download of a job that ended (completed, failed or cancelled): url is a signed content URL valid 600 s (read this again for a new one). Before the end: 409 job_not_finished with details.status and details.counts.
     */
    get: operations['scrape-bulk-results'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/fetch/bulk/{id}/results': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a finished bulk fetch job's results
     * @description Every completed item of the job in one file — JSON Lines, one item per line — built once when the job ends. 409 job_not_finished while it runs.
     *
     *     The download of a job that ended (completed, failed or cancelled): url is a signed content URL valid 600 s (read this again for a new one). Before the end: 409 job_not_finished with details.status and details.counts.
     */
    get: operations['fetch-bulk-results'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/bulk/{id}/results': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a finished bulk screenshot job's results
     * @description Every completed item of the job in one file — a zip of the images with manifest.json — built once when the job ends. 409 job_not_finished while it runs.
     *
     *     The download of a job that ended (completed, failed or cancelled): url is a signed content URL valid 600 s (read this again for a new one). Before the end: 409 job_not_finished with details.status and details.counts.
     */
    get: operations['bulk-results'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/bulk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List bulk jobs
     * @description Jobs of every kind, newest first.
     *
     *     The caller's bulk jobs of every kind, newest first; `status` filters to one state.
     */
    get: operations['bulk-list'];
    put?: never;
    /**
     * Start a bulk screenshot job
     * @description Up to 10,000 URLs rendered and captured.
     *
     *     The bulk screenshot job, queued; poll poll_url (GET /v1/bulk/{id}/screenshots). Refused URLs are listed in invalid_urls (and are failed items).
     */
    post: operations['bulk-create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/bulk/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Cancel a bulk job
     * @description Items not started are never run or billed.
     *
     *     The job, cancelled: items not started are never run or billed. A finished job is returned unchanged.
     */
    delete: operations['bulk-cancel'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/bulk/uploads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload a large bulk body
     * @description A pre-signed PUT for a body above the 6 MB request limit.
     *
     *     A pre-signed S3 PUT for a bulk body of size_bytes (up to max_bulk_size, beyond the 6 MB request limit). PUT the body to upload_url, then POST {"upload_id": id} to /v1/scrape/bulk, /v1/fetch/bulk or /v1/bulk within an hour.
     */
    post: operations['bulk-uploads-create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/bulk/{id}/screenshots': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a bulk screenshot job
     * @description The job and a page of its items with image_url.
     *
     *     A screenshot job and a page of its items (limit, cursor); image_url on completed items. Another kind of job is a 404.
     */
    get: operations['bulk-screenshots-list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/schema': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Extract JSON by schema
     * @description Fast path only; behind the SCHEMA_ENABLED switch (404 while off).
     *
     *     JSON that validates against the caller's schema, with the provenance of every value (README, Schema extraction). Required properties without a valid value on the page: 422 validation_error, details.reason extraction_failed, details.missing (JSON pointers), and, when the page gave any value, details.partial true with details.partial_data (the values found, valid against the schema with every required relaxed) and details.partial_fields (their provenance). Bills 1 credit plus the page bandwidth. 404 while the deployment's SCHEMA_ENABLED switch is off.
     */
    post: operations['schema-extract'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Search the web
     * @description Field errors are 400 here (spec), not 422.
     *
     *     Results of the first provider of SEARCH_PROVIDERS that answered, deduplicated, each scraped when `scrape` was given (README, Search). Field errors: 400 validation_error. Every provider failed: 502 upstream_error with details.providers (retryable; Retry-After when known). No provider configured: 503 service_unavailable naming the variable. Bills 1 credit plus each scrape as a scrape.
     */
    post: operations['search'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sitemap': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Map a site's URLs
     * @description robots.txt, sitemaps and the start page's links, without fetching the pages.
     *
     *     A site's URLs without fetching its pages: robots.txt's Sitemap lines (else /sitemap.xml and /sitemap_index.xml), every sitemap below them (nested indexes, gzip, text, RSS, Atom) and the start page's links; each URL once, normalised; off-site and robots-disallowed URLs left out. `complete: false` when the limit or the time budget cut it. Bills one request plus the wire bytes of the sitemaps read, on the usage row /v1/sitemap (docs/api/sitemap.md).
     */
    post: operations['sitemap-post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sitemap/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a sitemap job
     * @description A map run as a job (POST /v1/sitemap with webhook_url): its status, summary and a signed content_url to the full answer.
     *
     *     A sitemap job: its status, the summary once completed and content_url (the full answer as JSON, signed anew on every read, valid 600 s); error once failed. Another account's id is a 404.
     */
    get: operations['sitemap-get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/crawl': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List crawls
     * @description The caller's crawls, newest first, with cursor pagination.
     *
     *     The caller's crawls, newest first; `status` filters to one state.
     */
    get: operations['crawl-list'];
    put?: never;
    /**
     * Start a crawl
     * @description Queues the start URL; every page found within the limits is scraped once (docs/api/crawl.md). With `since` (an earlier crawl id or a timestamp) the crawl is incremental: pages are asked for conditionally and those that did not change are skipped (unchanged), not billed.
     *
     *     A crawl of every page of a site, queued; poll poll_url (docs/api/crawl.md). Each URL is found once (normalised), filtered (external, depth, include/exclude_paths, robots), and scraped on the HTTP fast path with the scrape fields given; near-duplicates are skipped. Each scraped page is billed as a scrape on the usage row /v1/crawl (markdown: /v1/crawl (markdown)). Events crawl.started, crawl.page, crawl.completed|failed|cancelled carry a sequence number; the terminal one is the highest. An invalid include_paths/exclude_paths pattern or a limit above the plan's cap: 422 validation_error; rendering options: 400 validation_error; an http:// webhook_url: 400 invalid_url.
     */
    post: operations['crawl-create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/crawl/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a crawl and its pages
     * @description Status, exact counts and a page of its URLs (status, reason, depth, parent, content_url).
     *
     *     The crawl with its exact counts and a page of its URLs (limit, cursor, status): each URL once, with its status, reason for skipped ones, duplicate_of, depth, parent, status_code and, when completed, a content_url signed for 600 s. When the crawl has ended, completed + failed + skipped = discovered = the URLs listed. Another account's id: 404.
     */
    get: operations['crawl-get'];
    put?: never;
    post?: never;
    /**
     * Cancel a crawl
     * @description Nothing new is fetched; pages in flight finish; unstarted URLs end skipped (cancelled), unbilled.
     *
     *     The crawl, cancelled: nothing new is fetched; pages in flight finish; queued URLs end skipped (cancelled), unbilled. crawl.cancelled is sent once the last page in flight ended. An ended crawl is returned unchanged.
     */
    delete: operations['crawl-cancel'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/billing/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a Stripe checkout
     * @description A Checkout Session for a paid plan; field errors are 400 (spec).
     *
     *     A Stripe Checkout Session (subscription mode) for the plan; send the customer to `url`.
     */
    post: operations['billing-checkout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/billing/payment-methods': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payment methods
     * @description The account's cards at Stripe.
     *
     *     The account's payment methods at Stripe.
     */
    get: operations['billing-payment-methods-list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/billing/payment-methods/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Make a payment method the default
     * @description Renewals charge it.
     *
     *     Now the default payment method. 404 for an id not of this account.
     */
    put: operations['billing-payment-method-put'];
    post?: never;
    /**
     * Remove a payment method
     * @description Detached at Stripe.
     *
     *     Detached. 409 payment_method_required for the only payment method of a running paid plan; 404 for an id not of this account.
     */
    delete: operations['billing-payment-method-delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/billing/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Receive Stripe's events
     * @description Called by Stripe, authenticated by Stripe-Signature.
     *
     *     A verified Stripe event, acknowledged; a missing or invalid Stripe-Signature is 400.
     */
    post: operations['billing-webhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/recordings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List recordings
     * @description The caller's recordings (record: true on a scrape or screenshot), newest first.
     *
     *     The caller's recordings, newest first (limit, cursor); download_url signed on every read.
     */
    get: operations['recordings-list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/recordings/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a recording
     * @description Its record and a download_url to the WACZ archive, signed anew on every read (600 s).
     *
     *     A recording of a capture made with record: true: a WACZ 1.1.1 web archive at download_url (signed anew on every read, valid 600 s). Another account's id: 404.
     */
    get: operations['recordings-get'];
    put?: never;
    post?: never;
    /**
     * Delete a recording
     * @description Removes the record and its archive; the id answers 404 afterwards.
     *
     *     The recording and its archive are deleted; the id answers 404 from then on.
     */
    delete: operations['recordings-delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/monitors': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List monitors
     * @description The caller's monitors, filtered by status, with cursor pagination.
     *
     *     The caller's monitors, newest first.
     */
    get: operations['monitors-list'];
    put?: never;
    /**
     * Create a monitor
     * @description Checks url on an interval or a cron schedule and reports changed, removed and error (docs/api/monitors.md).
     *
     *     The monitor. An active one is due at once: its first check fetches the page twice and keeps it as the baseline (status new). Checks compare normalised main content (or schema data, or the selected elements), never raw HTML.
     */
    post: operations['monitors-create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/monitors/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a monitor
     * @description Its settings, status and schedule.
     *
     *     The monitor; another account's id is 404.
     */
    get: operations['monitors-get'];
    put?: never;
    post?: never;
    /**
     * Delete a monitor
     * @description No check runs after deletion; the id answers 404 afterwards.
     *
     *     Deleted; no check runs after this (one in flight records nothing).
     */
    delete: operations['monitors-delete'];
    options?: never;
    head?: never;
    /**
     * Update a monitor
     * @description Changes its settings, pauses or resumes it.
     *
     *     The fields sent, merged over the monitor and checked as a whole. paused false resumes; a new schedule takes effect from now.
     */
    patch: operations['monitors-update'];
    trace?: never;
  };
  '/v1/monitors/{id}/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check a monitor now
     * @description Runs one check at once (billed as a scrape) and answers with it.
     *
     *     Checks now (paused or not) and answers with the check. Billed like a scheduled check: the page bytes on the usage row /v1/monitors; error checks are free. A check already running: 429 concurrency_limit, details.reason check_in_progress.
     */
    post: operations['monitors-check'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/monitors/{id}/checks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a monitor's checks
     * @description Newest first: status new, same, changed, removed or error; the diff of a change; a signed snapshot URL.
     *
     *     The monitor's checks, newest first; content_url signed anew on every read (600 s).
     */
    get: operations['monitors-checks-list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'scrape.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * scrape.completed
     * @description An asynchronous scrape completed (events: completed). Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description sc_… */
            id: string;
            /** @enum {unknown} */
            status: 'completed' | 'failed';
            url: string;
            /**
             * Format: uri
             * @description absolute (PUBLIC_BASE_URL + /v1/scrape/{id}): GET it for the result
             */
            result_url: string;
            /** @description the ScrapeEnvelope, when it is at most 200 KB */
            data?: Record<string, never>;
            /** @description code, message, http_status, details; on failure */
            error?: Record<string, never>;
            /** @description the caller's custom payload, echoed */
            custom: Record<string, never>;
          };
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'scrape.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * scrape.failed
     * @description An asynchronous scrape failed (events: failed). Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description sc_… */
            id: string;
            /** @enum {unknown} */
            status: 'completed' | 'failed';
            url: string;
            /**
             * Format: uri
             * @description absolute (PUBLIC_BASE_URL + /v1/scrape/{id}): GET it for the result
             */
            result_url: string;
            /** @description the ScrapeEnvelope, when it is at most 200 KB */
            data?: Record<string, never>;
            /** @description code, message, http_status, details; on failure */
            error?: Record<string, never>;
            /** @description the caller's custom payload, echoed */
            custom: Record<string, never>;
          };
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'bulk.item.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * bulk.item.completed
     * @description One item of a bulk job completed. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'bulk.item.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * bulk.item.failed
     * @description One item of a bulk job failed. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'bulk.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * bulk.completed
     * @description Every item of a bulk job is done. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'screenshot.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * screenshot.completed
     * @description An asynchronous screenshot completed. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'screenshot.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * screenshot.failed
     * @description An asynchronous screenshot failed. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'sitemap.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * sitemap.completed
     * @description A sitemap job (POST /v1/sitemap with webhook_url) completed (events: completed). Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description sm_… */
            id: string;
            /** @enum {unknown} */
            status: 'completed' | 'failed';
            url: string;
            /**
             * Format: uri
             * @description absolute (PUBLIC_BASE_URL + /v1/sitemap/{id}): GET it for the job and a signed content_url
             */
            result_url: string;
            /** @description on completion: urls, sitemaps, complete, cut, billed_bytes (as GET /v1/sitemap/{id}) */
            summary?: Record<string, never>;
            /** @description the full answer ({urls, sitemaps, complete, cut}), when it is at most 200 KB as JSON */
            data?: Record<string, never>;
            /** @description code, message, http_status, details; on failure */
            error?: Record<string, never>;
            /** @description the caller's custom payload, echoed */
            custom: Record<string, never>;
          };
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'sitemap.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * sitemap.failed
     * @description A sitemap job failed (events: failed); nothing was billed. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description sm_… */
            id: string;
            /** @enum {unknown} */
            status: 'completed' | 'failed';
            url: string;
            /**
             * Format: uri
             * @description absolute (PUBLIC_BASE_URL + /v1/sitemap/{id}): GET it for the job and a signed content_url
             */
            result_url: string;
            /** @description on completion: urls, sitemaps, complete, cut, billed_bytes (as GET /v1/sitemap/{id}) */
            summary?: Record<string, never>;
            /** @description the full answer ({urls, sitemaps, complete, cut}), when it is at most 200 KB as JSON */
            data?: Record<string, never>;
            /** @description code, message, http_status, details; on failure */
            error?: Record<string, never>;
            /** @description the caller's custom payload, echoed */
            custom: Record<string, never>;
          };
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'crawl.started': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * crawl.started
     * @description A crawl started (sequence 1). Payload: crawl_id, sequence, url, result_url, custom (docs/api/crawl.md). Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'crawl.page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * crawl.page
     * @description A page of a crawl completed or failed. Payload: crawl_id, sequence, page {url, status, depth, parent, status_code, error}, result_url, custom. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'crawl.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * crawl.completed
     * @description A crawl ended with at least one page completed (or, incremental, found unchanged); sent after every crawl.page was recorded, with the highest sequence. Payload: crawl_id, sequence, crawl (as GET /v1/crawl/{id} without items), result_url, custom. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'crawl.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * crawl.failed
     * @description A crawl ended with no page completed or found unchanged; same payload as crawl.completed. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'crawl.cancelled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * crawl.cancelled
     * @description A cancelled crawl ended (its pages in flight finished); same payload as crawl.completed. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': Record<string, never>;
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'monitor.changed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * monitor.changed
     * @description A monitor's check found a change (notify_on `changed`), or a schema condition of notify_on fired (docs/api/monitors.md). Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description mo_… */
            monitor_id: string;
            /** @description mc_… */
            check_id: string;
            url: string;
            /** @enum {unknown} */
            status: 'new' | 'changed' | 'removed' | 'error';
            /** Format: date-time */
            checked_at: string;
            /** @description the check's diff (text: unified, added, removed; json: patch) */
            diff?: Record<string, never> | null;
            /** @description schema conditions that fired */
            conditions_met?: Record<string, never>[];
            /** @description code, reason, message, status_code; on monitor.error */
            error?: Record<string, never> | null;
            consecutive_errors?: number;
            /**
             * Format: uri
             * @description absolute (PUBLIC_BASE_URL + /v1/monitors/{id}/checks): GET it for the monitor's checks
             */
            checks_url?: string;
            /** @description the monitor's custom payload, echoed */
            custom: Record<string, never>;
          };
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'monitor.removed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * monitor.removed
     * @description A monitor's page answered 404 or 410 on two fetches in a row; sent once per removal. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description mo_… */
            monitor_id: string;
            /** @description mc_… */
            check_id: string;
            url: string;
            /** @enum {unknown} */
            status: 'new' | 'changed' | 'removed' | 'error';
            /** Format: date-time */
            checked_at: string;
            /** @description the check's diff (text: unified, added, removed; json: patch) */
            diff?: Record<string, never> | null;
            /** @description schema conditions that fired */
            conditions_met?: Record<string, never>[];
            /** @description code, reason, message, status_code; on monitor.error */
            error?: Record<string, never> | null;
            consecutive_errors?: number;
            /**
             * Format: uri
             * @description absolute (PUBLIC_BASE_URL + /v1/monitors/{id}/checks): GET it for the monitor's checks
             */
            checks_url?: string;
            /** @description the monitor's custom payload, echoed */
            custom: Record<string, never>;
          };
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'monitor.error': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * monitor.error
     * @description A monitor's checks failed N times in a row (MONITOR_ERROR_AFTER, default 3); sent once per run of errors. Answer 2xx to acknowledge; 410 stops retries; anything else is retried with backoff over about 28 hours (README, Webhooks).
     */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description The delivery id (wd_…); the same on every retry and redelivery: deduplicate on it. */
          'webhook-id': string;
          /** @description Unix seconds when this attempt was signed; reject old ones (5 min tolerance). */
          'webhook-timestamp': string;
          /** @description v1,<base64 HMAC-SHA256 of "id.timestamp.body">; during a rotation overlap two, space-separated. */
          'webhook-signature': string;
          /** @description The event name, to dispatch without reading the body. */
          'X-Service-Event': string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @description mo_… */
            monitor_id: string;
            /** @description mc_… */
            check_id: string;
            url: string;
            /** @enum {unknown} */
            status: 'new' | 'changed' | 'removed' | 'error';
            /** Format: date-time */
            checked_at: string;
            /** @description the check's diff (text: unified, added, removed; json: patch) */
            diff?: Record<string, never> | null;
            /** @description schema conditions that fired */
            conditions_met?: Record<string, never>[];
            /** @description code, reason, message, status_code; on monitor.error */
            error?: Record<string, never> | null;
            consecutive_errors?: number;
            /**
             * Format: uri
             * @description absolute (PUBLIC_BASE_URL + /v1/monitors/{id}/checks): GET it for the monitor's checks
             */
            checks_url?: string;
            /** @description the monitor's custom payload, echoed */
            custom: Record<string, never>;
          };
        };
      };
      responses: {
        /** @description Gone: never retried. */
        410: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
        /** @description Delivered. */
        '2XX': {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: never;
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  health: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every dependency answered. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "status": "ok"
           *     }
           */
          'application/json': {
            /** @enum {string} */
            status: 'ok' | 'degraded';
            checks: {
              [key: string]: {
                ok: boolean;
                latency_ms: number;
                error?: string;
              };
            };
          };
        };
      };
      /** @description A dependency did not answer within 2 s. */
      503: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            status: 'ok' | 'degraded';
            checks: {
              [key: string]: {
                ok: boolean;
                latency_ms: number;
                error?: string;
              };
            };
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'plans-list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Public plans only (is_custom false). */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "free",
           *           "is_custom": false
           *         }
           *       ]
           *     }
           */
          'application/json': {
            data: {
              id: string;
              name: string;
              is_custom: boolean;
              price_usd_month: number;
              requests_per_second: number;
              concurrency: number;
              monthly_quota_bytes: number;
              /** @description bytes; 2 MiB on standard, 16 MiB (16.8 MB) on the largest plans */
              max_bulk_size_bytes: number;
              monthly_credits: number;
            }[];
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'account-get': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The account, its plan, subscription and the calling key (api_key). */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "acct_01JD8X2Q4M3T5V7W9Y1Z3B5C7D",
           *       "plan": {
           *         "id": "free"
           *       }
           *     }
           */
          'application/json': {
            id: string;
            name: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            plan: {
              id: string;
              name: string;
              is_custom: boolean;
              price_usd_month: number;
              requests_per_second: number;
              concurrency: number;
              monthly_quota_bytes: number;
              /** @description bytes; 2 MiB on standard, 16 MiB (16.8 MB) on the largest plans */
              max_bulk_size_bytes: number;
              monthly_credits: number;
            } | null;
            subscription: {
              /** @enum {string} */
              status: 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'expired';
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              current_period_start: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              current_period_end: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              grace_until?: string;
            };
            /** @description the key making this call */
            api_key: {
              id: string;
              name: string;
              /** @description the first characters of the key, enough to recognise it */
              prefix: string;
              last4: string;
              /** @enum {string} */
              environment: 'test' | 'live';
              scopes: ('capture' | 'read' | 'keys' | 'billing')[];
              /** @enum {string} */
              status: 'active' | 'revoked';
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              created_at: string;
              revoked_at: string | null;
            } | null;
            active_api_keys: number;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'api-keys-list': {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Keys without their plaintext. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "ak_01JD8X2Q4M3T5V7W9Y1Z3B5C7D",
           *           "name": "ci",
           *           "created_at": "2026-11-29T10:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": null
           *     }
           */
          'application/json': {
            data: {
              id: string;
              name: string;
              /** @description the first characters of the key, enough to recognise it */
              prefix: string;
              last4: string;
              /** @enum {string} */
              environment: 'test' | 'live';
              scopes: ('capture' | 'read' | 'keys' | 'billing')[];
              /** @enum {string} */
              status: 'active' | 'revoked';
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              created_at: string;
              revoked_at: string | null;
            }[];
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'api-keys-create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "ci"
         *     }
         */
        'application/json': {
          name: string;
          /** @description Permissions of the new key; defaults to those of the key making the request. */
          scopes?: ('capture' | 'read' | 'keys' | 'billing')[];
        };
      };
    };
    responses: {
      /** @description The new key; its plaintext `key` is shown this once. */
      201: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /** @description the first characters of the key, enough to recognise it */
            prefix: string;
            last4: string;
            /** @enum {string} */
            environment: 'test' | 'live';
            scopes: ('capture' | 'read' | 'keys' | 'billing')[];
            /** @enum {string} */
            status: 'active' | 'revoked';
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            revoked_at: string | null;
            /** @description the plaintext key, in this response only */
            key: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'api-keys-revoke': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example ak_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Revoked, also when it already was. */
      204: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'api-keys-rename': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "ci-2"
         *     }
         */
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description The renamed key. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /** @description the first characters of the key, enough to recognise it */
            prefix: string;
            last4: string;
            /** @enum {string} */
            environment: 'test' | 'live';
            scopes: ('capture' | 'read' | 'keys' | 'billing')[];
            /** @enum {string} */
            status: 'active' | 'revoked';
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            revoked_at: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'usage-by-endpoint': {
    parameters: {
      query?: {
        from?: string;
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Usage per endpoint over the range; endpoints with zero raw bytes are left out. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "rows": [],
           *       "totals": {
           *         "raw_bytes": 0,
           *         "billable_bytes": 0,
           *         "requests": 0,
           *         "credits": 0
           *       }
           *     }
           */
          'application/json': {
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            rows: {
              endpoint: string;
              raw_bytes: number;
              billing_multiplier: number;
              billable_bytes: number;
              requests: number;
              /** @description credits charged (POST /v1/schema: 1 per request; 0 elsewhere) */
              credits: number;
            }[];
            totals: {
              raw_bytes: number;
              billable_bytes: number;
              requests: number;
              credits: number;
            };
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'webhook-deliveries-list': {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
        event?:
          | 'scrape.completed'
          | 'scrape.failed'
          | 'bulk.item.completed'
          | 'bulk.item.failed'
          | 'bulk.completed'
          | 'screenshot.completed'
          | 'screenshot.failed'
          | 'sitemap.completed'
          | 'sitemap.failed'
          | 'crawl.started'
          | 'crawl.page'
          | 'crawl.completed'
          | 'crawl.failed'
          | 'crawl.cancelled'
          | 'monitor.changed'
          | 'monitor.removed'
          | 'monitor.error';
        status?: 'pending' | 'delivered' | 'failed';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deliveries, newest first, with every attempt. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [],
           *       "next_cursor": null
           *     }
           */
          'application/json': {
            data: {
              /** @description also the webhook-id header of every attempt */
              id: string;
              /** @enum {string} */
              event:
                | 'scrape.completed'
                | 'scrape.failed'
                | 'bulk.item.completed'
                | 'bulk.item.failed'
                | 'bulk.completed'
                | 'screenshot.completed'
                | 'screenshot.failed'
                | 'sitemap.completed'
                | 'sitemap.failed'
                | 'crawl.started'
                | 'crawl.page'
                | 'crawl.completed'
                | 'crawl.failed'
                | 'crawl.cancelled'
                | 'monitor.changed'
                | 'monitor.removed'
                | 'monitor.error';
              url: string;
              /** @enum {string} */
              status: 'pending' | 'delivered' | 'failed';
              attempts: {
                /** @description 1 for the first attempt, counting on across redeliveries */
                attempt: number;
                /**
                 * Format: date-time
                 * @description ISO 8601 UTC with milliseconds
                 */
                at: string;
                /** @description the receiver's status; null when none came back */
                status_code: number | null;
                duration_ms: number;
                /** @description timeout, a network error, private_address or interrupted */
                error: string | null;
              }[];
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              created_at: string;
              delivered_at: string | null;
              /** @description when the next attempt is due, while pending */
              next_attempt_at: string | null;
              /** @description why a failed delivery was given up: 410 Gone, a private target, or no attempt left */
              failure_reason: ('gone' | 'private_address' | 'exhausted') | null;
            }[];
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'webhook-deliveries-redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example wd_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued again as a new round of attempts, with the same id (webhook-id). A delivery being attempted at that moment is answered as it stands. */
      202: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description also the webhook-id header of every attempt */
            id: string;
            /** @enum {string} */
            event:
              | 'scrape.completed'
              | 'scrape.failed'
              | 'bulk.item.completed'
              | 'bulk.item.failed'
              | 'bulk.completed'
              | 'screenshot.completed'
              | 'screenshot.failed'
              | 'sitemap.completed'
              | 'sitemap.failed'
              | 'crawl.started'
              | 'crawl.page'
              | 'crawl.completed'
              | 'crawl.failed'
              | 'crawl.cancelled'
              | 'monitor.changed'
              | 'monitor.removed'
              | 'monitor.error';
            url: string;
            /** @enum {string} */
            status: 'pending' | 'delivered' | 'failed';
            attempts: {
              /** @description 1 for the first attempt, counting on across redeliveries */
              attempt: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              at: string;
              /** @description the receiver's status; null when none came back */
              status_code: number | null;
              duration_ms: number;
              /** @description timeout, a network error, private_address or interrupted */
              error: string | null;
            }[];
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            delivered_at: string | null;
            /** @description when the next attempt is due, while pending */
            next_attempt_at: string | null;
            /** @description why a failed delivery was given up: 410 Gone, a private target, or no attempt left */
            failure_reason: ('gone' | 'private_address' | 'exhausted') | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'webhook-secret-get': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The account's webhook signing secret, created on first use. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
           *       "previous_secret_expires_at": null
           *     }
           */
          'application/json': {
            /** @description Standard Webhooks secret: whsec_ + base64 of 32 random bytes */
            secret: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /** @description while a rotation overlap lasts: when the replaced secret stops signing */
            previous_secret_expires_at: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'webhook-secret-rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A new secret signs from now on; the replaced one keeps signing beside it until previous_secret_expires_at (24 h). */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "secret": "whsec_2ZbD5rB5d1tQ0Xq8o4Zs7Kp3aYw9uN6c",
           *       "previous_secret_expires_at": "2026-11-29T10:00:00.000Z"
           *     }
           */
          'application/json': {
            /** @description Standard Webhooks secret: whsec_ + base64 of 32 random bytes */
            secret: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /** @description while a rotation overlap lasts: when the replaced secret stops signing */
            previous_secret_expires_at: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'scrape-create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://example.com/articles/1",
         *       "formats": [
         *         "markdown",
         *         "links"
         *       ],
         *       "markdownMode": "article",
         *       "markdownIncludeWarnings": true
         *     }
         */
        'application/json': {
          /** @description The page to capture, http or https; otherwise 400 invalid_url. Required unless recording_id is given. */
          url?: string;
          /**
           * @default [
           *       "rawHtml"
           *     ]
           */
          formats?: ('rawHtml' | 'html' | 'markdown' | 'links' | 'images')[];
          /** @default US */
          country?: string;
          /**
           * @description Rendering: cookies set for the target before navigation (without domain: the target host only).
           * @default []
           */
          cookies?: {
            name: string;
            value: string;
            domain?: string;
            path?: string;
            secure?: boolean;
            httpOnly?: boolean;
            /** @enum {string} */
            sameSite?: 'Strict' | 'Lax' | 'None';
            expires?: number;
          }[];
          /**
           * @description Rendering: sent on the navigation and on requests to the target origin, never to third parties.
           * @default {}
           */
          headers?: {
            [key: string]: string;
          };
          /**
           * @description Rendering: wait this long after the page is ready (and the selector appeared) before reading it.
           * @default 0
           */
          delay_ms?: number;
          /** @default 30000 */
          timeout_ms?: number;
          /** @description Rendering: wait until an element matches this CSS selector; the job fails naming it if none does in time. */
          wait_for_selector?: string;
          /**
           * @description Rendering: the page event to wait for (default load); networkidle = at most 2 requests in flight for 500 ms.
           * @enum {string}
           */
          wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
          /** @default false */
          async?: boolean;
          /** @description https:// only; receives scrape.completed / scrape.failed. */
          webhook_url?: string;
          /**
           * @default [
           *       "completed",
           *       "failed"
           *     ]
           */
          events?: ('completed' | 'failed')[];
          /**
           * @default article
           * @enum {string}
           */
          markdownMode?: 'article' | 'raw' | 'llm';
          /** @default  */
          markdownQuery?: string;
          /**
           * @default inline
           * @enum {string}
           */
          markdownLinks?: 'inline' | 'references' | 'none';
          /** @default false */
          markdownCompact?: boolean;
          /** @default false */
          markdownFilterImages?: boolean;
          /** @default false */
          markdownIncludeMedia?: boolean;
          /** @default false */
          markdownIncludeWarnings?: boolean;
          /** @default false */
          markdownIncludeStats?: boolean;
          /** @default true */
          removeBase64Images?: boolean;
          /**
           * @description Oldest cached capture to accept: "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the cache. Synchronous scrapes only.
           * @default 48h
           */
          cache_ttl?: 0 | '0' | string;
          /** @default {} */
          custom?: {
            [key: string]: unknown;
          };
          /**
           * @description Keep a recording (WACZ web archive) of the capture; the result names it in recording_id (docs/api/recordings.md).
           * @default false
           */
          record?: boolean;
          /** @description Instead of url: run the content pipeline on this recording (rc_…) of yours, with no request to the site. */
          recording_id?: string;
        };
      };
    };
    responses: {
      /** @description The ScrapeEnvelope (synchronous fast path). Header X-Cache: hit, miss, bypass or blocked. An envelope over 4 MiB (as Lambda sends it) comes without formats, tables and warnings, with content_url to the whole of it. With recording_id instead of url: the replay of that recording through the content pipeline, no request to the site, X-Cache: replay (docs/api/recordings.md). */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            scrapeId: string;
            url: string;
            finalUrl: string;
            /** @description media type of the body; application/octet-stream when the origin sent none */
            contentType: string;
            /** @description wire bytes, compressed as the origin sent them (billed); for a rendered page, every byte the browser downloaded for it, document and subresources */
            contentLength: number;
            /** @description the origin's HTTP status (for a rendered page, the main document's) */
            statusCode: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            retrievedAt: string;
            /** @description only the requested formats; text is null for binary bodies; for a rendered page rawHtml is the DOM after scripts ran and the waits passed. Absent (with tables and warnings) when the answer would exceed 4 MiB: the whole envelope is then at content_url */
            formats?: {
              rawHtml?: string | null;
              html?: string | null;
              markdown?: string | null;
              links?:
                | string[]
                | {
                    url: string;
                    text: string;
                    isInternal: boolean;
                    rel: string | null;
                  }[];
              images?:
                | string[]
                | {
                    url: string;
                    alt: string;
                    /** @description declared width in px; 0 when the page does not say */
                    width: number;
                    height: number;
                    format: string;
                    /** @description 0..1, how likely the image is content rather than chrome */
                    score: number;
                  }[];
            };
            metadata: {
              title: string | null;
              description: string | null;
              language: string | null;
              canonicalUrl: string | null;
              ogTitle: string | null;
              ogDescription: string | null;
              ogImage: string | null;
              byline: string | null;
              publishedAt: string | null;
              /** @description beyond the spec: og:site_name or the JSON-LD publisher */
              siteName: string | null;
            };
            tables?: {
              /** @description `data` or `headerless` */
              kind: string;
              gfm: string;
              rows: number;
              cols: number;
            }[];
            warnings?: {
              code: string;
              message: string;
              element: string;
            }[];
            stats?: {
              chars: number;
              /** @description estimate of the o200k_base (GPT-4o) token count */
              tokens: number;
              blocks: number;
            };
            custom: {
              [key: string]: unknown;
            };
            /** @description only when the envelope is too large to answer inline (over 4 MiB as sent; docs/api/limits.md): a signed URL (absolute, under PUBLIC_BASE_URL) to the whole envelope as JSON, valid 600 s, signed anew on every read */
            content_url?: string;
            /** @description seconds content_url stays valid (600); with content_url only */
            content_url_expires_in?: number;
            /** @description with record: true, the recording of this capture (GET /v1/recordings/{id}) */
            recording_id?: string;
          };
        };
      };
      /** @description Queued: async was asked, or the request needs rendering (cookies, headers, delay_ms > 0, wait_for_selector, wait_until), which runs in headless Chromium. Poll poll_url. */
      202: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @constant */
            status: 'queued';
            url: string;
            /** @description absolute: PUBLIC_BASE_URL and the job's path (e.g. https://…/v1/scrape/{id}); GET it for the status */
            poll_url: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'scrape-get': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example sc_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The scrape; `result` holds the envelope once completed (over 4 MiB: without formats, tables and warnings, with content_url to the whole of it). */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            status: 'queued' | 'processing' | 'completed' | 'failed';
            url: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            completed_at: string | null;
            error: {
              code: string;
              message: string;
              http_status: number;
              details?: {
                [key: string]: unknown;
              };
            } | null;
            /** @description present once completed */
            result?: {
              /** @constant */
              status: 'success';
              scrapeId: string;
              url: string;
              finalUrl: string;
              /** @description media type of the body; application/octet-stream when the origin sent none */
              contentType: string;
              /** @description wire bytes, compressed as the origin sent them (billed); for a rendered page, every byte the browser downloaded for it, document and subresources */
              contentLength: number;
              /** @description the origin's HTTP status (for a rendered page, the main document's) */
              statusCode: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              retrievedAt: string;
              /** @description only the requested formats; text is null for binary bodies; for a rendered page rawHtml is the DOM after scripts ran and the waits passed. Absent (with tables and warnings) when the answer would exceed 4 MiB: the whole envelope is then at content_url */
              formats?: {
                rawHtml?: string | null;
                html?: string | null;
                markdown?: string | null;
                links?:
                  | string[]
                  | {
                      url: string;
                      text: string;
                      isInternal: boolean;
                      rel: string | null;
                    }[];
                images?:
                  | string[]
                  | {
                      url: string;
                      alt: string;
                      /** @description declared width in px; 0 when the page does not say */
                      width: number;
                      height: number;
                      format: string;
                      /** @description 0..1, how likely the image is content rather than chrome */
                      score: number;
                    }[];
              };
              metadata: {
                title: string | null;
                description: string | null;
                language: string | null;
                canonicalUrl: string | null;
                ogTitle: string | null;
                ogDescription: string | null;
                ogImage: string | null;
                byline: string | null;
                publishedAt: string | null;
                /** @description beyond the spec: og:site_name or the JSON-LD publisher */
                siteName: string | null;
              };
              tables?: {
                /** @description `data` or `headerless` */
                kind: string;
                gfm: string;
                rows: number;
                cols: number;
              }[];
              warnings?: {
                code: string;
                message: string;
                element: string;
              }[];
              stats?: {
                chars: number;
                /** @description estimate of the o200k_base (GPT-4o) token count */
                tokens: number;
                blocks: number;
              };
              custom: {
                [key: string]: unknown;
              };
              /** @description only when the envelope is too large to answer inline (over 4 MiB as sent; docs/api/limits.md): a signed URL (absolute, under PUBLIC_BASE_URL) to the whole envelope as JSON, valid 600 s, signed anew on every read */
              content_url?: string;
              /** @description seconds content_url stays valid (600); with content_url only */
              content_url_expires_in?: number;
              /** @description with record: true, the recording of this capture (GET /v1/recordings/{id}) */
              recording_id?: string;
            };
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'fetch-get': {
    parameters: {
      query: {
        /** @example https://example.com/articles/1 */
        url: string;
        /** @example markdown */
        format?: 'markdown' | 'html';
        country?: string;
        timeout_ms?: number;
        cache_ttl?: 0 | '0' | string;
        custom?: {
          [key: string]: unknown;
        };
        markdown_mode?: 'article' | 'raw' | 'llm';
        markdown_query?: string;
        markdown_links?: 'inline' | 'references' | 'none' | 'text';
        markdown_images?: 'inline' | 'references' | 'none' | 'text';
        with_links_summary?: boolean;
        with_images_summary?: boolean;
        markdown_compact?: boolean;
        markdown_filter_images?: boolean;
        markdown_include_media?: boolean;
        markdown_include_warnings?: boolean;
        markdown_include_stats?: boolean;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description As POST /v1/fetch. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            format: 'markdown' | 'html';
            content: string;
            links?:
              | string[]
              | {
                  url: string;
                  text: string;
                  isInternal: boolean;
                  rel: string | null;
                }[];
            images?:
              | string[]
              | {
                  url: string;
                  alt: string;
                  /** @description declared width in px; 0 when the page does not say */
                  width: number;
                  height: number;
                  format: string;
                  /** @description 0..1, how likely the image is content rather than chrome */
                  score: number;
                }[];
            tables?: {
              /** @description `data` or `headerless` */
              kind: string;
              gfm: string;
              rows: number;
              cols: number;
            }[];
            warnings?: {
              code: string;
              message: string;
              element: string;
            }[];
            stats?: {
              chars: number;
              /** @description estimate of the o200k_base (GPT-4o) token count */
              tokens: number;
              blocks: number;
            };
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'fetch-post': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://example.com/articles/1",
         *       "format": "markdown",
         *       "markdown_mode": "article"
         *     }
         */
        'application/json': {
          /** @description The page to capture, http or https; otherwise 400 invalid_url. */
          url: string;
          /** @enum {string} */
          format?: 'markdown' | 'html';
          /** @default US */
          country?: string;
          /** @default 60000 */
          timeout_ms?: number;
          /**
           * @description Oldest cached capture to accept: "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the read, and a fresh result is still cached for 7 days.
           * @default 48h
           */
          cache_ttl?: 0 | '0' | string;
          /** @default {} */
          custom?: {
            [key: string]: unknown;
          };
          /**
           * @default article
           * @enum {string}
           */
          markdown_mode?: 'article' | 'raw' | 'llm';
          /** @default  */
          markdown_query?: string;
          /**
           * @default inline
           * @enum {string}
           */
          markdown_links?: 'inline' | 'references' | 'none' | 'text';
          /**
           * @default inline
           * @enum {string}
           */
          markdown_images?: 'inline' | 'references' | 'none' | 'text';
          /** @default false */
          with_links_summary?: boolean;
          /** @default false */
          with_images_summary?: boolean;
          /** @default false */
          markdown_compact?: boolean;
          /** @default false */
          markdown_filter_images?: boolean;
          /** @default false */
          markdown_include_media?: boolean;
          /** @default false */
          markdown_include_warnings?: boolean;
          /** @default false */
          markdown_include_stats?: boolean;
        };
      };
    };
    responses: {
      /** @description The origin's bytes verbatim with its Content-Type; with `format`, the cleaned HTML or the Markdown; with markdown_include_media/_warnings/_stats, JSON (schema below). Metadata in the X-Fetch-* headers (README). */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            format: 'markdown' | 'html';
            content: string;
            links?:
              | string[]
              | {
                  url: string;
                  text: string;
                  isInternal: boolean;
                  rel: string | null;
                }[];
            images?:
              | string[]
              | {
                  url: string;
                  alt: string;
                  /** @description declared width in px; 0 when the page does not say */
                  width: number;
                  height: number;
                  format: string;
                  /** @description 0..1, how likely the image is content rather than chrome */
                  score: number;
                }[];
            tables?: {
              /** @description `data` or `headerless` */
              kind: string;
              gfm: string;
              rows: number;
              cols: number;
            }[];
            warnings?: {
              code: string;
              message: string;
              element: string;
            }[];
            stats?: {
              chars: number;
              /** @description estimate of the o200k_base (GPT-4o) token count */
              tokens: number;
              blocks: number;
            };
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'screenshots-create': {
    parameters: {
      query?: {
        async?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://example.com/articles/1",
         *       "full_page": true,
         *       "format": "png"
         *     }
         */
        'application/json': {
          /** @description The page to capture, http or https; otherwise 400 invalid_url. */
          url: string;
          /**
           * @default {
           *       "width": 1280,
           *       "height": 800
           *     }
           */
          viewport?: {
            /** @description CSS pixels, 100–3840 */
            width: number;
            /** @description CSS pixels, 100–4320 */
            height: number;
          };
          /**
           * @description Device pixels per CSS pixel, 1–3: the image is viewport × this
           * @default 1
           */
          device_scale_factor?: number;
          /**
           * @description The whole scrollable page instead of the viewport, at most 16384 CSS px of it from the top
           * @default false
           */
          full_page?: boolean;
          /** @description A CSS selector: the image is clipped to the first matching element */
          selector?: string;
          /**
           * @default png
           * @enum {string}
           */
          format?: 'png' | 'jpeg' | 'webp';
          /** @description jpeg and webp only, 1–100; default 80 */
          quality?: number;
          /**
           * @description A transparent background where the page has none (png and webp)
           * @default false
           */
          omit_background?: boolean;
          /** @default US */
          country?: string;
          /** @default [] */
          cookies?: {
            name: string;
            value: string;
            domain?: string;
            path?: string;
            secure?: boolean;
            httpOnly?: boolean;
            /** @enum {string} */
            sameSite?: 'Strict' | 'Lax' | 'None';
            expires?: number;
          }[];
          /** @default {} */
          headers?: {
            [key: string]: string;
          };
          /** @default 0 */
          delay_ms?: number;
          wait_for_selector?: string;
          /**
           * @default load
           * @enum {string}
           */
          wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
          /** @default 30000 */
          timeout_ms?: number;
          /** @description https:// only; receives screenshot.completed / screenshot.failed. */
          webhook_url?: string;
          /**
           * @default [
           *       "completed",
           *       "failed"
           *     ]
           */
          events?: ('completed' | 'failed')[];
          /** @default {} */
          custom?: {
            [key: string]: unknown;
          };
          /**
           * @description Keep a recording (WACZ web archive: traffic, final DOM and the image); the record names it in recording_id (docs/api/recordings.md).
           * @default false
           */
          record?: boolean;
        };
      };
    };
    responses: {
      /** @description Done within the hold (at most 28 s): the completed screenshot, image_url signed for 600 s. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            status: 'pending' | 'processing' | 'completed' | 'failed';
            url: string;
            /** @description after redirects; once completed */
            final_url: string | null;
            /** @enum {string} */
            format: 'png' | 'jpeg' | 'webp';
            /** @description pixels of the image (CSS pixels × device_scale_factor); once completed */
            width: number | null;
            /** @description pixels of the image; once completed */
            height: number | null;
            /** @description size of the image; once completed */
            bytes: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            completed_at: string | null;
            custom: {
              [key: string]: unknown;
            };
            error: {
              code: string;
              message: string;
              http_status: number;
              details?: {
                [key: string]: unknown;
              };
            } | null;
            /** @description once completed: a signed URL (absolute, under PUBLIC_BASE_URL) of the image, valid 600 s, signed anew on every read */
            image_url: string | null;
            /** @description with record: true, once completed: the recording of this capture (GET /v1/recordings/{id}) */
            recording_id?: string;
          };
        };
      };
      /** @description async=true, or not done within the hold: the screenshot continues; poll poll_url. */
      202: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @constant */
            status: 'pending';
            url: string;
            /** @description absolute: PUBLIC_BASE_URL and the job's path (e.g. https://…/v1/scrape/{id}); GET it for the status */
            poll_url: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'screenshots-get': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example ss_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The screenshot; image_url (signed anew on every read, valid 600 s) once completed. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            status: 'pending' | 'processing' | 'completed' | 'failed';
            url: string;
            /** @description after redirects; once completed */
            final_url: string | null;
            /** @enum {string} */
            format: 'png' | 'jpeg' | 'webp';
            /** @description pixels of the image (CSS pixels × device_scale_factor); once completed */
            width: number | null;
            /** @description pixels of the image; once completed */
            height: number | null;
            /** @description size of the image; once completed */
            bytes: number | null;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            completed_at: string | null;
            custom: {
              [key: string]: unknown;
            };
            error: {
              code: string;
              message: string;
              http_status: number;
              details?: {
                [key: string]: unknown;
              };
            } | null;
            /** @description once completed: a signed URL (absolute, under PUBLIC_BASE_URL) of the image, valid 600 s, signed anew on every read */
            image_url: string | null;
            /** @description with record: true, once completed: the recording of this capture (GET /v1/recordings/{id}) */
            recording_id?: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'content-get': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example eyJrIjoiYnVsay8uLi4ifQ.3q2-7w */
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A signed content URL (image_url, content_url; no API key): Location is a pre-signed GET of the object, valid 60 s. A token naming a byte range (a bulk scrape or fetch item inside its batch's stored object) is answered 200 with those bytes and the item's own Content-Type instead. Unsigned, tampered (including a changed range or type) or expired: 401 unauthorized with details.reason; a range of an object no longer kept: 404 not_found. */
      302: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'scrape-bulk-create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "urls": [
         *         "https://example.com/a",
         *         {
         *           "url": "https://example.com/b",
         *           "custom": {
         *             "row": 2
         *           }
         *         }
         *       ],
         *       "webhook_url": "https://hooks.example.com/webcapture",
         *       "formats": [
         *         "markdown"
         *       ]
         *     }
         */
        'application/json':
          | {
              /** @description The URLs, each a string or an object with `url` and per-item overrides of the shared options. A URL that is malformed, not http(s), or private is reported as a failed item (invalid_url), never silently dropped. */
              urls: (
                | string
                | {
                    url: string;
                    /**
                     * @default [
                     *       "rawHtml"
                     *     ]
                     */
                    formats?: ('rawHtml' | 'html' | 'markdown' | 'links' | 'images')[];
                    /** @default US */
                    country?: string;
                    /** @default 30000 */
                    timeout_ms?: number;
                    /** @default 48h */
                    cache_ttl?: 0 | '0' | string;
                    /** @default {} */
                    custom?: {
                      [key: string]: unknown;
                    };
                  }
              )[];
              /**
               * @default [
               *       "rawHtml"
               *     ]
               */
              formats?: ('rawHtml' | 'html' | 'markdown' | 'links' | 'images')[];
              /** @default US */
              country?: string;
              /** @default 30000 */
              timeout_ms?: number;
              /**
               * @default article
               * @enum {string}
               */
              markdownMode?: 'article' | 'raw' | 'llm';
              /** @default  */
              markdownQuery?: string;
              /**
               * @default inline
               * @enum {string}
               */
              markdownLinks?: 'inline' | 'references' | 'none';
              /** @default false */
              markdownCompact?: boolean;
              /** @default false */
              markdownFilterImages?: boolean;
              /** @default false */
              markdownIncludeMedia?: boolean;
              /** @default false */
              markdownIncludeWarnings?: boolean;
              /** @default false */
              markdownIncludeStats?: boolean;
              /** @default true */
              removeBase64Images?: boolean;
              /**
               * @description Oldest cached capture to accept: "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the cache. Synchronous scrapes only.
               * @default 48h
               */
              cache_ttl?: 0 | '0' | string;
              /** @default {} */
              custom?: {
                [key: string]: unknown;
              };
              /** @description https:// only; receives the events named in `events`. */
              webhook_url?: string;
              /**
               * @description Which events to send to webhook_url; default all three.
               * @default [
               *       "bulk.item.completed",
               *       "bulk.item.failed",
               *       "bulk.completed"
               *     ]
               */
              events?: ('bulk.item.completed' | 'bulk.item.failed' | 'bulk.completed')[];
            }
          | {
              /** @description bu_… from POST /v1/bulk/uploads, its body PUT to upload_url: the job is created from that body, with the same checks and answers as an inline one. Single use; another account’s id is a 404. */
              upload_id: string;
            };
      };
    };
    responses: {
      /** @description The job, queued; poll poll_url. Refused URLs are listed in invalid_urls (and are failed items). */
      202: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            kind: 'scrape' | 'fetch' | 'screenshot';
            /**
             * @description queued → running → completed (some item completed) or failed (none did); queued or running → cancelled
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            counts: {
              total: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              cancelled: number;
            };
            /** @description billable bytes charged for this job so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            completed_at: string | null;
            cancelled_at: string | null;
            custom: {
              [key: string]: unknown;
            };
            webhook_url: string | null;
            events: string[];
            /** @description absolute: PUBLIC_BASE_URL and the job's path (e.g. https://…/v1/scrape/{id}); GET it for the status */
            poll_url: string;
            /** @description URLs refused at submission; they are items with status failed, never run or billed */
            invalid_urls: {
              index: number;
              url: string;
              error: {
                code: string;
                message: string;
                details?: {
                  [key: string]: unknown;
                };
              };
            }[];
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'scrape-bulk-get': {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        /** @example bk_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job and a page of its items (limit, cursor); content_url on completed items. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            kind: 'scrape' | 'fetch' | 'screenshot';
            /**
             * @description queued → running → completed (some item completed) or failed (none did); queued or running → cancelled
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            counts: {
              total: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              cancelled: number;
            };
            /** @description billable bytes charged for this job so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            completed_at: string | null;
            cancelled_at: string | null;
            custom: {
              [key: string]: unknown;
            };
            webhook_url: string | null;
            events: string[];
            items: {
              index: number;
              url: string;
              /** @enum {string} */
              status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
              upstream_status: number | null;
              /** @description the origin's media type */
              content_type: string | null;
              /** @description wire bytes as the origin sent them */
              content_length: number | null;
              billed_bytes: number;
              error: {
                code: string;
                message: string;
                details?: {
                  [key: string]: unknown;
                };
              } | null;
              completed_at: string | null;
              /** @description completed items: the stored result (absolute URL, under PUBLIC_BASE_URL), signed anew on every read, valid 600 s */
              content_url: string | null;
            }[];
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'fetch-bulk-create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "urls": [
         *         "https://example.com/a",
         *         {
         *           "url": "https://example.com/b",
         *           "custom": {
         *             "row": 2
         *           }
         *         }
         *       ],
         *       "webhook_url": "https://hooks.example.com/webcapture",
         *       "format": "markdown"
         *     }
         */
        'application/json':
          | {
              /** @description The URLs, each a string or an object with `url` and per-item overrides of the shared options. A URL that is malformed, not http(s), or private is reported as a failed item (invalid_url), never silently dropped. */
              urls: (
                | string
                | {
                    url: string;
                    /** @enum {string} */
                    format?: 'markdown' | 'html';
                    /** @default US */
                    country?: string;
                    /** @default 60000 */
                    timeout_ms?: number;
                    /** @default 48h */
                    cache_ttl?: 0 | '0' | string;
                    /** @default {} */
                    custom?: {
                      [key: string]: unknown;
                    };
                  }
              )[];
              /** @enum {string} */
              format?: 'markdown' | 'html';
              /** @default US */
              country?: string;
              /** @default 60000 */
              timeout_ms?: number;
              /**
               * @description Oldest cached capture to accept: "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the read, and a fresh result is still cached for 7 days.
               * @default 48h
               */
              cache_ttl?: 0 | '0' | string;
              /** @default {} */
              custom?: {
                [key: string]: unknown;
              };
              /**
               * @default article
               * @enum {string}
               */
              markdown_mode?: 'article' | 'raw' | 'llm';
              /** @default  */
              markdown_query?: string;
              /**
               * @default inline
               * @enum {string}
               */
              markdown_links?: 'inline' | 'references' | 'none' | 'text';
              /**
               * @default inline
               * @enum {string}
               */
              markdown_images?: 'inline' | 'references' | 'none' | 'text';
              /** @default false */
              with_links_summary?: boolean;
              /** @default false */
              with_images_summary?: boolean;
              /** @default false */
              markdown_compact?: boolean;
              /** @default false */
              markdown_filter_images?: boolean;
              /** @default false */
              markdown_include_media?: boolean;
              /** @default false */
              markdown_include_warnings?: boolean;
              /** @default false */
              markdown_include_stats?: boolean;
              /** @description https:// only; receives the events named in `events`. */
              webhook_url?: string;
              /**
               * @description Which events to send to webhook_url; default all three.
               * @default [
               *       "bulk.item.completed",
               *       "bulk.item.failed",
               *       "bulk.completed"
               *     ]
               */
              events?: ('bulk.item.completed' | 'bulk.item.failed' | 'bulk.completed')[];
            }
          | {
              /** @description bu_… from POST /v1/bulk/uploads, its body PUT to upload_url: the job is created from that body, with the same checks and answers as an inline one. Single use; another account’s id is a 404. */
              upload_id: string;
            };
      };
    };
    responses: {
      /** @description The job, queued; poll poll_url. Refused URLs are listed in invalid_urls (and are failed items). */
      202: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            kind: 'scrape' | 'fetch' | 'screenshot';
            /**
             * @description queued → running → completed (some item completed) or failed (none did); queued or running → cancelled
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            counts: {
              total: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              cancelled: number;
            };
            /** @description billable bytes charged for this job so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            completed_at: string | null;
            cancelled_at: string | null;
            custom: {
              [key: string]: unknown;
            };
            webhook_url: string | null;
            events: string[];
            /** @description absolute: PUBLIC_BASE_URL and the job's path (e.g. https://…/v1/scrape/{id}); GET it for the status */
            poll_url: string;
            /** @description URLs refused at submission; they are items with status failed, never run or billed */
            invalid_urls: {
              index: number;
              url: string;
              error: {
                code: string;
                message: string;
                details?: {
                  [key: string]: unknown;
                };
              };
            }[];
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'fetch-bulk-get': {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        /** @example bk_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job and a page of its items (limit, cursor); content_url on completed items. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            kind: 'scrape' | 'fetch' | 'screenshot';
            /**
             * @description queued → running → completed (some item completed) or failed (none did); queued or running → cancelled
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            counts: {
              total: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              cancelled: number;
            };
            /** @description billable bytes charged for this job so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            completed_at: string | null;
            cancelled_at: string | null;
            custom: {
              [key: string]: unknown;
            };
            webhook_url: string | null;
            events: string[];
            items: {
              index: number;
              url: string;
              /** @enum {string} */
              status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
              upstream_status: number | null;
              /** @description the origin's media type */
              content_type: string | null;
              /** @description wire bytes as the origin sent them */
              content_length: number | null;
              billed_bytes: number;
              error: {
                code: string;
                message: string;
                details?: {
                  [key: string]: unknown;
                };
              } | null;
              completed_at: string | null;
              /** @description completed items: the stored result (absolute URL, under PUBLIC_BASE_URL), signed anew on every read, valid 600 s */
              content_url: string | null;
            }[];
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'scrape-bulk-results': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The download of a job that ended (completed, failed or cancelled): url is a signed content URL valid 600 s (read this again for a new one). Before the end: 409 job_not_finished with details.status and details.counts. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "bk_01JD8X2Q4M3T5V7W9Y1Z3B5C7D",
           *       "status": "completed",
           *       "format": "jsonl",
           *       "content_type": "application/x-ndjson",
           *       "items": 2,
           *       "bytes": 48213,
           *       "created_at": "2026-11-29T10:00:00.000Z",
           *       "url": "https://api.example.com/v1/content/eyJrIjoiYnVsay8…",
           *       "expires_at": "2026-11-29T10:00:00.000Z"
           *     }
           */
          'application/json': {
            id: string;
            /**
             * @description the job ended; before that the answer is 409
             * @enum {string}
             */
            status: 'completed' | 'failed' | 'cancelled';
            /**
             * @description jsonl: one JSON object per line (scrape, fetch); zip: the images and manifest.json (screenshots)
             * @enum {string}
             */
            format: 'jsonl' | 'zip';
            content_type: string;
            /** @description completed items in the download; failed and cancelled items are left out */
            items: number;
            /** @description size of the download */
            bytes: number;
            /**
             * Format: date-time
             * @description when the download was built (once, when the job ended)
             */
            created_at: string;
            /** @description signed content URL of the download, valid 600 s; read this resource again for a new one */
            url: string;
            /**
             * Format: date-time
             * @description when url stops working
             */
            expires_at: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'fetch-bulk-results': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The download of a job that ended (completed, failed or cancelled): url is a signed content URL valid 600 s (read this again for a new one). Before the end: 409 job_not_finished with details.status and details.counts. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "bk_01JD8X2Q4M3T5V7W9Y1Z3B5C7D",
           *       "status": "completed",
           *       "format": "jsonl",
           *       "content_type": "application/x-ndjson",
           *       "items": 2,
           *       "bytes": 48213,
           *       "created_at": "2026-11-29T10:00:00.000Z",
           *       "url": "https://api.example.com/v1/content/eyJrIjoiYnVsay8…",
           *       "expires_at": "2026-11-29T10:00:00.000Z"
           *     }
           */
          'application/json': {
            id: string;
            /**
             * @description the job ended; before that the answer is 409
             * @enum {string}
             */
            status: 'completed' | 'failed' | 'cancelled';
            /**
             * @description jsonl: one JSON object per line (scrape, fetch); zip: the images and manifest.json (screenshots)
             * @enum {string}
             */
            format: 'jsonl' | 'zip';
            content_type: string;
            /** @description completed items in the download; failed and cancelled items are left out */
            items: number;
            /** @description size of the download */
            bytes: number;
            /**
             * Format: date-time
             * @description when the download was built (once, when the job ended)
             */
            created_at: string;
            /** @description signed content URL of the download, valid 600 s; read this resource again for a new one */
            url: string;
            /**
             * Format: date-time
             * @description when url stops working
             */
            expires_at: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'bulk-results': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The download of a job that ended (completed, failed or cancelled): url is a signed content URL valid 600 s (read this again for a new one). Before the end: 409 job_not_finished with details.status and details.counts. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "bk_01JD8X2Q4M3T5V7W9Y1Z3B5C7D",
           *       "status": "completed",
           *       "format": "zip",
           *       "content_type": "application/zip",
           *       "items": 2,
           *       "bytes": 48213,
           *       "created_at": "2026-11-29T10:00:00.000Z",
           *       "url": "https://api.example.com/v1/content/eyJrIjoiYnVsay8…",
           *       "expires_at": "2026-11-29T10:00:00.000Z"
           *     }
           */
          'application/json': {
            id: string;
            /**
             * @description the job ended; before that the answer is 409
             * @enum {string}
             */
            status: 'completed' | 'failed' | 'cancelled';
            /**
             * @description jsonl: one JSON object per line (scrape, fetch); zip: the images and manifest.json (screenshots)
             * @enum {string}
             */
            format: 'jsonl' | 'zip';
            content_type: string;
            /** @description completed items in the download; failed and cancelled items are left out */
            items: number;
            /** @description size of the download */
            bytes: number;
            /**
             * Format: date-time
             * @description when the download was built (once, when the job ended)
             */
            created_at: string;
            /** @description signed content URL of the download, valid 600 s; read this resource again for a new one */
            url: string;
            /**
             * Format: date-time
             * @description when url stops working
             */
            expires_at: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'bulk-list': {
    parameters: {
      query?: {
        status?: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller's bulk jobs of every kind, newest first; `status` filters to one state. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [],
           *       "next_cursor": null
           *     }
           */
          'application/json': {
            data: {
              id: string;
              /** @enum {string} */
              kind: 'scrape' | 'fetch' | 'screenshot';
              /**
               * @description queued → running → completed (some item completed) or failed (none did); queued or running → cancelled
               * @enum {string}
               */
              status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
              counts: {
                total: number;
                queued: number;
                running: number;
                completed: number;
                failed: number;
                cancelled: number;
              };
              /** @description billable bytes charged for this job so far */
              billed_bytes: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              created_at: string;
              started_at: string | null;
              completed_at: string | null;
              cancelled_at: string | null;
              custom: {
                [key: string]: unknown;
              };
              webhook_url: string | null;
              events: string[];
            }[];
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'bulk-create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "urls": [
         *         "https://example.com/a",
         *         {
         *           "url": "https://example.com/b",
         *           "custom": {
         *             "row": 2
         *           }
         *         }
         *       ],
         *       "webhook_url": "https://hooks.example.com/webcapture"
         *     }
         */
        'application/json':
          | {
              /** @description The URLs, each a string or an object with `url` and per-item overrides of the shared options. A URL that is malformed, not http(s), or private is reported as a failed item (invalid_url), never silently dropped. */
              urls: (
                | string
                | {
                    url: string;
                    /** @default US */
                    country?: string;
                    /** @default {} */
                    custom?: {
                      [key: string]: unknown;
                    };
                  }
              )[];
              /**
               * @default {
               *       "width": 1280,
               *       "height": 800
               *     }
               */
              viewport?: {
                /** @description CSS pixels, 100–3840 */
                width: number;
                /** @description CSS pixels, 100–4320 */
                height: number;
              };
              /**
               * @description Device pixels per CSS pixel, 1–3: the image is viewport × this
               * @default 1
               */
              device_scale_factor?: number;
              /**
               * @description The whole scrollable page instead of the viewport, at most 16384 CSS px of it from the top
               * @default false
               */
              full_page?: boolean;
              /** @description A CSS selector: the image is clipped to the first matching element */
              selector?: string;
              /**
               * @default png
               * @enum {string}
               */
              format?: 'png' | 'jpeg' | 'webp';
              /** @description jpeg and webp only, 1–100; default 80 */
              quality?: number;
              /**
               * @description A transparent background where the page has none (png and webp)
               * @default false
               */
              omit_background?: boolean;
              /** @default US */
              country?: string;
              /** @default [] */
              cookies?: {
                name: string;
                value: string;
                domain?: string;
                path?: string;
                secure?: boolean;
                httpOnly?: boolean;
                /** @enum {string} */
                sameSite?: 'Strict' | 'Lax' | 'None';
                expires?: number;
              }[];
              /** @default {} */
              headers?: {
                [key: string]: string;
              };
              /** @default 0 */
              delay_ms?: number;
              wait_for_selector?: string;
              /**
               * @default load
               * @enum {string}
               */
              wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
              /** @default 30000 */
              timeout_ms?: number;
              /** @default {} */
              custom?: {
                [key: string]: unknown;
              };
              /** @description https:// only; receives the events named in `events`. */
              webhook_url?: string;
              /**
               * @description Which events to send to webhook_url; default all three.
               * @default [
               *       "bulk.item.completed",
               *       "bulk.item.failed",
               *       "bulk.completed"
               *     ]
               */
              events?: ('bulk.item.completed' | 'bulk.item.failed' | 'bulk.completed')[];
            }
          | {
              /** @description bu_… from POST /v1/bulk/uploads, its body PUT to upload_url: the job is created from that body, with the same checks and answers as an inline one. Single use; another account’s id is a 404. */
              upload_id: string;
            };
      };
    };
    responses: {
      /** @description The bulk screenshot job, queued; poll poll_url (GET /v1/bulk/{id}/screenshots). Refused URLs are listed in invalid_urls (and are failed items). */
      202: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            kind: 'scrape' | 'fetch' | 'screenshot';
            /**
             * @description queued → running → completed (some item completed) or failed (none did); queued or running → cancelled
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            counts: {
              total: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              cancelled: number;
            };
            /** @description billable bytes charged for this job so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            completed_at: string | null;
            cancelled_at: string | null;
            custom: {
              [key: string]: unknown;
            };
            webhook_url: string | null;
            events: string[];
            /** @description absolute: PUBLIC_BASE_URL and the job's path (e.g. https://…/v1/scrape/{id}); GET it for the status */
            poll_url: string;
            /** @description URLs refused at submission; they are items with status failed, never run or billed */
            invalid_urls: {
              index: number;
              url: string;
              error: {
                code: string;
                message: string;
                details?: {
                  [key: string]: unknown;
                };
              };
            }[];
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'bulk-cancel': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example bk_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job, cancelled: items not started are never run or billed. A finished job is returned unchanged. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            kind: 'scrape' | 'fetch' | 'screenshot';
            /**
             * @description queued → running → completed (some item completed) or failed (none did); queued or running → cancelled
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            counts: {
              total: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              cancelled: number;
            };
            /** @description billable bytes charged for this job so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            completed_at: string | null;
            cancelled_at: string | null;
            custom: {
              [key: string]: unknown;
            };
            webhook_url: string | null;
            events: string[];
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'bulk-uploads-create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "size_bytes": 12000000
         *     }
         */
        'application/json': {
          /** @description Bytes of the JSON body you will PUT, exactly: the URL's signature covers Content-Length. At most the account's max_bulk_size (else 400 request_too_large). */
          size_bytes: number;
        };
      };
    };
    responses: {
      /** @description A pre-signed S3 PUT for a bulk body of size_bytes (up to max_bulk_size, beyond the 6 MB request limit). PUT the body to upload_url, then POST {"upload_id": id} to /v1/scrape/bulk, /v1/fetch/bulk or /v1/bulk within an hour. */
      201: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description A pre-signed S3 PUT, valid 900 s; send exactly size_bytes bytes. */
            upload_url: string;
            /** @constant */
            method: 'PUT';
            /** @description Headers the PUT must carry (Content-Length). */
            headers: {
              [key: string]: string;
            };
            size_bytes: number;
            created_at: string;
            upload_url_expires_at: string;
            /** @description Submit {"upload_id"} before this (60 minutes after creation). */
            expires_at: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'bulk-screenshots-list': {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        /** @example bk_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A screenshot job and a page of its items (limit, cursor); image_url on completed items. Another kind of job is a 404. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            kind: 'scrape' | 'fetch' | 'screenshot';
            /**
             * @description queued → running → completed (some item completed) or failed (none did); queued or running → cancelled
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            counts: {
              total: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              cancelled: number;
            };
            /** @description billable bytes charged for this job so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            completed_at: string | null;
            cancelled_at: string | null;
            custom: {
              [key: string]: unknown;
            };
            webhook_url: string | null;
            events: string[];
            items: {
              index: number;
              url: string;
              /** @enum {string} */
              status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
              /** @description always null: the browser does not report it */
              upstream_status: number | null;
              /** @description completed items: the image media type (image/png, …) */
              content_type: string | null;
              /** @description completed items: bytes of the image */
              content_length: number | null;
              /** @description the page's wire bytes × 1.0, as POST /v1/screenshots; 0 for failed items */
              billed_bytes: number;
              error: {
                code: string;
                message: string;
                details?: {
                  [key: string]: unknown;
                };
              } | null;
              completed_at: string | null;
              /** @description completed items: a signed URL (absolute, under PUBLIC_BASE_URL) of the image, valid 600 s, signed anew on every read */
              image_url: string | null;
            }[];
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'schema-extract': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://example.com/products/1",
         *       "schema": {
         *         "type": "object",
         *         "properties": {
         *           "name": {
         *             "type": "string"
         *           },
         *           "price": {
         *             "type": "number"
         *           }
         *         },
         *         "required": [
         *           "name"
         *         ]
         *       }
         *     }
         */
        'application/json': {
          /** @description The page to extract from, http or https; otherwise 400 invalid_url. */
          url: string;
          /** @description A JSON Schema (draft 2020-12; `$schema` may be left out) whose root is an object. At most 64 KiB, 8 levels of nesting (32 levels of JSON objects and arrays) and 300 properties; only local $refs. An invalid schema is 422 validation_error with details.errors. */
          schema: {
            [key: string]: unknown;
          };
          /** @default US */
          country?: string;
          /** @default 30000 */
          timeout_ms?: number;
          /**
           * @description Oldest cached capture to accept (shared with scrape and fetch): "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the cache.
           * @default 48h
           */
          cache_ttl?: 0 | '0' | string;
          /** @default {} */
          custom?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description JSON that validates against the caller's schema, with the provenance of every value (README, Schema extraction). Required properties without a valid value on the page: 422 validation_error, details.reason extraction_failed, details.missing (JSON pointers), and, when the page gave any value, details.partial true with details.partial_data (the values found, valid against the schema with every required relaxed) and details.partial_fields (their provenance). Bills 1 credit plus the page bandwidth. 404 while the deployment's SCHEMA_ENABLED switch is off. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'success';
            id: string;
            url: string;
            final_url: string;
            /** @description the origin's HTTP status */
            status_code: number;
            content_type: string;
            /** @description wire bytes, compressed as the origin sent them (the billed bandwidth) */
            content_length: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            retrieved_at: string;
            /** @description the extracted object; validated against the caller's schema with ajv before it is sent */
            data: {
              [key: string]: unknown;
            };
            /** @description JSON pointer of each placed value (e.g. /offers/0/price) → where it came from */
            fields: {
              [key: string]: {
                /** @enum {string} */
                source:
                  | 'json-ld'
                  | 'microdata'
                  | 'rdfa'
                  | 'meta'
                  | 'label'
                  | 'heading'
                  | 'list'
                  | 'table'
                  | 'text'
                  | 'page';
                /** @description where on the page: a path into the structured data, a meta tag, or quoted text */
                path: string;
                confidence: number;
              };
            };
            /** @description keywords of the schema that the answer satisfies but that do not steer extraction */
            unsupported_keywords: string[];
            custom: {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  search: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "query": "web scraping api",
         *       "limit": 5,
         *       "scrape": {
         *         "formats": [
         *           "markdown"
         *         ]
         *       }
         *     }
         */
        'application/json': {
          /**
           * @description `web`: the configured search providers. `captures`: BM25 over this account's own captured pages (docs/api/search.md); lang, country and safe_search do not apply, scrape is refused.
           * @default web
           * @enum {string}
           */
          source?: 'web' | 'captures';
          /** @description What to search for, 1–500 characters. */
          query: string;
          /**
           * @description Results wanted, 1–20.
           * @default 5
           */
          limit?: number;
          /** @description Language of the results (ISO 639-1, e.g. "en"). */
          lang?: string;
          /** @description Country the results are for (ISO 3166-1 alpha-2); scrapes of the results go out through it too. */
          country?: string;
          /**
           * @description Only pages from the last day, week, month or year.
           * @enum {string}
           */
          time_range?: 'day' | 'week' | 'month' | 'year';
          /** @description Restrict to one host or up to 10 (subdomains included). */
          site?: string | string[];
          /**
           * @description off, moderate or strict.
           * @default moderate
           * @enum {string}
           */
          safe_search?: 'off' | 'moderate' | 'strict';
          /**
           * @description The answer comes by then, whatever the providers and pages do (on AWS at most about 27 s).
           * @default 30000
           */
          timeout_ms?: number;
          /** @description Scrape every result through the scrape pipeline with these fields (as POST /v1/scrape). Each scrape is billed like a scrape; one that does not finish in time carries an error and makes the answer partial. */
          scrape?: {
            /**
             * @default [
             *       "rawHtml"
             *     ]
             */
            formats?: ('rawHtml' | 'html' | 'markdown' | 'links' | 'images')[];
            /**
             * @default article
             * @enum {string}
             */
            markdownMode?: 'article' | 'raw' | 'llm';
            /** @default  */
            markdownQuery?: string;
            /**
             * @default inline
             * @enum {string}
             */
            markdownLinks?: 'inline' | 'references' | 'none';
            /** @default false */
            markdownCompact?: boolean;
            /** @default false */
            markdownFilterImages?: boolean;
            /** @default false */
            markdownIncludeMedia?: boolean;
            /** @default false */
            markdownIncludeWarnings?: boolean;
            /** @default false */
            markdownIncludeStats?: boolean;
            /** @default true */
            removeBase64Images?: boolean;
            /**
             * @description Oldest cached capture to accept: "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the cache. Synchronous scrapes only.
             * @default 48h
             */
            cache_ttl?: 0 | '0' | string;
          };
        };
      };
    };
    responses: {
      /** @description Results of the first provider of SEARCH_PROVIDERS that answered, deduplicated, each scraped when `scrape` was given (README, Search). Field errors: 400 validation_error. Every provider failed: 502 upstream_error with details.providers (retryable; Retry-After when known). No provider configured: 503 service_unavailable naming the variable. Bills 1 credit plus each scrape as a scrape. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description deduplicated by normalised URL, best first */
            results: {
              scrapeId?: string;
              finalUrl?: string;
              /** @description media type of the body; application/octet-stream when the origin sent none */
              contentType?: string;
              /** @description wire bytes, compressed as the origin sent them (billed); for a rendered page, every byte the browser downloaded for it, document and subresources */
              contentLength?: number;
              /** @description the origin's HTTP status (for a rendered page, the main document's) */
              statusCode?: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              retrievedAt?: string;
              /** @description only the requested formats; text is null for binary bodies; for a rendered page rawHtml is the DOM after scripts ran and the waits passed. Absent (with tables and warnings) when the answer would exceed 4 MiB: the whole envelope is then at content_url */
              formats?: {
                rawHtml?: string | null;
                html?: string | null;
                markdown?: string | null;
                links?:
                  | string[]
                  | {
                      url: string;
                      text: string;
                      isInternal: boolean;
                      rel: string | null;
                    }[];
                images?:
                  | string[]
                  | {
                      url: string;
                      alt: string;
                      /** @description declared width in px; 0 when the page does not say */
                      width: number;
                      height: number;
                      format: string;
                      /** @description 0..1, how likely the image is content rather than chrome */
                      score: number;
                    }[];
              };
              metadata?: {
                title: string | null;
                description: string | null;
                language: string | null;
                canonicalUrl: string | null;
                ogTitle: string | null;
                ogDescription: string | null;
                ogImage: string | null;
                byline: string | null;
                publishedAt: string | null;
                /** @description beyond the spec: og:site_name or the JSON-LD publisher */
                siteName: string | null;
              };
              tables?: {
                /** @description `data` or `headerless` */
                kind: string;
                gfm: string;
                rows: number;
                cols: number;
              }[];
              warnings?: {
                code: string;
                message: string;
                element: string;
              }[];
              stats?: {
                chars: number;
                /** @description estimate of the o200k_base (GPT-4o) token count */
                tokens: number;
                blocks: number;
              };
              /** @description only when the envelope is too large to answer inline (over 4 MiB as sent; docs/api/limits.md): a signed URL (absolute, under PUBLIC_BASE_URL) to the whole envelope as JSON, valid 600 s, signed anew on every read */
              content_url?: string;
              /** @description seconds content_url stays valid (600); with content_url only */
              content_url_expires_in?: number;
              /** @description with record: true, the recording of this capture (GET /v1/recordings/{id}) */
              recording_id?: string;
              url: string;
              title: string;
              /** @description the provider's snippet; for captures, the page text around the query's first word */
              description: string;
              position: number;
              /** @enum {string} */
              provider: 'searxng' | 'brave' | 'serper' | 'captures';
              /**
               * Format: date-time
               * @description when the provider dates the page
               */
              published_at?: string;
              /** @description source "captures": the capture's id: a scrape id (scrape, bulk item, crawl page) or a monitor check id */
              capture_id?: string;
              /**
               * @description source "captures": what captured the page: a scrape (GET /v1/scrape/{capture_id}), a bulk scrape item, a crawl page, a monitor check
               * @enum {string}
               */
              capture_source?: 'scrape' | 'bulk' | 'crawl' | 'monitor';
              /** @description source "captures": the bulk job, crawl or monitor the capture belongs to (absent for a scrape) */
              capture_parent_id?: string;
              /**
               * Format: date-time
               * @description source "captures": when the page was retrieved
               */
              captured_at?: string;
              /** @description the result could not be scraped (in time); its search fields stand */
              error?: {
                code: string;
                message: string;
                http_status: number;
                details?: {
                  [key: string]: unknown;
                };
              };
            }[];
            /**
             * @description the provider that answered (the first of the fallback chain that could); `captures` for source "captures"
             * @enum {string}
             */
            provider: 'searxng' | 'brave' | 'serper' | 'captures';
            /** @description true when some result asked to be scraped carries an error instead */
            partial: boolean;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'sitemap-post': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://example.com/",
         *       "limit": 1000
         *     }
         */
        'application/json': {
          /** @description The site (any page of it: its links are read, and robots.txt names its sitemaps) or a sitemap, sitemap index or feed (read with everything below it). http or https; otherwise 400 invalid_url. */
          url: string;
          /**
           * @description URLs answered at most; past it `complete` is false.
           * @default 5000
           */
          limit?: number;
          /**
           * @description Words: URLs whose host and path hold them (stemmed) come first, best first. Empty: the order found.
           * @default
           */
          search?: string;
          /**
           * @description Also URLs of hosts under the site (blog.example.com).
           * @default false
           */
          include_subdomains?: boolean;
          /**
           * @description Drop query strings, so /p?a=1 and /p?a=2 are one URL.
           * @default true
           */
          ignore_query_params?: boolean;
          /**
           * @description Where URLs come from: `sitemaps` (robots.txt, the usual locations, indexes, feeds) and `links` (the start page).
           * @default [
           *       "sitemaps",
           *       "links"
           *     ]
           */
          sources?: ('sitemaps' | 'links')[];
          /**
           * @description How long the map may take; when it runs out, the URLs found so far are answered with `complete: false`. At most 25,000 synchronously, 90,000 with webhook_url.
           * @default 20000
           */
          time_budget_ms?: number;
          /** @description Run the map as a job: 202 with its id at once, then sitemap.completed or sitemap.failed to this URL (Standard Webhooks). Must be https:// (http:// is 400 invalid_url). */
          webhook_url?: string;
          /**
           * @description With webhook_url: which of sitemap.completed and sitemap.failed are sent.
           * @default [
           *       "completed",
           *       "failed"
           *     ]
           */
          events?: ('completed' | 'failed')[];
          /** @default {} */
          custom?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description A site's URLs without fetching its pages: robots.txt's Sitemap lines (else /sitemap.xml and /sitemap_index.xml), every sitemap below them (nested indexes, gzip, text, RSS, Atom) and the start page's links; each URL once, normalised; off-site and robots-disallowed URLs left out. `complete: false` when the limit or the time budget cut it. Bills one request plus the wire bytes of the sitemaps read, on the usage row /v1/sitemap (docs/api/sitemap.md). */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description in the order found, or ranked by `search` */
            urls: {
              /** @description normalised (README, URL normalisation); each URL once */
              url: string;
              /**
               * Format: date-time
               * @description the latest date a sitemap or feed gave it
               */
              lastmod?: string;
              /** @description every source that listed it */
              sources: ('sitemaps' | 'links')[];
            }[];
            /** @description every sitemap read or queued, in the order found */
            sitemaps: {
              url: string;
              /**
               * @description skipped: not read because the limit or the time budget ended the map first
               * @enum {string}
               */
              status: 'read' | 'failed' | 'skipped';
              /** @description HTTP status of the answer, null when none arrived */
              status_code: number | null;
              kind: ('urlset' | 'sitemapindex' | 'rss' | 'atom' | 'text' | 'unknown') | null;
              /** @description entries read: page URLs, or child sitemaps of an index */
              urls: number;
              /** @description the file held more than was taken (50,000 entries / 50 MB per file, the limit, the budget) */
              truncated: boolean;
              /** @description why a failed file failed: http_status, timeout, private_address… */
              error?: string;
            }[];
            /** @description false when the limit, the time budget or the 1,000-file cap cut the map */
            complete: boolean;
            /**
             * @description why complete is false
             * @enum {string}
             */
            cut?: 'limit' | 'time_budget' | 'sitemap_files';
          };
        };
      };
      /** @description With webhook_url: the map runs as a job (time_budget_ms up to 90,000); poll poll_url, and sitemap.completed or sitemap.failed (per `events`) is sent to webhook_url with `custom`. Billed as the synchronous map, once. */
      202: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @constant */
            status: 'queued';
            url: string;
            /** @description absolute: PUBLIC_BASE_URL and the job's path (e.g. https://…/v1/scrape/{id}); GET it for the status */
            poll_url: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'sitemap-get': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example sm_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A sitemap job: its status, the summary once completed and content_url (the full answer as JSON, signed anew on every read, valid 600 s); error once failed. Another account's id is a 404. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @enum {string} */
            status: 'queued' | 'processing' | 'completed' | 'failed';
            url: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            completed_at: string | null;
            /** @description once completed */
            summary: {
              /** @description URLs in the answer */
              urls: number;
              /** @description sitemaps read or queued */
              sitemaps: number;
              /** @description false when the limit, the time budget or the 1,000-file cap cut the map */
              complete: boolean;
              /**
               * @description why complete is false
               * @enum {string}
               */
              cut?: 'limit' | 'time_budget' | 'sitemap_files';
              /** @description the sitemaps' wire bytes billed (plus the one request) */
              billed_bytes: number;
            } | null;
            /** @description once completed: the full answer ({urls, sitemaps, complete, cut}, as the synchronous 200) as JSON at an absolute URL under PUBLIC_BASE_URL; signed anew on every read, valid 600 s */
            content_url: string | null;
            /** @description once failed */
            error: {
              code: string;
              message: string;
              http_status: number;
              details?: {
                [key: string]: unknown;
              };
            } | null;
            /** @description the caller's custom payload, echoed */
            custom: {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'crawl-list': {
    parameters: {
      query?: {
        status?: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
        /** @example 20 */
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller's crawls, newest first; `status` filters to one state. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              url: string;
              /**
               * @description queued → running → completed (a page completed) or failed (none did); queued or running → cancelled (DELETE).
               * @enum {string}
               */
              status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
              /** @description Exact. When the crawl has ended: completed + failed + skipped = discovered. */
              counts: {
                /** @description URLs found, each once: completed + failed + skipped + queued + running */
                discovered: number;
                queued: number;
                running: number;
                completed: number;
                failed: number;
                skipped: number;
              };
              limit: number;
              /** @description billable bytes charged for the crawl's pages so far */
              billed_bytes: number;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              created_at: string;
              started_at: string | null;
              /** @description when the crawl ended (its terminal event was recorded) */
              completed_at: string | null;
              cancelled_at: string | null;
              webhook_url: string | null;
              events: string[];
              custom: {
                [key: string]: unknown;
              };
              /** @description incremental crawls: `since` as sent (a crawl id or a timestamp) */
              since: string | null;
            }[];
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'crawl-create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://example.com/",
         *       "limit": 100,
         *       "max_depth": 3,
         *       "formats": [
         *         "markdown"
         *       ],
         *       "since": "cr_01JD8X2Q4M3T5V7W9Y1Z3B5C7D"
         *     }
         */
        'application/json': {
          /** @description Where the crawl starts (depth 0), http or https; the site is its host without www. */
          url: string;
          /**
           * @description Pages scraped at most (completed or failed; skipped URLs do not count), after every filter. The plan caps it at 1,000 × its concurrency: above that is 422.
           * @default 100
           */
          limit?: number;
          /**
           * @description Links followed from the start URL at most (sitemap URLs are depth 1); deeper URLs are skipped (depth).
           * @default 10
           */
          max_depth?: number;
          /**
           * @description Only URLs whose path matches one of these are crawled (others: skipped, excluded). Regular expressions (RE2 syntax, linear time: no backreferences or lookaround) found anywhere in a URL's path; anchor with ^ and $. An invalid one is 422 validation_error.
           * @default []
           */
          include_paths?: string[];
          /**
           * @description URLs whose path matches one of these are skipped (excluded). Regular expressions (RE2 syntax, linear time: no backreferences or lookaround) found anywhere in a URL's path; anchor with ^ and $. An invalid one is 422 validation_error.
           * @default []
           */
          exclude_paths?: string[];
          /**
           * @description Also crawl hosts under the site (blog.example.com).
           * @default false
           */
          allow_subdomains?: boolean;
          /**
           * @description Also scrape pages of other sites that the site links to (their own links are not followed).
           * @default false
           */
          allow_external?: boolean;
          /**
           * @description include: the site's sitemaps add URLs (orphans too) beside the links; skip: links only; only: the start page and the sitemaps' URLs, no links followed.
           * @default include
           * @enum {string}
           */
          sitemap?: 'include' | 'skip' | 'only';
          /**
           * @description Drop query strings, so /p?a=1 and /p?a=2 are one URL (and one page).
           * @default true
           */
          ignore_query_params?: boolean;
          /**
           * @description Obey robots.txt (Disallow: skipped, robots; Crawl-delay: spacing per host). false is refused (422) where the deployment sets CRAWL_ROBOTS_REQUIRED=true.
           * @default true
           */
          respect_robots?: boolean;
          /**
           * @description Per host: at least this long between two requests (the site's Crawl-delay wins when longer).
           * @default 0
           */
          delay_ms?: number;
          /**
           * @description Per host: requests in flight at most.
           * @default 5
           */
          max_concurrency?: number;
          /**
           * @description Pages with the same canonical URL, or main text within SimHash distance 3 of a page already scraped, are skipped (duplicate) with duplicate_of, not billed.
           * @default true
           */
          deduplicate?: boolean;
          /**
           * @description Against traps: URLs of one path pattern (host, path with every segment holding a digit as {n}, query parameter names: /calendar/2026/11 is /calendar/{n}/{n}) queued at most; the rest are skipped (trap), never fetched.
           * @default 1000
           */
          max_urls_per_pattern?: number;
          /** @description Incremental crawl: one of your earlier crawls' id (cr_…), whose pages' ETag, Last-Modified and content hash are compared, or an ISO 8601 timestamp (sent as If-Modified-Since). Pages that did not change are skipped (unchanged), not billed; their links are still followed. Sitemap URLs whose lastmod is older are not fetched. Another account's or an unknown crawl id: 404. */
          since?: string;
          /**
           * @default [
           *       "rawHtml"
           *     ]
           */
          formats?: ('rawHtml' | 'html' | 'markdown' | 'links' | 'images')[];
          /** @default US */
          country?: string;
          /** @default 30000 */
          timeout_ms?: number;
          /**
           * @default article
           * @enum {string}
           */
          markdownMode?: 'article' | 'raw' | 'llm';
          /** @default  */
          markdownQuery?: string;
          /**
           * @default inline
           * @enum {string}
           */
          markdownLinks?: 'inline' | 'references' | 'none';
          /** @default false */
          markdownCompact?: boolean;
          /** @default false */
          markdownFilterImages?: boolean;
          /** @default false */
          markdownIncludeMedia?: boolean;
          /** @default false */
          markdownIncludeWarnings?: boolean;
          /** @default false */
          markdownIncludeStats?: boolean;
          /** @default true */
          removeBase64Images?: boolean;
          /**
           * @description Oldest cached capture to accept: "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the cache. Synchronous scrapes only.
           * @default 48h
           */
          cache_ttl?: 0 | '0' | string;
          /**
           * @description Keep a recording (WACZ web archive) of the capture; the result names it in recording_id (docs/api/recordings.md).
           * @default false
           */
          record?: boolean;
          /** @description Instead of url: run the content pipeline on this recording (rc_…) of yours, with no request to the site. */
          recording_id?: string;
          /** @description Render every page in a browser with these options, the fields of POST /v1/scrape (an empty object renders with the defaults: wait_until load); links are then taken from the rendered DOM. Absent: the HTTP fast path. */
          rendering?: {
            /**
             * @description Rendering: cookies set for the target before navigation (without domain: the target host only).
             * @default []
             */
            cookies?: {
              name: string;
              value: string;
              domain?: string;
              path?: string;
              secure?: boolean;
              httpOnly?: boolean;
              /** @enum {string} */
              sameSite?: 'Strict' | 'Lax' | 'None';
              expires?: number;
            }[];
            /**
             * @description Rendering: sent on the navigation and on requests to the target origin, never to third parties.
             * @default {}
             */
            headers?: {
              [key: string]: string;
            };
            /**
             * @description Rendering: wait this long after the page is ready (and the selector appeared) before reading it.
             * @default 0
             */
            delay_ms?: number;
            /** @description Rendering: wait until an element matches this CSS selector; the job fails naming it if none does in time. */
            wait_for_selector?: string;
            /**
             * @description Rendering: the page event to wait for (default load); networkidle = at most 2 requests in flight for 500 ms.
             * @enum {string}
             */
            wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
          };
          /** @description https:// only; receives the events named in `events`. */
          webhook_url?: string;
          /**
           * @description Which events to send to webhook_url; default all five.
           * @default [
           *       "crawl.started",
           *       "crawl.page",
           *       "crawl.completed",
           *       "crawl.failed",
           *       "crawl.cancelled"
           *     ]
           */
          events?: (
            | 'crawl.started'
            | 'crawl.page'
            | 'crawl.completed'
            | 'crawl.failed'
            | 'crawl.cancelled'
          )[];
          /** @default {} */
          custom?: {
            [key: string]: unknown;
          };
        };
      };
    };
    responses: {
      /** @description A crawl of every page of a site, queued; poll poll_url (docs/api/crawl.md). Each URL is found once (normalised), filtered (external, depth, include/exclude_paths, robots), and scraped on the HTTP fast path with the scrape fields given; near-duplicates are skipped. Each scraped page is billed as a scrape on the usage row /v1/crawl (markdown: /v1/crawl (markdown)). Events crawl.started, crawl.page, crawl.completed|failed|cancelled carry a sequence number; the terminal one is the highest. An invalid include_paths/exclude_paths pattern or a limit above the plan's cap: 422 validation_error; rendering options: 400 validation_error; an http:// webhook_url: 400 invalid_url. */
      202: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            url: string;
            /**
             * @description queued → running → completed (a page completed) or failed (none did); queued or running → cancelled (DELETE).
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            /** @description Exact. When the crawl has ended: completed + failed + skipped = discovered. */
            counts: {
              /** @description URLs found, each once: completed + failed + skipped + queued + running */
              discovered: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              skipped: number;
            };
            limit: number;
            /** @description billable bytes charged for the crawl's pages so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            /** @description when the crawl ended (its terminal event was recorded) */
            completed_at: string | null;
            cancelled_at: string | null;
            webhook_url: string | null;
            events: string[];
            custom: {
              [key: string]: unknown;
            };
            /** @description incremental crawls: `since` as sent (a crawl id or a timestamp) */
            since: string | null;
            /** @description absolute: PUBLIC_BASE_URL and the job's path (e.g. https://…/v1/scrape/{id}); GET it for the status */
            poll_url: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'crawl-get': {
    parameters: {
      query?: {
        status?: 'queued' | 'running' | 'completed' | 'failed' | 'skipped';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        /** @example cr_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The crawl with its exact counts and a page of its URLs (limit, cursor, status): each URL once, with its status, reason for skipped ones, duplicate_of, depth, parent, status_code and, when completed, a content_url signed for 600 s. When the crawl has ended, completed + failed + skipped = discovered = the URLs listed. Another account's id: 404. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            url: string;
            /**
             * @description queued → running → completed (a page completed) or failed (none did); queued or running → cancelled (DELETE).
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            /** @description Exact. When the crawl has ended: completed + failed + skipped = discovered. */
            counts: {
              /** @description URLs found, each once: completed + failed + skipped + queued + running */
              discovered: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              skipped: number;
            };
            limit: number;
            /** @description billable bytes charged for the crawl's pages so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            /** @description when the crawl ended (its terminal event was recorded) */
            completed_at: string | null;
            cancelled_at: string | null;
            webhook_url: string | null;
            events: string[];
            custom: {
              [key: string]: unknown;
            };
            /** @description incremental crawls: `since` as sent (a crawl id or a timestamp) */
            since: string | null;
            items: {
              /** @description normalised */
              url: string;
              /** @enum {string} */
              status: 'queued' | 'running' | 'completed' | 'failed' | 'skipped';
              /** @description skipped: robots (disallowed), excluded (include/exclude_paths), external (another site), depth (past max_depth), limit (limit reached), duplicate (see duplicate_of), cancelled (DELETE), trap (past max_urls_per_pattern), unchanged (incremental crawl: the origin answered 304 or the same bytes, or the sitemap lastmod is older than since; not billed) */
              reason:
                | (
                    | 'robots'
                    | 'excluded'
                    | 'external'
                    | 'depth'
                    | 'limit'
                    | 'duplicate'
                    | 'cancelled'
                    | 'trap'
                    | 'unchanged'
                  )
                | null;
              /** @description skipped (duplicate): the page it repeats */
              duplicate_of: string | null;
              depth: number;
              /** @description the page that linked it first; null for the start URL and sitemap URLs */
              parent: string | null;
              /** @enum {string} */
              source: 'start' | 'link' | 'sitemap';
              /** @description the origin's HTTP status, once fetched */
              status_code: number | null;
              error: {
                code: string;
                message: string;
              } | null;
              billed_bytes: number;
              completed_at: string | null;
              /** @description skipped (unchanged): the crawl that fetched the content this page still has, when known */
              previous_crawl_id: string | null;
              /** @description skipped (unchanged): when that content was fetched, or the since timestamp */
              unchanged_since: string | null;
              /** @description completed pages, and unchanged pages with an earlier copy: the scrape envelope (absolute, under PUBLIC_BASE_URL), signed anew on every read, valid 600 s */
              content_url: string | null;
            }[];
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'crawl-cancel': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example cr_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The crawl, cancelled: nothing new is fetched; pages in flight finish; queued URLs end skipped (cancelled), unbilled. crawl.cancelled is sent once the last page in flight ended. An ended crawl is returned unchanged. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            url: string;
            /**
             * @description queued → running → completed (a page completed) or failed (none did); queued or running → cancelled (DELETE).
             * @enum {string}
             */
            status: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
            /** @description Exact. When the crawl has ended: completed + failed + skipped = discovered. */
            counts: {
              /** @description URLs found, each once: completed + failed + skipped + queued + running */
              discovered: number;
              queued: number;
              running: number;
              completed: number;
              failed: number;
              skipped: number;
            };
            limit: number;
            /** @description billable bytes charged for the crawl's pages so far */
            billed_bytes: number;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            started_at: string | null;
            /** @description when the crawl ended (its terminal event was recorded) */
            completed_at: string | null;
            cancelled_at: string | null;
            webhook_url: string | null;
            events: string[];
            custom: {
              [key: string]: unknown;
            };
            /** @description incremental crawls: `since` as sent (a crawl id or a timestamp) */
            since: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'billing-checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "plan_id": "pro"
         *     }
         */
        'application/json': {
          /**
           * @description A paid, non-custom plan of GET /v1/plans.
           * @enum {string}
           */
          plan_id: 'standard' | 'growth' | 'scale';
          /**
           * Format: uri
           * @description Where Stripe Checkout returns after payment (https).
           */
          success_url: string;
          /**
           * Format: uri
           * @description Where Stripe Checkout returns when the customer leaves (https).
           */
          cancel_url: string;
        };
      };
    };
    responses: {
      /** @description A Stripe Checkout Session (subscription mode) for the plan; send the customer to `url`. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description The Stripe Checkout Session (cs_…). */
            id: string;
            /** @description Stripe-hosted page to send the customer to. */
            url: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'billing-payment-methods-list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The account's payment methods at Stripe. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": []
           *     }
           */
          'application/json': {
            data: {
              /** @description Stripe payment method id (pm_…). */
              id: string;
              brand: string | null;
              last4: string | null;
              exp_month: number | null;
              exp_year: number | null;
              /** @description Renewals charge this one. */
              default: boolean;
            }[];
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'billing-payment-method-put': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example pm_1QExample */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Now the default payment method. 404 for an id not of this account. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description Stripe payment method id (pm_…). */
            id: string;
            brand: string | null;
            last4: string | null;
            exp_month: number | null;
            exp_year: number | null;
            /** @description Renewals charge this one. */
            default: boolean;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'billing-payment-method-delete': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example pm_1QExample */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Detached. 409 payment_method_required for the only payment method of a running paid plan; 404 for an id not of this account. */
      204: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'billing-webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_1QExample",
         *       "type": "invoice.paid"
         *     }
         */
        'application/json': {
          /** @description Stripe event id (evt_…); each is applied once. */
          id: string;
          /** @description checkout.session.completed, customer.subscription.*, invoice.paid, invoice.payment_failed; others are acknowledged and ignored. */
          type: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description A verified Stripe event, acknowledged; a missing or invalid Stripe-Signature is 400. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            received: true;
            /**
             * @description duplicate: this event id was applied before; stale: a newer event already set the state.
             * @enum {string}
             */
            outcome: 'applied' | 'duplicate' | 'stale' | 'ignored';
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'recordings-list': {
    parameters: {
      query?: {
        /** @example 20 */
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller's recordings, newest first (limit, cursor); download_url signed on every read. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              id: string;
              /** @description the URL the capture was asked for */
              url: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              created_at: string;
              /**
               * Format: date-time
               * @description when the recording and its archive are deleted (30 days after created_at)
               */
              expires_at: string;
              /** @description size of the WACZ archive; what its storage was billed on */
              size_bytes: number;
              /** @description pages in the archive (pages/pages.jsonl): 1 per capture */
              pages: number;
              /** @description the browser's requests in the archive: plain-HTTP exchanges, HTTPS tunnels and refused requests */
              requests: number;
              /** @description the scrape (sc_…) or screenshot (ss_…) that made it */
              source: string;
              /** @description the WACZ archive (application/wacz) at an absolute URL under PUBLIC_BASE_URL, signed anew on every read, valid 600 s; 401 once tampered or expired */
              download_url: string;
            }[];
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'recordings-get': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example rc_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A recording of a capture made with record: true: a WACZ 1.1.1 web archive at download_url (signed anew on every read, valid 600 s). Another account's id: 404. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @description the URL the capture was asked for */
            url: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description when the recording and its archive are deleted (30 days after created_at)
             */
            expires_at: string;
            /** @description size of the WACZ archive; what its storage was billed on */
            size_bytes: number;
            /** @description pages in the archive (pages/pages.jsonl): 1 per capture */
            pages: number;
            /** @description the browser's requests in the archive: plain-HTTP exchanges, HTTPS tunnels and refused requests */
            requests: number;
            /** @description the scrape (sc_…) or screenshot (ss_…) that made it */
            source: string;
            /** @description the WACZ archive (application/wacz) at an absolute URL under PUBLIC_BASE_URL, signed anew on every read, valid 600 s; 401 once tampered or expired */
            download_url: string;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'recordings-delete': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example rc_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The recording and its archive are deleted; the id answers 404 from then on. */
      204: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'monitors-list': {
    parameters: {
      query?: {
        /** @example active */
        status?: 'active' | 'paused';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller's monitors, newest first. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description mo_… */
              id: string;
              /**
               * @description active: checked on its schedule; paused: not (check-now still works)
               * @enum {string}
               */
              status: 'active' | 'paused';
              paused: boolean;
              url: string;
              interval_minutes: number | null;
              cron: string | null;
              timezone: string;
              /** @enum {string} */
              target: 'markdown' | 'schema' | 'selector';
              schema: {
                [key: string]: unknown;
              } | null;
              selector: {
                include: string[];
                exclude: string[];
              } | null;
              ignore: string[];
              country: string;
              timeout_ms: number;
              /** @description The rendering options checks run with; null: the HTTP fast path */
              rendering: {
                /**
                 * @description Rendering: cookies set for the target before navigation (without domain: the target host only).
                 * @default []
                 */
                cookies: {
                  name: string;
                  value: string;
                  domain?: string;
                  path?: string;
                  secure?: boolean;
                  httpOnly?: boolean;
                  /** @enum {string} */
                  sameSite?: 'Strict' | 'Lax' | 'None';
                  expires?: number;
                }[];
                /**
                 * @description Rendering: sent on the navigation and on requests to the target origin, never to third parties.
                 * @default {}
                 */
                headers: {
                  [key: string]: string;
                };
                /**
                 * @description Rendering: wait this long after the page is ready (and the selector appeared) before reading it.
                 * @default 0
                 */
                delay_ms: number;
                /** @description Rendering: wait until an element matches this CSS selector; the job fails naming it if none does in time. */
                wait_for_selector?: string;
                /**
                 * @description Rendering: the page event to wait for (default load); networkidle = at most 2 requests in flight for 500 ms.
                 * @enum {string}
                 */
                wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
              } | null;
              notify_on: (
                | ('changed' | 'removed' | 'error')
                | {
                    /** @description JSON Pointer of the field in the extracted data, e.g. "/price" or "/offers/0/price". */
                    path: string;
                    /** @description Fires when the field (a number, or a string such as "$39.99") drops below this. */
                    below?: number;
                    /** @description Fires when the field rises above this. */
                    above?: number;
                    /** @description Fires when the field becomes equal to this value. */
                    equals?: unknown;
                    /**
                     * @description Fires whenever the field changes value.
                     * @constant
                     */
                    changes?: true;
                  }
              )[];
              webhook_url: string | null;
              events: ('monitor.changed' | 'monitor.removed' | 'monitor.error')[];
              custom: {
                [key: string]: unknown;
              };
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              created_at: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              updated_at: string;
              /** @description When the next scheduled check is due; null while paused */
              next_check_at: string | null;
              last_check_at: string | null;
              last_status: ('new' | 'same' | 'changed' | 'removed' | 'error') | null;
              /** @description Error checks in a row; monitor.error is sent when it reaches MONITOR_ERROR_AFTER (3) */
              consecutive_errors: number;
            }[];
            /** @description null on the last page */
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'monitors-create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://shop.example/widget",
         *       "interval_minutes": 30,
         *       "target": "schema",
         *       "schema": {
         *         "type": "object",
         *         "properties": {
         *           "price": {
         *             "type": "number"
         *           }
         *         },
         *         "required": [
         *           "price"
         *         ]
         *       },
         *       "notify_on": [
         *         {
         *           "path": "/price",
         *           "below": 40
         *         }
         *       ],
         *       "webhook_url": "https://hooks.example.com/monitors"
         *     }
         */
        'application/json': {
          /** @description The page to watch, http or https; otherwise 400 invalid_url. */
          url: string;
          /** @description Minutes between checks; at least 5 (MONITOR_MIN_INTERVAL_MINUTES on the deployment). Default 60 when neither this nor cron is given; exclusive with cron. */
          interval_minutes?: number;
          /** @description A cron expression (5 fields, or 6 with seconds) in `timezone`; its firings at least the minimum interval apart. */
          cron?: string;
          /** @description IANA time zone of `cron` (default UTC). */
          timezone?: string;
          /**
           * @description What is compared: the main content as markdown (default), data extracted with `schema`, or the elements `selector` picks.
           * @enum {string}
           */
          target?: 'markdown' | 'schema' | 'selector';
          /** @description target schema: a JSON Schema (draft 2020-12) as on POST /v1/schema; the data is compared as values. */
          schema?: {
            [key: string]: unknown;
          };
          /** @description target selector: CSS selectors of what to compare and what to leave out. */
          selector?: {
            /**
             * @description Elements compared (default: the whole body).
             * @default []
             */
            include?: string[];
            /**
             * @description Elements removed before comparing.
             * @default []
             */
            exclude?: string[];
          };
          /** @description Regular expressions (RE2 syntax, case-insensitive) of text removed before comparing. */
          ignore?: string[];
          /** @default US */
          country?: string;
          /** @description Per fetch; default 30000. */
          timeout_ms?: number;
          /** @description Render each check's page in a browser with these options, the fields of POST /v1/scrape (an empty object renders with the defaults: wait_until load). PATCH replaces the whole object; null goes back to the HTTP fast path. */
          rendering?: {
            /**
             * @description Rendering: cookies set for the target before navigation (without domain: the target host only).
             * @default []
             */
            cookies?: {
              name: string;
              value: string;
              domain?: string;
              path?: string;
              secure?: boolean;
              httpOnly?: boolean;
              /** @enum {string} */
              sameSite?: 'Strict' | 'Lax' | 'None';
              expires?: number;
            }[];
            /**
             * @description Rendering: sent on the navigation and on requests to the target origin, never to third parties.
             * @default {}
             */
            headers?: {
              [key: string]: string;
            };
            /**
             * @description Rendering: wait this long after the page is ready (and the selector appeared) before reading it.
             * @default 0
             */
            delay_ms?: number;
            /** @description Rendering: wait until an element matches this CSS selector; the job fails naming it if none does in time. */
            wait_for_selector?: string;
            /**
             * @description Rendering: the page event to wait for (default load); networkidle = at most 2 requests in flight for 500 ms.
             * @enum {string}
             */
            wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
          } | null;
          /** @description What sends an event: `changed`, `removed`, `error` (default all three), and for schema targets conditions on fields ({path, below|above|equals|changes}), which send monitor.changed when they become true. */
          notify_on?: (
            | ('changed' | 'removed' | 'error')
            | {
                /** @description JSON Pointer of the field in the extracted data, e.g. "/price" or "/offers/0/price". */
                path: string;
                /** @description Fires when the field (a number, or a string such as "$39.99") drops below this. */
                below?: number;
                /** @description Fires when the field rises above this. */
                above?: number;
                /** @description Fires when the field becomes equal to this value. */
                equals?: unknown;
                /**
                 * @description Fires whenever the field changes value.
                 * @constant
                 */
                changes?: true;
              }
          )[];
          /** @description HTTPS endpoint for the monitor.* events (http:// is 400 invalid_url). */
          webhook_url?: string;
          /** @description Events delivered to webhook_url (default all three). */
          events?: ('monitor.changed' | 'monitor.removed' | 'monitor.error')[];
          /** @default {} */
          custom?: {
            [key: string]: unknown;
          };
          /** @description A paused monitor runs no scheduled check (check-now still works). */
          paused?: boolean;
        };
      };
    };
    responses: {
      /** @description The monitor. An active one is due at once: its first check fetches the page twice and keeps it as the baseline (status new). Checks compare normalised main content (or schema data, or the selected elements), never raw HTML. */
      201: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description mo_… */
            id: string;
            /**
             * @description active: checked on its schedule; paused: not (check-now still works)
             * @enum {string}
             */
            status: 'active' | 'paused';
            paused: boolean;
            url: string;
            interval_minutes: number | null;
            cron: string | null;
            timezone: string;
            /** @enum {string} */
            target: 'markdown' | 'schema' | 'selector';
            schema: {
              [key: string]: unknown;
            } | null;
            selector: {
              include: string[];
              exclude: string[];
            } | null;
            ignore: string[];
            country: string;
            timeout_ms: number;
            /** @description The rendering options checks run with; null: the HTTP fast path */
            rendering: {
              /**
               * @description Rendering: cookies set for the target before navigation (without domain: the target host only).
               * @default []
               */
              cookies: {
                name: string;
                value: string;
                domain?: string;
                path?: string;
                secure?: boolean;
                httpOnly?: boolean;
                /** @enum {string} */
                sameSite?: 'Strict' | 'Lax' | 'None';
                expires?: number;
              }[];
              /**
               * @description Rendering: sent on the navigation and on requests to the target origin, never to third parties.
               * @default {}
               */
              headers: {
                [key: string]: string;
              };
              /**
               * @description Rendering: wait this long after the page is ready (and the selector appeared) before reading it.
               * @default 0
               */
              delay_ms: number;
              /** @description Rendering: wait until an element matches this CSS selector; the job fails naming it if none does in time. */
              wait_for_selector?: string;
              /**
               * @description Rendering: the page event to wait for (default load); networkidle = at most 2 requests in flight for 500 ms.
               * @enum {string}
               */
              wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
            } | null;
            notify_on: (
              | ('changed' | 'removed' | 'error')
              | {
                  /** @description JSON Pointer of the field in the extracted data, e.g. "/price" or "/offers/0/price". */
                  path: string;
                  /** @description Fires when the field (a number, or a string such as "$39.99") drops below this. */
                  below?: number;
                  /** @description Fires when the field rises above this. */
                  above?: number;
                  /** @description Fires when the field becomes equal to this value. */
                  equals?: unknown;
                  /**
                   * @description Fires whenever the field changes value.
                   * @constant
                   */
                  changes?: true;
                }
            )[];
            webhook_url: string | null;
            events: ('monitor.changed' | 'monitor.removed' | 'monitor.error')[];
            custom: {
              [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            /** @description When the next scheduled check is due; null while paused */
            next_check_at: string | null;
            last_check_at: string | null;
            last_status: ('new' | 'same' | 'changed' | 'removed' | 'error') | null;
            /** @description Error checks in a row; monitor.error is sent when it reaches MONITOR_ERROR_AFTER (3) */
            consecutive_errors: number;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'monitors-get': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example mo_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The monitor; another account's id is 404. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description mo_… */
            id: string;
            /**
             * @description active: checked on its schedule; paused: not (check-now still works)
             * @enum {string}
             */
            status: 'active' | 'paused';
            paused: boolean;
            url: string;
            interval_minutes: number | null;
            cron: string | null;
            timezone: string;
            /** @enum {string} */
            target: 'markdown' | 'schema' | 'selector';
            schema: {
              [key: string]: unknown;
            } | null;
            selector: {
              include: string[];
              exclude: string[];
            } | null;
            ignore: string[];
            country: string;
            timeout_ms: number;
            /** @description The rendering options checks run with; null: the HTTP fast path */
            rendering: {
              /**
               * @description Rendering: cookies set for the target before navigation (without domain: the target host only).
               * @default []
               */
              cookies: {
                name: string;
                value: string;
                domain?: string;
                path?: string;
                secure?: boolean;
                httpOnly?: boolean;
                /** @enum {string} */
                sameSite?: 'Strict' | 'Lax' | 'None';
                expires?: number;
              }[];
              /**
               * @description Rendering: sent on the navigation and on requests to the target origin, never to third parties.
               * @default {}
               */
              headers: {
                [key: string]: string;
              };
              /**
               * @description Rendering: wait this long after the page is ready (and the selector appeared) before reading it.
               * @default 0
               */
              delay_ms: number;
              /** @description Rendering: wait until an element matches this CSS selector; the job fails naming it if none does in time. */
              wait_for_selector?: string;
              /**
               * @description Rendering: the page event to wait for (default load); networkidle = at most 2 requests in flight for 500 ms.
               * @enum {string}
               */
              wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
            } | null;
            notify_on: (
              | ('changed' | 'removed' | 'error')
              | {
                  /** @description JSON Pointer of the field in the extracted data, e.g. "/price" or "/offers/0/price". */
                  path: string;
                  /** @description Fires when the field (a number, or a string such as "$39.99") drops below this. */
                  below?: number;
                  /** @description Fires when the field rises above this. */
                  above?: number;
                  /** @description Fires when the field becomes equal to this value. */
                  equals?: unknown;
                  /**
                   * @description Fires whenever the field changes value.
                   * @constant
                   */
                  changes?: true;
                }
            )[];
            webhook_url: string | null;
            events: ('monitor.changed' | 'monitor.removed' | 'monitor.error')[];
            custom: {
              [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            /** @description When the next scheduled check is due; null while paused */
            next_check_at: string | null;
            last_check_at: string | null;
            last_status: ('new' | 'same' | 'changed' | 'removed' | 'error') | null;
            /** @description Error checks in a row; monitor.error is sent when it reaches MONITOR_ERROR_AFTER (3) */
            consecutive_errors: number;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'monitors-delete': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example mo_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted; no check runs after this (one in flight records nothing). */
      204: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'monitors-update': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example mo_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "paused": true
         *     }
         */
        'application/json': {
          /** @description The page to watch, http or https; otherwise 400 invalid_url. */
          url?: string;
          interval_minutes?: number | null;
          cron?: string | null;
          /** @description IANA time zone of `cron` (default UTC). */
          timezone?: string;
          /**
           * @description What is compared: the main content as markdown (default), data extracted with `schema`, or the elements `selector` picks.
           * @enum {string}
           */
          target?: 'markdown' | 'schema' | 'selector';
          /** @description target schema: a JSON Schema (draft 2020-12) as on POST /v1/schema; the data is compared as values. */
          schema?: {
            [key: string]: unknown;
          };
          /** @description target selector: CSS selectors of what to compare and what to leave out. */
          selector?: {
            /**
             * @description Elements compared (default: the whole body).
             * @default []
             */
            include?: string[];
            /**
             * @description Elements removed before comparing.
             * @default []
             */
            exclude?: string[];
          };
          /** @description Regular expressions (RE2 syntax, case-insensitive) of text removed before comparing. */
          ignore?: string[];
          /** @default US */
          country?: string;
          /** @description Per fetch; default 30000. */
          timeout_ms?: number;
          /** @description Render each check's page in a browser with these options, the fields of POST /v1/scrape (an empty object renders with the defaults: wait_until load). PATCH replaces the whole object; null goes back to the HTTP fast path. */
          rendering?: {
            /**
             * @description Rendering: cookies set for the target before navigation (without domain: the target host only).
             * @default []
             */
            cookies?: {
              name: string;
              value: string;
              domain?: string;
              path?: string;
              secure?: boolean;
              httpOnly?: boolean;
              /** @enum {string} */
              sameSite?: 'Strict' | 'Lax' | 'None';
              expires?: number;
            }[];
            /**
             * @description Rendering: sent on the navigation and on requests to the target origin, never to third parties.
             * @default {}
             */
            headers?: {
              [key: string]: string;
            };
            /**
             * @description Rendering: wait this long after the page is ready (and the selector appeared) before reading it.
             * @default 0
             */
            delay_ms?: number;
            /** @description Rendering: wait until an element matches this CSS selector; the job fails naming it if none does in time. */
            wait_for_selector?: string;
            /**
             * @description Rendering: the page event to wait for (default load); networkidle = at most 2 requests in flight for 500 ms.
             * @enum {string}
             */
            wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
          } | null;
          /** @description What sends an event: `changed`, `removed`, `error` (default all three), and for schema targets conditions on fields ({path, below|above|equals|changes}), which send monitor.changed when they become true. */
          notify_on?: (
            | ('changed' | 'removed' | 'error')
            | {
                /** @description JSON Pointer of the field in the extracted data, e.g. "/price" or "/offers/0/price". */
                path: string;
                /** @description Fires when the field (a number, or a string such as "$39.99") drops below this. */
                below?: number;
                /** @description Fires when the field rises above this. */
                above?: number;
                /** @description Fires when the field becomes equal to this value. */
                equals?: unknown;
                /**
                 * @description Fires whenever the field changes value.
                 * @constant
                 */
                changes?: true;
              }
          )[];
          /** @description HTTPS endpoint for the monitor.* events (http:// is 400 invalid_url). */
          webhook_url?: string;
          /** @description Events delivered to webhook_url (default all three). */
          events?: ('monitor.changed' | 'monitor.removed' | 'monitor.error')[];
          /** @default {} */
          custom?: {
            [key: string]: unknown;
          };
          /** @description A paused monitor runs no scheduled check (check-now still works). */
          paused?: boolean;
        };
      };
    };
    responses: {
      /** @description The fields sent, merged over the monitor and checked as a whole. paused false resumes; a new schedule takes effect from now. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description mo_… */
            id: string;
            /**
             * @description active: checked on its schedule; paused: not (check-now still works)
             * @enum {string}
             */
            status: 'active' | 'paused';
            paused: boolean;
            url: string;
            interval_minutes: number | null;
            cron: string | null;
            timezone: string;
            /** @enum {string} */
            target: 'markdown' | 'schema' | 'selector';
            schema: {
              [key: string]: unknown;
            } | null;
            selector: {
              include: string[];
              exclude: string[];
            } | null;
            ignore: string[];
            country: string;
            timeout_ms: number;
            /** @description The rendering options checks run with; null: the HTTP fast path */
            rendering: {
              /**
               * @description Rendering: cookies set for the target before navigation (without domain: the target host only).
               * @default []
               */
              cookies: {
                name: string;
                value: string;
                domain?: string;
                path?: string;
                secure?: boolean;
                httpOnly?: boolean;
                /** @enum {string} */
                sameSite?: 'Strict' | 'Lax' | 'None';
                expires?: number;
              }[];
              /**
               * @description Rendering: sent on the navigation and on requests to the target origin, never to third parties.
               * @default {}
               */
              headers: {
                [key: string]: string;
              };
              /**
               * @description Rendering: wait this long after the page is ready (and the selector appeared) before reading it.
               * @default 0
               */
              delay_ms: number;
              /** @description Rendering: wait until an element matches this CSS selector; the job fails naming it if none does in time. */
              wait_for_selector?: string;
              /**
               * @description Rendering: the page event to wait for (default load); networkidle = at most 2 requests in flight for 500 ms.
               * @enum {string}
               */
              wait_until?: 'load' | 'domcontentloaded' | 'networkidle';
            } | null;
            notify_on: (
              | ('changed' | 'removed' | 'error')
              | {
                  /** @description JSON Pointer of the field in the extracted data, e.g. "/price" or "/offers/0/price". */
                  path: string;
                  /** @description Fires when the field (a number, or a string such as "$39.99") drops below this. */
                  below?: number;
                  /** @description Fires when the field rises above this. */
                  above?: number;
                  /** @description Fires when the field becomes equal to this value. */
                  equals?: unknown;
                  /**
                   * @description Fires whenever the field changes value.
                   * @constant
                   */
                  changes?: true;
                }
            )[];
            webhook_url: string | null;
            events: ('monitor.changed' | 'monitor.removed' | 'monitor.error')[];
            custom: {
              [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            created_at: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            updated_at: string;
            /** @description When the next scheduled check is due; null while paused */
            next_check_at: string | null;
            last_check_at: string | null;
            last_status: ('new' | 'same' | 'changed' | 'removed' | 'error') | null;
            /** @description Error checks in a row; monitor.error is sent when it reaches MONITOR_ERROR_AFTER (3) */
            consecutive_errors: number;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'monitors-check': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @example mo_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Checks now (paused or not) and answers with the check. Billed like a scheduled check: the page bytes on the usage row /v1/monitors; error checks are free. A check already running: 429 concurrency_limit, details.reason check_in_progress. */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description mc_… */
            id: string;
            monitor_id: string;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             */
            checked_at: string;
            /**
             * @description new: the first good check (the baseline); same: no real change; changed: a real change (diff), confirmed by a second fetch (only what both fetches show is reported); removed: 404/410 on two fetches; error: the page could not be read (error), baseline kept
             * @enum {string}
             */
            status: 'new' | 'same' | 'changed' | 'removed' | 'error';
            /** @enum {string} */
            trigger: 'schedule' | 'manual';
            /** @description The page's HTTP status; null when nothing answered */
            status_code: number | null;
            /** @description On changed checks */
            diff:
              | (
                  | {
                      /** @constant */
                      format: 'text';
                      /** @description Unified diff of the compared (normalised) text */
                      unified: string;
                      /** @description Lines only the current page has */
                      added: string[];
                      /** @description Lines only the baseline had */
                      removed: string[];
                    }
                  | {
                      /** @constant */
                      format: 'json';
                      /** @description RFC 6902 JSON Patch from the baseline data to the current */
                      patch: {
                        [key: string]: unknown;
                      }[];
                    }
                )
              | null;
            /** @description Schema conditions of notify_on that became true at this check */
            conditions_met: {
              /** @description JSON Pointer of the field in the extracted data, e.g. "/price" or "/offers/0/price". */
              path: string;
              /** @description Fires when the field (a number, or a string such as "$39.99") drops below this. */
              below?: number;
              /** @description Fires when the field rises above this. */
              above?: number;
              /** @description Fires when the field becomes equal to this value. */
              equals?: unknown;
              /**
               * @description Fires whenever the field changes value.
               * @constant
               */
              changes?: true;
            }[];
            error: {
              /** @constant */
              code: 'check_failed';
              /** @description http_status, timeout, blocked, empty_page, extraction_failed, invalid_selector, change_unconfirmed (the page changed and the fetch made to confirm it failed), worker_failed, quota_exceeded, billing_entitlement_impaired, billing_entitlement_expired, spending_cap_reached, or a network reason */
              reason: string;
              message: string;
              status_code?: number;
            } | null;
            /** @description Signed URL (absolute, under PUBLIC_BASE_URL) of the snapshot compared (markdown, or JSON data), valid 600 s */
            content_url: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
  'monitors-checks-list': {
    parameters: {
      query?: {
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path: {
        /** @example mo_01JD8X2Q4M3T5V7W9Y1Z3B5C7D */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The monitor's checks, newest first; content_url signed anew on every read (600 s). */
      200: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            data: {
              /** @description mc_… */
              id: string;
              monitor_id: string;
              /**
               * Format: date-time
               * @description ISO 8601 UTC with milliseconds
               */
              checked_at: string;
              /**
               * @description new: the first good check (the baseline); same: no real change; changed: a real change (diff), confirmed by a second fetch (only what both fetches show is reported); removed: 404/410 on two fetches; error: the page could not be read (error), baseline kept
               * @enum {string}
               */
              status: 'new' | 'same' | 'changed' | 'removed' | 'error';
              /** @enum {string} */
              trigger: 'schedule' | 'manual';
              /** @description The page's HTTP status; null when nothing answered */
              status_code: number | null;
              /** @description On changed checks */
              diff:
                | (
                    | {
                        /** @constant */
                        format: 'text';
                        /** @description Unified diff of the compared (normalised) text */
                        unified: string;
                        /** @description Lines only the current page has */
                        added: string[];
                        /** @description Lines only the baseline had */
                        removed: string[];
                      }
                    | {
                        /** @constant */
                        format: 'json';
                        /** @description RFC 6902 JSON Patch from the baseline data to the current */
                        patch: {
                          [key: string]: unknown;
                        }[];
                      }
                  )
                | null;
              /** @description Schema conditions of notify_on that became true at this check */
              conditions_met: {
                /** @description JSON Pointer of the field in the extracted data, e.g. "/price" or "/offers/0/price". */
                path: string;
                /** @description Fires when the field (a number, or a string such as "$39.99") drops below this. */
                below?: number;
                /** @description Fires when the field rises above this. */
                above?: number;
                /** @description Fires when the field becomes equal to this value. */
                equals?: unknown;
                /**
                 * @description Fires whenever the field changes value.
                 * @constant
                 */
                changes?: true;
              }[];
              error: {
                /** @constant */
                code: 'check_failed';
                /** @description http_status, timeout, blocked, empty_page, extraction_failed, invalid_selector, change_unconfirmed (the page changed and the fetch made to confirm it failed), worker_failed, quota_exceeded, billing_entitlement_impaired, billing_entitlement_expired, spending_cap_reached, or a network reason */
                reason: string;
                message: string;
                status_code?: number;
              } | null;
              /** @description Signed URL (absolute, under PUBLIC_BASE_URL) of the snapshot compared (markdown, or JSON data), valid 600 s */
              content_url: string | null;
            }[];
            /** @description null on the last page */
            next_cursor: string | null;
          };
        };
      };
      /** @description Error envelope (every 4xx and 5xx) */
      default: {
        headers: {
          /** @description Requests per second allowed for the account */
          'X-RateLimit-Limit'?: number;
          /** @description Requests left in the current window */
          'X-RateLimit-Remaining'?: number;
          /** @description Unix time (seconds) at which the window resets */
          'X-RateLimit-Reset'?: number;
          /** @description Seconds to wait; on 429 only */
          'Retry-After'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            status: 'failed';
            /** @description Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment. */
            error: {
              /** @enum {string} */
              code:
                | 'invalid_url'
                | 'validation_error'
                | 'request_too_large'
                | 'unsupported_url'
                | 'unauthorized'
                | 'invalid_api_key'
                | 'quota_exceeded'
                | 'spending_cap_reached'
                | 'billing_entitlement_impaired'
                | 'billing_entitlement_expired'
                | 'forbidden'
                | 'not_found'
                | 'method_not_allowed'
                | 'api_key_limit_reached'
                | 'job_not_finished'
                | 'payment_method_required'
                | 'selector_timeout'
                | 'selector_not_found'
                | 'rate_limited'
                | 'concurrency_limit'
                | 'internal_error'
                | 'not_implemented'
                | 'service_unavailable'
                | 'upstream_error';
              message: string;
              http_status?: number;
              /** Format: date-time */
              failed_at?: string;
              details?: Record<string, never>;
            };
          };
        };
      };
    };
  };
}
