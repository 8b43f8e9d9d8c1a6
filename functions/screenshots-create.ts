import { checkUrlFields, defineRoute, screenshotBody, screenshotQuery } from '@webcapture/http';
import { answerScreenshot } from '@webcapture/http/screenshots';

/**
 * Held up to 28 s (spec): done by then → 200 with the record; not done → the capture is handed
 * to the screenshots worker and the answer is 202 with the id, so nothing is lost. `?async=true`
 * hands it over at once. The worker settles the admission of what it is handed.
 */
export const handler = defineRoute(
  'screenshots-create',
  { body: screenshotBody, query: screenshotQuery, precheck: checkUrlFields, metered: {} },
  answerScreenshot,
);
