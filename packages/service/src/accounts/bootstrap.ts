import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { keyEnvironment, tableName } from '../config';
import { createAccount } from './accounts';
import { createApiKey, findKeyByPlaintext, keyEnvironmentOf } from './api-keys';

const BOOTSTRAP_MARKER = { pk: 'BOOTSTRAP', sk: 'BOOTSTRAP' };

/**
 * The local runtime's first account. With a key: make sure an account holds exactly that key.
 * Without: create one account and one new key on the very first start only (createdKey is then
 * the plaintext, to be shown once). A new account starts on `planId` (default: the default plan);
 * an existing one keeps its plan.
 */
export async function ensureBootstrapAccount(
  plaintextKey?: string,
  planId?: string,
): Promise<{ accountId: string; createdKey?: string }> {
  if (plaintextKey) {
    const environment = keyEnvironmentOf(plaintextKey);
    if (environment !== keyEnvironment()) {
      throw new Error(
        `BOOTSTRAP_API_KEY must look like sk_${keyEnvironment()}_ followed by 32+ letters or digits: this runtime accepts only sk_${keyEnvironment()}_ keys (KEY_ENVIRONMENT=${keyEnvironment()}).`,
      );
    }
    const existing = await findKeyByPlaintext(plaintextKey);
    if (existing?.revoked) {
      throw new Error('BOOTSTRAP_API_KEY was revoked; choose a new key or unset it to have one created.');
    }
    if (existing) return { accountId: existing.account_id };
    const account = await createAccount({ name: 'Local bootstrap account', planId });
    await createApiKey(account.id, { name: 'bootstrap', plaintext: plaintextKey });
    return { accountId: account.id };
  }
  const { Item } = await dynamoClient().send(
    new GetCommand({ TableName: tableName(), Key: BOOTSTRAP_MARKER }),
  );
  if (Item) return { accountId: Item.account_id as string };
  const account = await createAccount({ name: 'Local bootstrap account', planId });
  const created = await createApiKey(account.id, { name: 'bootstrap', environment: keyEnvironment() });
  await dynamoClient().send(
    new PutCommand({ TableName: tableName(), Item: { ...BOOTSTRAP_MARKER, account_id: account.id } }),
  );
  return { accountId: account.id, createdKey: created.key };
}
