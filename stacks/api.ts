/**
 * The HTTP API: one route and one Lambda per ROUTES entry, and `$default` for everything else so
 * an unknown path or method still gets the JSON error envelope (404/405) instead of API Gateway's
 * own body.
 */
import { FALLBACK_HANDLER, ROUTES } from '../packages/http/src/routes';
import { FALLBACK_USES, routeUses } from './access';
import { FALLBACK_RESERVED, routeReservedConcurrency } from './capacity';
import { componentName, FALLBACK_MEMORY_MB, FALLBACK_TIMEOUT_SECONDS } from './function-settings';
import { functionArgs, type Resources } from './lambda';
import { API } from './resource-names';

/**
 * The API without its routes: created before every function, since each one (routes, workers,
 * schedules) is told the API's public URL (PUBLIC_BASE_URL) for the URLs it hands out.
 */
export function createApi() {
  // CORS stays off: the API is called server-to-server with secret keys, and the local server
  // answers OPTIONS the same way (through the fallback).
  return new sst.aws.ApiGatewayV2(API, { cors: false });
}

export function addRoutes(api: sst.aws.ApiGatewayV2, resources: Resources): void {
  for (const route of ROUTES) {
    api.route(
      `${route.method} ${route.path}`,
      functionArgs(
        { ...route, uses: routeUses(route), reservedConcurrency: routeReservedConcurrency(route) },
        resources,
      ),
      // A stable name per route id: the Lambda is named after it instead of a path hash.
      { name: componentName(route.id) },
    );
  }

  api.route(
    '$default',
    functionArgs(
      {
        handler: FALLBACK_HANDLER,
        memoryMb: FALLBACK_MEMORY_MB,
        timeoutSeconds: FALLBACK_TIMEOUT_SECONDS,
        browser: false,
        uses: FALLBACK_USES,
        reservedConcurrency: FALLBACK_RESERVED,
      },
      resources,
    ),
    { name: 'Fallback' },
  );
}
