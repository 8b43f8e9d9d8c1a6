import type middy from '@middy/core';
import { ApiError } from '@webcapture/errors';
import { authenticateKey, type KeyScope, type Principal } from '@webcapture/service';
import { logger } from '@webcapture/telemetry';
import type { HttpResponse } from '../envelope';
import { type ApiEvent, header, stateOf } from '../request';

const BEARER = /^Bearer ([^\s]+)$/;

/** Bearer key → principal holding `scope`, kept in the request state; throws the spec's 401/403. */
export async function authenticateRequest(event: ApiEvent, scope: KeyScope): Promise<Principal> {
  const value = header(event, 'authorization');
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
  stateOf(event).principal = principal;
  // The key's id and account, never the key: every later line of the request names the caller.
  logger().appendKeys({ account_id: principal.accountId, key_id: principal.keyId });
  return principal;
}

/** The route's authentication, before any work or metering. */
export function authenticate(scope: KeyScope): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  return {
    before: async (request) => {
      await authenticateRequest(request.event, scope);
    },
  };
}
