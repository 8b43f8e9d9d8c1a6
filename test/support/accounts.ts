import { createAccount, createApiKey, type KeyScope } from '@webcapture/service';

/** A fresh account with one key, so tests never share key caps, quotas or listings. */
export async function newAccountWithKey(options: { scopes?: KeyScope[]; planId?: string } = {}) {
  const account = await createAccount({ name: 'test account', planId: options.planId });
  const key = await createApiKey(account.id, { name: 'first', scopes: options.scopes });
  return { accountId: account.id, key: key.key, keyId: key.id };
}
