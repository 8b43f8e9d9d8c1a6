import { answerRecordingsList, defineRoute, recordingsListQuery } from '@webcapture/http';

export const handler = defineRoute('recordings-list', { query: recordingsListQuery }, answerRecordingsList);
