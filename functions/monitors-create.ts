import { answerMonitorCreate, defineRoute, monitorCreateBody, monitorPrecheck } from '@webcapture/http';

export const handler = defineRoute(
  'monitors-create',
  { body: monitorCreateBody, precheck: monitorPrecheck },
  answerMonitorCreate,
);
