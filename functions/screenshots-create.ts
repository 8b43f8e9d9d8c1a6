import {
  admissionOf,
  checkUrlFields,
  deferSettlement,
  defineRoute,
  jsonResponse,
  recordBilling,
  requestOrigin,
  screenshotBody,
  screenshotJob,
  screenshotQuery,
} from '@webcapture/http';
import { jobError } from '@webcapture/scraping';
import { concludeScreenshot, SCREENSHOT_ENDPOINT, screenshotWithin } from '@webcapture/scraping/screenshots';
import {
  createScreenshot,
  enqueueScreenshot,
  getScreenshot,
  newId,
  screenshotHoldMs,
} from '@webcapture/service';

/**
 * Held up to 28 s (spec): done by then → 200 with the record; not done → the capture is handed
 * to the screenshots worker and the answer is 202 with the id, so nothing is lost. `?async=true`
 * hands it over at once. The worker settles the admission of what it is handed.
 */
export const handler = defineRoute(
  'screenshots-create',
  { body: screenshotBody, query: screenshotQuery, precheck: checkUrlFields, metered: {} },
  async ({ body, query, principal, event, captureBudgetMs }) => {
    const { accountId } = principal;
    const id = newId('ss');
    const job = screenshotJob(body);
    const origin = requestOrigin(event);
    const { url, format, custom } = body;
    await createScreenshot({
      accountId,
      id,
      url,
      format,
      custom,
      status: 'processing',
      origin,
      job: { ...job },
    });
    const taken = query.async
      ? 'held'
      : await screenshotWithin(accountId, id, job, captureBudgetMs(screenshotHoldMs())).catch(
          async (error) => {
            await concludeScreenshot(accountId, id, job, { error: jobError(error, 'screenshot') });
            throw error;
          },
        );
    if (taken === 'held') {
      // Handed over only once queued: if queueing fails, the middleware still rolls the admission back.
      await enqueueScreenshot(accountId, id, admissionOf(event));
      deferSettlement(event);
      return jsonResponse(202, { id, status: 'pending', url, poll_url: `${SCREENSHOT_ENDPOINT}/${id}` });
    }
    recordBilling(event, taken.billing);
    await concludeScreenshot(accountId, id, job, { result: taken.result });
    return jsonResponse(200, await getScreenshot(accountId, id, origin));
  },
);
