import {
  type AddressPolicy,
  countryProxy,
  isReservedAddress,
  parseTargetUrl,
  type Resolver,
  systemResolver,
} from '@webcapture/capture';
import { ApiError } from '@webcapture/errors';
import type { HTTPRequest, HTTPResponse, Page, Target } from 'puppeteer-core';
import { recordBrowserExchanges } from './browser-exchanges';
import { type BrowserContext, BrowserHost } from './browser-host';
import { GuardProxy, type UpstreamProxy } from './guard-proxy';
import { type MainFrameWatch, watchMainFrame } from './main-frame-navigation';
import { RenderTimeout, renderFailure } from './render-errors';
import { type RecordedTraffic, TrafficRecorder } from './traffic-recorder';
import { TUNNEL_PROTOCOLS } from './upstream-tunnel';

export type WaitUntil = 'load' | 'domcontentloaded' | 'networkidle';

export interface RenderCookie {
  name: string;
  value: string;
  /** Without one the cookie is set for the target's host only. */
  domain?: string;
  path?: string;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
  /** Unix seconds. */
  expires?: number;
}

export interface PageRequest {
  url: string;
  /** ^[A-Z]{2}$; all traffic chained through the proxy PROXY_URLS names for it, else direct (as the fast path). */
  country?: string;
  /** Set in the capture's fresh context before navigation. */
  cookies?: RenderCookie[];
  /** Sent on the navigation and on every request to the target's origin, never to third parties. */
  headers?: Record<string, string>;
  /** Default `load`. `networkidle`: at most two requests in flight for 500 ms. */
  waitUntil?: WaitUntil;
  waitForSelector?: string;
  /** Waited after the page is ready (and the selector is there). */
  delayMs?: number;
  /** One deadline for everything: context, navigation, waits, delay and the caller's work. */
  timeoutMs: number;
  viewport?: { width: number; height: number; deviceScaleFactor?: number };
  /** Keep the traffic (TrafficReport.recorded) for a recording: http at the guard proxy, https from Chromium. */
  record?: boolean;
}

/** Injection points and per-capture caps; production uses the defaults. */
export interface RenderGuardOptions {
  /** Lifts the SSRF guard; default process.env.ALLOW_PRIVATE_TARGETS === 'true'. */
  allowPrivateTargets?: boolean;
  resolve?: Resolver;
  isAllowedAddress?: AddressPolicy;
  /** Bytes the page may download in all; default 50 MiB. */
  maxBytes?: number;
  /** Proxied requests and tunnels; default 1000. */
  maxRequests?: number;
  /** The browser to use; default the process-wide host. */
  host?: BrowserHost;
}

/** What is known about a loaded page when the caller's work starts. */
export interface PageInfo {
  url: string;
  /** page.url() when the work started: after redirects and script navigations. */
  finalUrl: string;
  /** The main document's HTTP status (after redirects). */
  status: number;
  /** The main document's media type, lower-cased, without parameters; null when not sent. */
  contentType: string | null;
}

/** What the guard proxy saw for the whole capture. */
export interface TrafficReport {
  /** Bytes received from origins for the document and every subresource: what the capture downloaded. */
  bytes: number;
  requests: number;
  /** Requests and connections the guard refused (reserved addresses, caps, unreachable origins). */
  blocked: number;
  /** Caps reached: the page was captured with what it had loaded by then. */
  limits: Array<'bytes' | 'requests'>;
  /** The country whose proxy carried the traffic, or null when it went out directly. */
  proxyCountry: string | null;
  /** With PageRequest.record: the exchanges, tunnels and refusals, for a recording. */
  recorded?: RecordedTraffic;
}

const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
const DEFAULT_MAX_REQUESTS = 1000;
/** Opening or closing a context takes milliseconds; a browser that needs longer is hung. */
const CONTEXT_TIMEOUT_MS = 10_000;

const WAIT_EVENTS = {
  load: 'load',
  domcontentloaded: 'domcontentloaded',
  networkidle: 'networkidle2',
} as const;

let defaultHost: BrowserHost | undefined;

/** The process-wide browser host (one Chromium per warm process). */
export function browserHost(): BrowserHost {
  defaultHost ??= new BrowserHost();
  return defaultHost;
}

/**
 * Loads `request.url` in a fresh incognito context behind a guard proxy of its own, waits as asked,
 * then runs `work` on the page. The context and proxy are closed whatever happens; a browser that
 * cannot close the context in time is killed. Rejects with an ApiError (see README: Errors).
 */
