import { defineRoute, jsonResponse } from '@webcapture/http';
import { describeAccount } from '@webcapture/service';

export const handler = defineRoute('account-get', {}, async ({ principal }) =>
  jsonResponse(200, await describeAccount(principal)),
);
