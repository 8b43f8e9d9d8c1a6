import { ApiError } from '@webcapture/errors';
import { defineRoute, jsonResponse } from '@webcapture/http';
import { getScreenshot } from '@webcapture/service';

/** The caller's screenshot; image_url is signed anew on each read, valid 600 s. */
export const handler = defineRoute('screenshots-get', {}, async ({ params, principal }) => {
  const screenshot = await getScreenshot(principal.accountId, params.id as string);
  if (!screenshot) throw new ApiError('not_found', `No screenshot ${params.id} on this account.`);
  return jsonResponse(200, screenshot);
});