export async function withPage<T>(
  request: PageRequest,
  work: (page: Page, info: PageInfo) => Promise<T>,
  options: RenderGuardOptions = {},
): Promise<{ value: T; info: PageInfo; traffic: TrafficReport }> {
  const target = parseTargetUrl(request.url);
  const deadline = Date.now() + request.timeoutMs;
  const guarded = !(options.allowPrivateTargets ?? process.env.ALLOW_PRIVATE_TARGETS === 'true');
  const upstream = upstreamFor(request.country, guarded);
  const proxy = new GuardProxy({
    resolve: options.resolve ?? systemResolver,
    isAllowed: guarded
      ? (options.isAllowedAddress ?? ((address) => !isReservedAddress(address)))
      : () => true,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxRequests: options.maxRequests ?? DEFAULT_MAX_REQUESTS,
    upstream,
    recorder: request.record ? new TrafficRecorder() : undefined,
  });
  const host = options.host ?? browserHost();
  const proxyServer = await proxy.start();
  let context: BrowserContext | undefined;
  let navigation: MainFrameWatch | undefined;
  let phase = 'starting the browser';
  const timer = deadlineTimer(deadline);
  try {
    context = await timer.race(openContext(host, proxyServer), () => phase);
    const opened = context;
    const run = async () => {
      phase = 'opening the page';
      const page = await opened.newPage();
      const watch = watchMainFrame(page);
      navigation = watch;
      await preparePage(page, host, request, target);
      const recorder = proxy.options.recorder;
      const browserExchanges = recorder ? recordBrowserExchanges(page, recorder) : undefined;
      phase = `waiting for ${request.waitUntil ?? 'load'}`;
      const response = await page.goto(target.href, {
        waitUntil: WAIT_EVENTS[request.waitUntil ?? 'load'],
        timeout: 0,
      });
      if (request.waitForSelector) {
        phase = `waiting for the selector ${request.waitForSelector}`;
        await page.waitForSelector(request.waitForSelector, { timeout: 0 });
      }
      if (request.delayMs) {
        phase = `the ${request.delayMs} ms delay`;
        await new Promise((resolve) => setTimeout(resolve, request.delayMs));
      }
      // A navigation the page started itself (meta refresh, script) ends before the page is read;
      // one that failed fails the capture, before reading and after it.
      phase = 'waiting for a navigation the page started';
      await watch.settled();
      watch.throwIfFailed();
      phase = 'reading the page';
      const info = pageInfo(request.url, page, response);
      const value = await work(page, info);
      watch.throwIfFailed();
      phase = 'reading the recorded https bodies';
      await browserExchanges?.settled();
      return { value, info };
    };
    const { value, info } = await timer.race(run(), () => phase);
    return {
      value,
      info,
      traffic: { ...trafficOf(proxy), proxyCountry: upstream ? (request.country ?? null) : null },
    };
  } catch (error) {
    throw renderFailure(error, { request, refusals: proxy.refusals, failedNavigation: navigation?.failed });
  } finally {
    timer.clear();
    if (context) await closeContext(host, context);
    proxy.close();
  }
}

/** What a finished capture reports: the page, its traffic, when it was read, and the work's result. */
export type Captured<T> = T & PageInfo & TrafficReport & { retrievedAt: string };

/** `withPage`, flattened: the work's fields beside the page's and the traffic's. */
export async function capturePage<T extends object>(
  request: PageRequest,
  work: (page: Page, info: PageInfo) => Promise<T>,
  options: RenderGuardOptions = {},
): Promise<Captured<T>> {
  const { value, info, traffic } = await withPage(request, work, options);
  return { ...info, ...traffic, ...value, retrievedAt: new Date().toISOString() };
}

async function openContext(host: BrowserHost, proxyServer: string): Promise<BrowserContext> {
  const browser = await host.browser();
  const options = {
    proxyServer,
    proxyBypassList: ['<-loopback>'],
    downloadBehavior: { policy: 'deny' as const },
  };
  try {
    return await withTimeout(browser.createBrowserContext(options), CONTEXT_TIMEOUT_MS);
  } catch (error) {
    // A browser that cannot open a context is crashed or hung: replace it and try once more.
    host.discard(browser);
    const fresh = await host.browser();
    return withTimeout(fresh.createBrowserContext(options), CONTEXT_TIMEOUT_MS).catch(() => {
      throw error;
    });
  }
}

