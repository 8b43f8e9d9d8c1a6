import { answerMonitorCheck, defineRoute } from '@webcapture/http';

/** Check now: admitted and billed like a scrape, on the usage row /v1/monitors. */
export const handler = defineRoute(
  'monitors-check',
  { metered: { estimateBytes: 128 * 1024 } },
  answerMonitorCheck,
);
