// The dependency rule (README "Where things are"): arrows point down,
//   functions → http | jobs → scraping → service | capture | render | search | discovery → content | extract → errors,
// and the pure packages (content, extract) and the network packages (capture, render, search) never touch
// storage. Each package may import only the packages listed for it; test/architecture.test.ts runs this.
// What the pipelines (scraping) may use: every package below them.
const PIPELINE_DEPENDENCIES = [
  'capture',
  'changes',
  'content',
  'discovery',
  'errors',
  'extract',
  'render',
  'search',
  'service',
  'telemetry',
];
const MAY_IMPORT = {
  errors: [],
  telemetry: ['errors'],
  content: [],
  // Change detection for monitors: pure comparison, no storage and no network.
  changes: ['errors'],
  extract: ['content', 'errors'],
  capture: ['content', 'errors', 'telemetry'],
  render: ['capture', 'content', 'errors', 'telemetry'],
  search: ['capture', 'errors', 'telemetry'],
  discovery: ['capture', 'content', 'errors', 'telemetry'],
  service: ['errors', 'telemetry'],
  scraping: PIPELINE_DEPENDENCIES,
  // A job runs the pipelines and everything they may use.
  jobs: [...PIPELINE_DEPENDENCIES, 'scraping'],
  http: ['capture', 'content', 'errors', 'extract', 'scraping', 'service', 'telemetry'],
  sdk: [],
  local: ['errors', 'http', 'jobs', 'render', 'search', 'service', 'telemetry'],
};
// A handler adapts with http and makes one call into a package below it; it never reaches past the
// pipelines into the network or content packages.
const FUNCTIONS_MAY_IMPORT = ['errors', 'http', 'jobs', 'scraping', 'service', 'telemetry'];
// Packages that must never reach DynamoDB, S3 or SQS.
const NO_STORAGE = ['changes', 'content', 'extract', 'capture', 'render', 'search', 'discovery', 'sdk'];

const others = (allowed, self) => `^packages/(?!(${[self, ...allowed].join('|')})/)[^/]+/(src|bin)/`;

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes a module impossible to read or test on its own.',
      from: { path: '^(packages|functions)/' },
      to: { circular: true },
    },
    ...Object.entries(MAY_IMPORT).map(([pkg, allowed]) => ({
      name: `${pkg}-imports-down-only`,
      severity: 'error',
      comment: `${pkg} may import only: ${allowed.join(', ') || 'none of our packages'}.`,
      from: { path: `^packages/${pkg}/(src|bin)/` },
      to: { path: others(allowed, pkg) },
    })),
    {
      name: 'functions-are-one-call',
      severity: 'error',
      comment: `A handler imports only ${FUNCTIONS_MAY_IMPORT.join(', ')}.`,
      from: { path: '^functions/' },
      to: { path: `^packages/(?!(${FUNCTIONS_MAY_IMPORT.join('|')})/)` },
    },
    ...NO_STORAGE.map((pkg) => ({
      name: `${pkg}-never-touches-storage`,
      severity: 'error',
      comment: `${pkg} does no storage: no AWS SDK client.`,
      from: { path: `^packages/${pkg}/(src|bin)/` },
      to: { path: 'node_modules/@aws-sdk/' },
    })),
    {
      name: 'http-adapts-requests-only',
      severity: 'error',
      comment: 'http adapts HTTP requests: queue clients and workers live in jobs and service.',
      from: { path: '^packages/http/(src|bin)/' },
      to: { path: 'node_modules/@aws-sdk/client-sqs/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.sst|\\.data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
