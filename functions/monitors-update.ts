import { answerMonitorUpdate, defineRoute, monitorPrecheck, monitorUpdateBody } from '@webcapture/http';

export const handler = defineRoute(
  'monitors-update',
  { body: monitorUpdateBody, precheck: monitorPrecheck },
  answerMonitorUpdate,
);
