/*
 * The workers that render in Chromium: an entry point of their own, so that only the functions
 * that take screenshots or render pages bundle the browser.
 */
export * from './bulk/browser-worker';
export * from './bulk/screenshot-item';
export * from './crawl/browser-worker';
export * from './monitors/browser-worker';
export * from './scrape/browser-worker';
export * from './screenshots/browser-worker';
