import { crawlSweep } from '@webcapture/jobs';

/** Every minute (SCHEDULES): re-sends crawl URLs whose lease ran out, ends crawls a crash left running. */
export const handler = crawlSweep;
