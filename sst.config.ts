/// <reference path="./.sst/platform/config.d.ts" />

// Only wiring here; each stack lives in stacks/. SST evaluates this file before run() has its
// globals, so the stacks are imported inside run().
export default $config({
  app(input) {
    const production = input?.stage === 'production';
    return {
      name: 'webcapture',
      home: 'aws',
      providers: { aws: { region: 'us-east-1' } },
      removal: production ? 'retain' : 'remove',
      protect: production,
      // One root sst-env.d.ts (committed) instead of a copy beside every workspace package.
      types: { ignore: ['packages'] },
    };
  },
  async run() {
    const { isProduction, stageSettings } = await import('./stacks/config');
    const { storage } = await import('./stacks/storage');
    const { createSecrets } = await import('./stacks/secrets');
    const { createQueues, subscribeWorkers } = await import('./stacks/queues');
    const { createApi } = await import('./stacks/api');
    const { createAdminCli } = await import('./stacks/admin');

    const { table, bucket } = storage({ production: isProduction($app.stage) });
    const { webhookSigningSecret } = createSecrets();
    const resources = {
      table,
      bucket,
      queues: createQueues(),
      webhookSigningSecret,
      settings: stageSettings($app.stage),
    };
    subscribeWorkers(resources);
    const api = createApi(resources);
    createAdminCli(resources);

    return {
      api: api.url,
      table: table.name,
      bucket: bucket.name,
      keyEnvironment: resources.settings.keyEnvironment,
    };
  },
});
