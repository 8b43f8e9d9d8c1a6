import type middy from '@middy/core';
import { ApiError } from '@webcapture/errors';
import { type IdPrefix, isIdOf } from '@webcapture/service';
import type { HttpResponse } from '../envelope';
import type { ApiEvent } from '../request';

/** What any stored id may look like where a route names no prefix: newId's are 30 characters. */
const PLAIN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * 404 for a path `{id}` no resource can have, before any storage call, so a key DynamoDB would
 * refuse (over its size limit) never turns into a retryable 500: with the route's `pathId`, an id
 * not of that prefix's shape; without one, anything but a short run of letters, digits, `_`, `-`.
 */
export function checkPathId(event: ApiEvent, prefix: IdPrefix | undefined): void {
  const id = event.pathParameters?.id ?? '';
  if (prefix ? isIdOf(prefix, id) : PLAIN_ID.test(id)) return;
  const shape = prefix ? `ids here are ${prefix}_ followed by 26 letters and digits` : 'that is not an id';
  throw new ApiError('not_found', `No such ${prefix ? `${prefix}_ ` : ''}id on this account: ${shape}.`, {
    details: { field: 'id', reason: 'malformed_id' },
  });
}

export function pathId(prefix: IdPrefix | undefined): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    before: async ({ event }) => checkPathId(event, prefix),
  };
}
