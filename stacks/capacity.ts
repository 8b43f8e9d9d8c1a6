/**
 * Concurrency: reserved capacity for the API routes (queue workers can never take it, and it caps
 * each route too), and the account quota a deployment needs (docs/deploy.md). Queue triggers are
 * capped by their QUEUES entry's maxConcurrency. Pure, so .ci/check-infra can add it up.
 */
import { ROUTES, type Route } from '../packages/http/src/routes';
import { deadLetterQueue, QUEUES } from '../packages/service/src/queues';

/** Synchronous captures hold a function for a whole page load: the most. */
const RESERVED_BY_ROUTE: Record<string, number> = {
  'scrape-create': 20,
  'fetch-post': 20,
  'fetch-get': 20,
  'schema-extract': 10,
  // 2 GB each and a browser; past the hold the screenshots worker takes over.
  'screenshots-create': 10,
  'content-get': 10,
};
/** Every other built route: reads, keys, submissions, health. */
const RESERVED_DEFAULT = 5;
/** The `$default` route (404/405 envelopes). */
export const FALLBACK_RESERVED = 5;
/** Lambda keeps this much of the account's concurrency unreserved, whatever the functions ask. */
const LAMBDA_UNRESERVED_MINIMUM = 100;

export function routeReservedConcurrency(route: Route): number | undefined {
  return RESERVED_BY_ROUTE[route.id] ?? RESERVED_DEFAULT;
}

/** What the account's "Concurrent executions" quota must at least be for this deployment. */
export function requiredAccountConcurrency(): { reserved: number; workers: number; total: number } {
  const reserved =
    ROUTES.reduce((sum, route) => sum + (routeReservedConcurrency(route) ?? 0), 0) + FALLBACK_RESERVED;
  const workers = QUEUES.reduce(
    (sum, queue) => sum + queue.maxConcurrency + (deadLetterQueue(queue)?.maxConcurrency ?? 0),
    0,
  );
  return { reserved, workers, total: reserved + workers + LAMBDA_UNRESERVED_MINIMUM };
}
