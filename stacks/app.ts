/**
 * The whole app for one stage. sst.config.ts calls this inside run(); .ci/check-infra calls it
 * too, against a recording stand-in for `sst` (stacks/wiring-dry-run.ts), to check the wiring.
 */
import { createAdminCli } from './admin';
import { createApi } from './api';
import { isProduction, stageSettings } from './config';
import type { Resources } from './lambda';
import { createQueues, subscribeWorkers } from './queues';
import { createSchedules } from './schedules';
import { createSecrets } from './secrets';
import { storage } from './storage';

export function createApp(stage: string) {
  const { table, bucket } = storage({ production: isProduction(stage) });
  const { proxyUrls, contentUrlSecret, stripeSecretKey, stripeWebhookSecret } = createSecrets();
  const resources: Resources = {
    table,
    bucket,
    queues: createQueues(),
    proxyUrls,
    contentUrlSecret,
    stripeSecretKey,
    stripeWebhookSecret,
    settings: stageSettings(stage),
  };
  subscribeWorkers(resources);
  createSchedules(resources);
  const api = createApi(resources);
  createAdminCli(resources);

  return {
    api: api.url,
    table: table.name,
    bucket: bucket.name,
    keyEnvironment: resources.settings.keyEnvironment,
  };
}
