import { SCRAPE_JOB_RECOVERY } from '@webcapture/service';
import { singleJobRecovery } from '../sweeps/single-job-recovery';
import { failDeadScrapeJob } from './dead-scrape-job';

/** Async scrapes in the recovery sweep: sent again when their message or worker was lost, then failed free. */
export const scrapeJobRecovery = singleJobRecovery(SCRAPE_JOB_RECOVERY, failDeadScrapeJob);
