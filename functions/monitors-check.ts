import { defineRoute } from '@webcapture/http';
import { answerMonitorCheck } from '@webcapture/http/monitor-check';

/** Check now: admitted and billed like a scrape, on the usage row /v1/monitors; renders a monitor with `rendering`. */
export const handler = defineRoute(
  'monitors-check',
  { metered: { estimateBytes: 128 * 1024 } },
  answerMonitorCheck,
);
