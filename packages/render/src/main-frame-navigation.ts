import type { HTTPRequest, Page } from 'puppeteer-core';

/** A navigation of the page itself (not a frame's) that did not load: the capture cannot stand. */
export class NavigationFailed extends Error {
  constructor(
    readonly url: string,
    readonly errorText: string,
  ) {
    super(`the page's navigation to ${url} failed (${errorText})`);
    this.name = 'NavigationFailed';
  }
}

/** How long the main frame must stay without a navigation before the page counts as arrived. */
const QUIET_MS = 250;

export interface MainFrameWatch {
  /** The last navigation of the main frame that failed, if any (a superseded one does not count). */
  readonly failed: NavigationFailed | undefined;
  /**
   * Resolves once no main-frame navigation has been in flight for QUIET_MS: a meta refresh of 0
   * or a navigation from an onload handler starts just after `load`. The caller's deadline bounds it.
   */
  settled(): Promise<void>;
  /** Throws the failed navigation, so that a page the browser left for an error page never counts as captured. */
  throwIfFailed(): void;
}

/**
 * Follows the navigations of a page's main frame — the first document, its redirects, and any the
 * page makes itself (meta refresh, `location = …`). A refused one (the guard proxy turned it
 * away: a private address, a name that does not resolve) leaves Chromium on
 * `chrome-error://chromewebdata/` with an empty DOM, which must fail the capture as the fast path
 * would, rather than complete it.
 */
export function watchMainFrame(page: Page): MainFrameWatch {
  let pending: HTTPRequest | undefined;
  let started = 0;
  let failed: NavigationFailed | undefined;
  let waiters: Array<() => void> = [];
  const isMainNavigation = (request: HTTPRequest) =>
    request.isNavigationRequest() && request.frame() === page.mainFrame();
  const done = (request: HTTPRequest) => {
    if (request !== pending) return;
    pending = undefined;
    for (const wake of waiters) wake();
    waiters = [];
  };
  page.on('request', (request) => {
    if (!isMainNavigation(request)) return;
    pending = request;
    started += 1;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', (request) => {
    if (!isMainNavigation(request)) return;
    const errorText = request.failure()?.errorText ?? 'net::ERR_FAILED';
    // ERR_ABORTED: replaced by a later navigation, a 204, or a download — not a failure of the page.
    if (!errorText.includes('ERR_ABORTED')) failed = new NavigationFailed(request.url(), errorText);
    done(request);
  });
  return {
    get failed() {
      return failed;
    },
    async settled() {
      for (;;) {
        if (pending) await new Promise<void>((resolve) => waiters.push(resolve));
        const before = started;
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        if (!pending && started === before) return;
      }
    },
    throwIfFailed() {
      if (failed) throw failed;
    },
  };
}
