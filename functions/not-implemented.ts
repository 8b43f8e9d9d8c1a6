import { ApiError } from '@webcapture/errors';
import { defineBareHandler } from '@webcapture/http';

/** Every route the spec states but we have not built yet: a clear 501, never a 404 or a crash. */
export const handler = defineBareHandler(async (event) => {
  const { method, path } = event.requestContext.http;
  throw new ApiError('not_implemented', `${method} ${path} is part of the API but not available yet.`);
});
