import { answerMonitorDelete, defineRoute } from '@webcapture/http';

/** 204; no check runs after it (a check in flight finds its claim gone and records nothing). */
export const handler = defineRoute('monitors-delete', {}, answerMonitorDelete);
