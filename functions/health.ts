import { defineRoute, jsonResponse } from '@webcapture/http';
import { checkDependencies } from '@webcapture/service';

export const handler = defineRoute('health', {}, async () => {
  const checks = await checkDependencies();
  const healthy = Object.values(checks).every((check) => check.ok);
  return jsonResponse(healthy ? 200 : 503, { status: healthy ? 'ok' : 'degraded', checks });
});
