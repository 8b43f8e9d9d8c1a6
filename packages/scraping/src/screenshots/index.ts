/*
 * Screenshots: a separate entry point (`@webcapture/scraping/screenshots`) so that only the
 * functions that take them bundle the browser; the package index exports only the browser-free
 * modules. How a queued screenshot runs is in @webcapture/jobs.
 */
export * from './conclude-screenshot';
export * from './hold-or-hand-over';
export * from './screenshot-job';
export * from './take-screenshot';
