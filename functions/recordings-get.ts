import { answerRecordingGet, defineRoute } from '@webcapture/http';

/** The caller's recording; download_url is signed anew on each read, valid 600 s. */
export const handler = defineRoute('recordings-get', {}, answerRecordingGet);
