import type middy from '@middy/core';
import { ApiError } from '@webcapture/errors';
import { authenticateKey, type KeyScope } from '@webcapture/service';
import type { HttpResponse } from '../envelope';
import { type ApiEvent, header, stateOf } from '../request';

const BEARER = /^Bearer ([^\s]+)$/;

/** Bearer key → principal, then the route's scope. Runs before any work or metering. */
export function authenticate(scope: KeyScope): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    before: async (request) => {
      const value = header(request.event, 'authorization');
      if (!value) {
        throw new ApiError('unauthorized', 'Send your API key as `Authorization: Bearer <API_KEY>`.');
      }
      const match = BEARER.exec(value.trim());
      if (!match) {
        throw new ApiError('unauthorized', 'The Authorization header must be `Bearer <API_KEY>`.');
      }
      const principal = await authenticateKey(match[1] as string);
      if (!principal.scopes.includes(scope)) {
        throw new ApiError('forbidden', `This API key lacks the "${scope}" permission this endpoint needs.`, {
          details: { required_scope: scope, key_scopes: principal.scopes },
        });
      }
      stateOf(request.event).principal = principal;
    },
  };
}
