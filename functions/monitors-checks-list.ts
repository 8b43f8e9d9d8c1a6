import { answerMonitorChecks, defineRoute, monitorChecksQuery } from '@webcapture/http';

export const handler = defineRoute(
  'monitors-checks-list',
  { query: monitorChecksQuery },
  answerMonitorChecks,
);
