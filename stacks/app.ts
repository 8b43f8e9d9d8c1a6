/**
 * The whole app for one stage. sst.config.ts calls this inside run(); .ci/check-infra calls it
 * too, against a recording stand-in for `sst` (stacks/wiring-dry-run.ts), to check the wiring.
 */
import type { SecretName } from '../packages/service/src/secret-names';
import { DEAD_LETTER_USES, FALLBACK_USES, ROUTE_USES, SCHEDULE_USES, WORKER_USES } from './access';
import { createAdminCli } from './admin';
import { createAlarms } from './alarms';
import { addRoutes, createApi } from './api';
import { isProduction, stageSettings } from './config';
import { createFontsLayer } from './fonts';
import type { Resources } from './lambda';
import { createQueues, subscribeWorkers } from './queues';
import { createSchedules } from './schedules';
import { createSecrets } from './secrets';
import { storage } from './storage';

export function createApp(stage: string) {
  const { table, bucket } = storage({ production: isProduction(stage) });
  const settings = stageSettings(stage);
  const api = createApi();
  const resources: Resources = {
    table,
    bucket,
    queues: createQueues(),
    secretParameters: createSecrets(stage, secretsRead()),
    fontsLayer: createFontsLayer(stage),
    settings,
    // A custom domain in front of the API (stacks/config.ts) when the stage names one.
    publicBaseUrl: settings.publicBaseUrl ?? api.url,
  };
  subscribeWorkers(resources);
  createSchedules(resources);
  addRoutes(api, resources);
  createAdminCli(resources);
  createAlarms({ queues: resources.queues, apiId: api.nodes.api.id, settings });

  return {
    api: api.url,
    table: table.name,
    bucket: bucket.name,
    keyEnvironment: resources.settings.keyEnvironment,
  };
}

/** Every secret some function declares it reads (stacks/access.ts). */
function secretsRead(): Set<SecretName> {
  const all = [
    ...Object.values(ROUTE_USES),
    ...Object.values(WORKER_USES),
    ...Object.values(SCHEDULE_USES),
    DEAD_LETTER_USES,
    FALLBACK_USES,
  ];
  return new Set(all.flatMap((uses) => uses.secrets ?? []));
}
