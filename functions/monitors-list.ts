import { answerMonitorList, defineRoute, monitorListQuery } from '@webcapture/http';

export const handler = defineRoute('monitors-list', { query: monitorListQuery }, answerMonitorList);
