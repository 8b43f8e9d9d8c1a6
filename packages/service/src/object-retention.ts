/**
 * Every S3 prefix the service writes and how long its objects are promised to be readable: the
 * code builds its keys from here and stacks/storage.ts gives each prefix a lifecycle expiry from
 * the same row, so a new kind of object cannot be written without one (.ci/check-infra greps the
 * code for key prefixes missing here). Import-free: infrastructure code loads it.
 */
const DAY_SECONDS = 24 * 3600;

export interface ObjectClass {
  /** Key prefix, ending in `/`. */
  prefix: string;
  /** How long the README promises the objects (and the records naming them) are readable. */
  retentionSeconds: number;
}

export const OBJECT_RETENTION = {
  /** Scrape results behind GET /v1/scrape/{id}, kept as long as their record. */
  scrapes: { prefix: 'scrapes/', retentionSeconds: 7 * DAY_SECONDS },
  /** Cached bodies: cache_ttl is capped at 7 days. */
  cache: { prefix: 'cache/', retentionSeconds: 7 * DAY_SECONDS },
  /** Screenshot images, readable as long as their record. */
  screenshots: { prefix: 'screenshots/', retentionSeconds: 7 * DAY_SECONDS },
  /** Bulk item results, readable as long as their job. */
  bulk: { prefix: 'bulk/', retentionSeconds: 7 * DAY_SECONDS },
  /** Queued scrapes' and screenshots' requests too large for their record, kept as long as it. */
  jobRequests: { prefix: 'job-requests/', retentionSeconds: 7 * DAY_SECONDS },
  /** Sitemap jobs' full answers (GET /v1/sitemap/{id}'s content_url), readable as long as their record. */
  sitemaps: { prefix: 'sitemaps/', retentionSeconds: 7 * DAY_SECONDS },
  /** Recordings (WACZ archives) behind GET /v1/recordings/{id}, kept as long as their record. */
  recordings: { prefix: 'recordings/', retentionSeconds: 30 * DAY_SECONDS },
  /** Pre-signed bulk uploads: submittable for an hour, deleted when used. */
  bulkUploads: { prefix: 'bulk-uploads/', retentionSeconds: 3600 },
  /** Crawl page results (scrape envelopes), readable as long as their crawl. */
  crawl: { prefix: 'crawl/', retentionSeconds: 7 * DAY_SECONDS },
  /** Monitor check snapshots behind a check's content_url, kept as long as the check record. */
  monitorChecks: { prefix: 'monitor-checks/', retentionSeconds: 30 * DAY_SECONDS },
  /**
   * Each monitor's baseline (the text or data later checks compare with), written again by every
   * successful check; a monitor checked less often than this re-learns it (its next check is `new`).
   */
  monitorBaselines: { prefix: 'monitor-baselines/', retentionSeconds: 400 * DAY_SECONDS },
} as const satisfies Record<string, ObjectClass>;

/**
 * The lifecycle expiry of a prefix, in whole days as S3 counts them (it rounds to the next
 * midnight UTC): the retention rounded up, plus one spare day so no object goes before its record.
 * S3's shortest expiry is one day.
 */
export function lifecycleExpiryDays(object: ObjectClass): number {
  return Math.ceil(object.retentionSeconds / DAY_SECONDS) + 1;
}
