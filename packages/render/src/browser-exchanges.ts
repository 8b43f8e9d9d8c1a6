import type { HTTPRequest, Page } from 'puppeteer-core';
import { type RawHeaders, TrafficRecorder } from './traffic-recorder';

/**
 * HTTPS exchanges for a recording, as Chromium itself saw them (README: Recording). The guard
 * proxy only sees a CONNECT tunnel of TLS bytes for https, so the browser's own network events
 * are the source there; plain http stays recorded at the proxy (one source per exchange, never
 * two records of one). The peer address is the tunnel's the guard opened for the same host:port:
 * Chromium's own `remoteAddress` is the proxy's.
 *
 * Chromium hands over bodies decoded, so the recorded headers drop `Content-Encoding` and state
 * the decoded length. Bodies share the recording's one budget; `Authorization` is redacted as
 * at the proxy, and no proxy header exists at this layer (the tunnel's are the proxy's alone).
 */

/** Headers describing a body that Chromium has already decoded and de-chunked. */
const DECODED_BODY_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding']);

export interface BrowserExchanges {
  /** Resolves once every finished exchange's body has been read (before the page closes). */
  settled(): Promise<void>;
}

export function recordBrowserExchanges(page: Page, recorder: TrafficRecorder): BrowserExchanges {
  const startedAt = new WeakMap<HTTPRequest, number>();
  const pending = new Set<Promise<void>>();
  page.on('request', (request: HTTPRequest) => {
    if (isHttps(request.url())) startedAt.set(request, Date.now());
  });
  page.on('requestfinished', (request: HTTPRequest) => {
    if (!isHttps(request.url())) return;
    // A body Chromium no longer holds (the frame went away) leaves the exchange out, as the
    // proxy leaves out one cut before its answer ended.
    const task: Promise<void> = keepExchange(request, startedAt.get(request) ?? Date.now(), recorder)
      .catch(() => {})
      .finally(() => pending.delete(task));
    pending.add(task);
  });
  return {
    settled: async () => {
      await Promise.all([...pending]);
    },
  };
}

async function keepExchange(request: HTTPRequest, started: number, recorder: TrafficRecorder): Promise<void> {
  const response = request.response();
  if (!response) return;
  const [body, postData] = await Promise.all([
    // Redirects and bodiless answers have nothing to read.
    response.buffer().catch(() => new Uint8Array()),
    request.hasPostData() ? request.fetchPostData() : Promise.resolve(undefined),
  ]);
  const requestBody = recorder.body();
  if (postData) requestBody.push(Buffer.from(postData));
  const responseBody = recorder.body();
  responseBody.push(body);
  const url = new URL(request.url());
  recorder.exchanges.push({
    url: request.url(),
    method: request.method(),
    requestHeaders: TrafficRecorder.requestHeaders(headerPairs(request.headers()).flat()),
    requestBody: requestBody.bytes(),
    status: response.status(),
    statusText: response.statusText(),
    responseHeaders: [
      ...headerPairs(response.headers()).filter(([name]) => !DECODED_BODY_HEADERS.has(name)),
      ['content-length', String(body.byteLength)],
    ],
    responseBody: responseBody.bytes(),
    truncated: requestBody.truncated || responseBody.truncated,
    ip: tunnelAddress(recorder, `${url.hostname}:${url.port || '443'}`),
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
  });
}

/** Puppeteer joins repeated headers (Set-Cookie) with newlines: one pair per value again. */
function headerPairs(headers: Record<string, string>): RawHeaders {
  return Object.entries(headers).flatMap(([name, value]) =>
    value.split('\n').map((line): [string, string] => [name, line]),
  );
}

/** The address of the last tunnel the guard opened to this authority. */
function tunnelAddress(recorder: TrafficRecorder, authority: string): string | null {
  return recorder.tunnels.findLast((tunnel) => tunnel.authority === authority)?.ip ?? null;
}

function isHttps(url: string): boolean {
  return url.startsWith('https://');
}
