export * from './jobs';
// The record helpers (scrapeKey, putScrapeRecord, putScrapeResult) stay inside the folder.
export {
  getScrape,
  SCRAPE_RETENTION_SECONDS,
  type ScrapeError,
  type ScrapeRecord,
  type ScrapeStatus,
  saveCompletedScrape,
  scrapeResultKey,
} from './records';
