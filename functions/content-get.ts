import { answerContentUrl, defineRoute } from '@webcapture/http';

/** A signed content URL (image_url, content_url): the token is the credential, no API key. */
export const handler = defineRoute('content-get', {}, answerContentUrl);
