import type middy from '@middy/core';
import { ApiError } from '@webcapture/errors';
import { type IdPrefix, isIdOf } from '@webcapture/service';
import type { HttpResponse } from '../envelope';
import type { ApiEvent } from '../request';

/**
 * 404 for a path `{id}` that is not of the route's id shape, before any storage call: no
 * resource can have such an id, and a key DynamoDB would refuse (over its size limit) must not
 * turn into a retryable 500.
 */
export function checkPathId(event: ApiEvent, prefix: IdPrefix): void {
  const id = event.pathParameters?.id ?? '';
  if (isIdOf(prefix, id)) return;
  throw new ApiError(
    'not_found',
    `No such ${prefix}_ id on this account: ids here are ${prefix}_ followed by 26 letters and digits.`,
    { details: { field: 'id', reason: 'malformed_id' } },
  );
}

export function pathId(prefix: IdPrefix): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    before: async ({ event }) => checkPathId(event, prefix),
  };
}
