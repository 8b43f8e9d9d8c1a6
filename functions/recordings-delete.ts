import { answerRecordingDelete, defineRoute } from '@webcapture/http';

export const handler = defineRoute('recordings-delete', {}, answerRecordingDelete);