async function closeContext(host: BrowserHost, context: BrowserContext): Promise<void> {
  try {
    await withTimeout(context.close(), CONTEXT_TIMEOUT_MS);
  } catch {
    // A disconnected browser has nothing to close; a hung one must not serve the next capture.
    host.discard(context.browser());
  }
}

async function preparePage(page: Page, host: BrowserHost, request: PageRequest, target: URL): Promise<void> {
  // A hostile page's alert()/confirm() would block it, and its popups would load more pages.
  page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}));
  page.browserContext().on('targetcreated', (created: Target) => {
    if (created.opener() && created.type() === 'page')
      void created
        .page()
        .then((popup) => popup?.close())
        .catch(() => {});
  });
  // Independent CDP calls: sent together, so setup costs one round trip, not three.
  const viewport = request.viewport;
  await Promise.all([
    page.setUserAgent({ userAgent: await host.userAgent(page.browser()) }),
    viewport
      ? page.setViewport({ ...viewport, deviceScaleFactor: viewport.deviceScaleFactor ?? 1 })
      : undefined,
    request.cookies?.length
      ? page.browserContext().setCookie(
          ...request.cookies.map((cookie) => ({
            ...cookie,
            domain: cookie.domain ?? target.hostname,
            path: cookie.path ?? '/',
          })),
        )
      : undefined,
  ]);
  const headers = request.headers ?? {};
  if (Object.keys(headers).length > 0) {
    await page.setRequestInterception(true);
    page.on('request', (intercepted: HTTPRequest) => {
      if (intercepted.isInterceptResolutionHandled()) return;
      const sameOrigin = originOf(intercepted.url()) === target.origin;
      void intercepted
        .continue(sameOrigin ? { headers: { ...intercepted.headers(), ...headers } } : undefined)
        .catch(() => {});
    });
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function pageInfo(url: string, page: Page, response: HTTPResponse | null): PageInfo {
  const contentType = response?.headers()['content-type'];
  return {
    url,
    finalUrl: page.url(),
    status: response?.status() ?? 200,
    contentType: contentType ? (contentType.split(';')[0] ?? '').trim().toLowerCase() || null : null,
  };
}

/**
 * The country's proxy from PROXY_URLS, looked up exactly as the fast path does: a country without
 * one goes out directly, a malformed map or URL is `proxy_misconfigured`.
 */
function upstreamFor(country: string | undefined, guarded: boolean): UpstreamProxy | undefined {
  const url = country ? countryProxy(country) : undefined;
  if (!url || !country) return undefined;
  if (!TUNNEL_PROTOCOLS.includes(url.protocol)) {
    throw new ApiError(
      'internal_error',
      `The proxy configured for ${country} uses ${url.protocol}, which rendered captures cannot chain to (http: and https: proxies only).`,
      { details: { reason: 'proxy_unsupported', country } },
    );
  }
  return { url, checkTargets: guarded };
}

function trafficOf(proxy: GuardProxy): Omit<TrafficReport, 'proxyCountry'> {
  const recorder = proxy.options.recorder;
  return {
    bytes: proxy.bytesIn,
    requests: proxy.requests,
    blocked: proxy.refusals.length,
    limits: [...proxy.limitsHit],
    ...(recorder ? { recorded: recordedTraffic(recorder, proxy) } : {}),
  };
}

/** A copy of what the recorder holds now: tunnels still open are closed with the context after this. */
function recordedTraffic(recorder: TrafficRecorder, proxy: GuardProxy): RecordedTraffic {
  return {
    exchanges: [...recorder.exchanges],
    tunnels: [...recorder.tunnels],
    refusals: proxy.refusals.map((refusal) => ({
      target: refusal.target ?? refusal.host,
      reason: refusal.reason,
      address: refusal.address,
      at: refusal.at ?? new Date().toISOString(),
    })),
  };
}

/** One deadline for the capture: `race` rejects with RenderTimeout naming what was awaited. */
function deadlineTimer(deadline: number) {
  const timers: NodeJS.Timeout[] = [];
  return {
    race<T>(promise: Promise<T>, phase: () => string): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        timers.push(setTimeout(() => reject(new RenderTimeout(phase())), Math.max(0, deadline - Date.now())));
        promise.then(resolve, reject);
      });
    },
    clear() {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from the browser within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
