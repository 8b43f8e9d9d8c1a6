// `npm start`: the whole service on this machine, configured by the environment (see README).
import { searchConfigProblem } from '@webcapture/search';
import { startLocalRuntime } from './runtime';

// Node 20 is the local runtime by decision (DESIGN.md); the SDK's notice about Node 22 is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const passedThrough = [
  'ERROR_STYLE',
  'CHROMIUM_PATH',
  'WEBHOOK_RETRY_DELAYS_SECONDS',
  'WEBHOOK_SECRET_OVERLAP_SECONDS',
  'CONTENT_URL_SECRET',
  'SCREENSHOT_HOLD_MS',
  'LOG_LEVEL',
  'POWERTOOLS_LOG_LEVEL',
  'POWERTOOLS_METRICS_DISABLED',
  // Set all four to bill through a real Stripe account instead of the stand-in (README, Billing).
  'STRIPE_API_BASE',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICES',
  'BILLING_DUNNING_GRACE_DAYS',
  // Behind a proxy or tunnel: the address clients use, in every URL the service hands out.
  'PUBLIC_BASE_URL',
] as const;

const runtime = await startLocalRuntime({
  port: Number(process.env.PORT || 8787),
  dataDir: process.env.DATA_DIR || '.data',
  bootstrapKey: process.env.BOOTSTRAP_API_KEY || undefined,
  // A local user is one person trying things: a generous plan, not the free plan's 2 requests/s.
  bootstrapPlan: process.env.LOCAL_PLAN || 'enterprise',
  queueVisibilitySeconds: Number(process.env.LOCAL_QUEUE_VISIBILITY_SECONDS) || undefined,
  env: {
    KEY_ENVIRONMENT: process.env.KEY_ENVIRONMENT || 'test',
    // Local defaults for a person on their own machine (production's are the opposite): pages on
    // 127.0.0.1 and the LAN may be captured, schema extraction is on, and webhooks may go to a
    // receiver using the repository's test certificate. Set any of them to override.
    ALLOW_PRIVATE_TARGETS: process.env.ALLOW_PRIVATE_TARGETS || 'true',
    SCHEMA_ENABLED: process.env.SCHEMA_ENABLED || 'true',
    WEBHOOK_CA_FILE: process.env.WEBHOOK_CA_FILE || 'test/fixtures/tls/localhost.crt',
    // Log lines for a person at a terminal; LOG_FORMAT=json prints them as on AWS.
    LOG_FORMAT: process.env.LOG_FORMAT || 'pretty',
    ...Object.fromEntries(
      passedThrough.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
    ),
  },
});
console.log(
  `webcapture listening on ${runtime.baseUrl} (data in ${process.env.DATA_DIR || '.data'}); Ctrl-C stops it`,
);
// POST /v1/search answers 503 until providers are configured: say so now, not at the first search.
const searchProblem = searchConfigProblem();
if (searchProblem) console.log(`POST /v1/search is off: ${searchProblem}`);

let stoppingSince: number | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stoppingSince !== undefined) {
      // Ctrl-C reaches us twice at once (from the terminal, and relayed by npm): that is one
      // request to stop. A second Ctrl-C later means "now": the exit handler still kills DynamoDB Local.
      if (Date.now() - stoppingSince > 1000) process.exit(130);
      return;
    }
    stoppingSince = Date.now();
    console.log('stopping…');
    runtime.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  });
}
