import { ApiError } from '@webcapture/errors';
import { requireAccount } from './accounts';
import { getApiKey, type KeyScope, type Principal } from './api-keys';
import { findPlan } from './plans';

/** GET /v1/account: the account, its plan and subscription, and the key making the call. */
export async function describeAccount(principal: Principal) {
  const [account, key] = await Promise.all([
    requireAccount(principal.accountId),
    getApiKey(principal.accountId, principal.keyId),
  ]);
  return {
    id: account.id,
    name: account.name,
    created_at: account.created_at,
    plan: findPlan(account.plan_id) ?? null,
    subscription: account.subscription,
    api_key: key ?? null,
    active_api_keys: account.active_keys,
  };
}

/** A key can hand out at most the permissions it holds itself. */
export function grantableScopes(principal: Principal, requested: KeyScope[] | undefined): KeyScope[] {
  if (!requested) return principal.scopes;
  const missing = requested.filter((scope) => !principal.scopes.includes(scope));
  if (missing.length) {
    throw new ApiError(
      'forbidden',
      `This key cannot grant permissions it does not hold: ${missing.join(', ')}.`,
      {
        details: { missing_scopes: missing },
      },
    );
  }
  return [...new Set(requested)];
}
