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
    const { createApp } = await import('./stacks/app');
    return createApp($app.stage);
  },
});
