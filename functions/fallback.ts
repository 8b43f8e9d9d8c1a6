import { ApiError } from '@webcapture/errors';
import { defineBareHandler, resolveRoute } from '@webcapture/http';

/** API Gateway's $default route and the local server's no-match: 404 or 405 in the envelope. */
export const handler = defineBareHandler(async (event) => {
  const { method, path } = event.requestContext.http;
  const resolution = resolveRoute(method, path);
  if (resolution.kind === 'method_not_allowed') {
    throw new ApiError(
      'method_not_allowed',
      `${path} does not accept ${method}; use ${resolution.allowed.join(', ')}.`,
      {
        headers: { allow: resolution.allowed.join(', ') },
        details: { allowed_methods: resolution.allowed },
      },
    );
  }
  throw new ApiError('not_found', `No endpoint at ${method} ${path}. Paths start with /v1, except /health.`);
});
