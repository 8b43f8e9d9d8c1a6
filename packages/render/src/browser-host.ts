import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';

/**
 * One Chromium per warm process, launched on first use and reused across invocations. A browser
 * that crashed (disconnected) or hung (a context it could not open or close in time) is killed
 * and the next capture launches a new one.
 */

/** The flags this machine and Lambda both need (see README: Rendering). */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-domain-reliability',
  '--disable-dev-shm-usage',
  '--disable-breakpad',
  '--no-pings',
  '--mute-audio',
  '--hide-scrollbars',
  '--font-render-hinting=none',
  '--disable-features=Translate,MediaRouter,OptimizationHints,InterestFeedContentSuggestions',
  // Traffic of the default context (which captures never use) goes to a closed port; every
  // capture's context names its own guard proxy. Loopback is proxied too, not bypassed.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
];

/** Lambda has one writable /tmp and no /dev/shm to speak of: one process, no zygote. */
const LAMBDA_FLAGS = ['--single-process', '--no-zygote'];

const LAUNCH_TIMEOUT_MS = 30_000;

export interface BrowserHostOptions {
  /** The Chromium binary; default CHROMIUM_PATH, else @sparticuz/chromium's (unpacked to /tmp). */
  executablePath?: string;
  /**
   * Tests only: trust any certificate, so a fixture site's self-signed one serves https.
   * Production never sets it: an invalid certificate fails the capture.
   */
  acceptInsecureCerts?: boolean;
}

export async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  // WebGL is not needed for pages or screenshots; skipping it saves unpacking swiftshader.
  chromium.setGraphicsMode = false;
  return chromium.executablePath();
}

export class BrowserHost {
  #browser: Promise<Browser> | undefined;
  #userAgent: string | undefined;
  launches = 0;

  constructor(readonly options: BrowserHostOptions = {}) {}

  /** The process's browser, launched if there is none or the last one died. */
  browser(): Promise<Browser> {
    if (!this.#browser) {
      const launching = this.#launch();
      this.#browser = launching;
      launching.then(
        (browser) =>
          browser.once('disconnected', () => {
            if (this.#browser === launching) this.#browser = undefined;
          }),
        () => {
          if (this.#browser === launching) this.#browser = undefined;
        },
      );
    }
    return this.#browser;
  }

  /** A desktop Chrome User-Agent for this binary (headless shell announces itself otherwise). */
  userAgent(browser: Browser): Promise<string> | string {
    return (
      this.#userAgent ??
      browser.userAgent().then((ua) => (this.#userAgent = ua.replace('HeadlessChrome', 'Chrome')))
    );
  }

  /** Kills a browser that crashed or stopped answering; the next capture launches a new one. */
  discard(browser: Browser): void {
    void this.#browser?.then((current) => {
      if (current === browser) this.#browser = undefined;
    });
    browser.process()?.kill('SIGKILL');
    void browser.disconnect().catch(() => {});
  }

  async close(): Promise<void> {
    const browser = await this.#browser?.catch(() => undefined);
    this.#browser = undefined;
    await browser?.close().catch(() => browser.process()?.kill('SIGKILL'));
  }

  async #launch(): Promise<Browser> {
    const executablePath = this.options.executablePath ?? (await chromiumExecutable());
    this.launches += 1;
    return puppeteer.launch({
      executablePath,
      headless: 'shell',
      args: [...FLAGS, ...(process.env.AWS_LAMBDA_FUNCTION_NAME ? LAMBDA_FLAGS : [])],
      defaultViewport: { width: 1280, height: 800 },
      acceptInsecureCerts: this.options.acceptInsecureCerts ?? false,
      timeout: LAUNCH_TIMEOUT_MS,
      protocolTimeout: LAUNCH_TIMEOUT_MS,
      // Puppeteer would otherwise hook the process's signals once per launch.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  }
}

export type { Browser, BrowserContext };
