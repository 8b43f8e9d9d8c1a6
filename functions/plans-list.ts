import { defineRoute, jsonResponse } from '@webcapture/http';
import { publicPlans } from '@webcapture/service';

export const handler = defineRoute('plans-list', {}, async () => jsonResponse(200, { data: publicPlans() }));
