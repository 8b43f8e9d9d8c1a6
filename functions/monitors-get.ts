import { answerMonitorGet, defineRoute } from '@webcapture/http';

export const handler = defineRoute('monitors-get', {}, answerMonitorGet);
