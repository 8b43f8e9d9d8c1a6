import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Account, accountKey, forgetCachedAccount, requireAccount } from '../accounts';
import { dynamoClient } from '../clients';
import { tableName } from '../config';
import { isConditionFailed } from '../transactions';
import { stripeClient } from './config';
import { callStripe } from './stripe-errors';

/**
 * The account's Stripe customer, created on first use and remembered on the account. Two first
 * uses at once may both create one; the conditional write keeps the first, and the loser's
 * customer is deleted so no orphan is left to bill.
 */
export async function ensureStripeCustomer(account: Account): Promise<string> {
  if (account.stripe_customer_id) return account.stripe_customer_id;
  const stripe = stripeClient();
  const customer = await callStripe('create a customer', () =>
    stripe.customers.create(
      { name: account.name, metadata: { account_id: account.id } },
      { idempotencyKey: `customer-${account.id}` },
    ),
  );
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: accountKey(account.id),
        UpdateExpression: 'SET stripe_customer_id = :customer',
        // One customer per account: only the first writer's customer is kept.
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(stripe_customer_id)',
        ExpressionAttributeValues: { ':customer': customer.id },
      }),
    );
    forgetCachedAccount(account.id);
    return customer.id;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    const winner = (await requireAccount(account.id)).stripe_customer_id;
    if (!winner) throw error;
    if (winner !== customer.id) await stripe.customers.del(customer.id).catch(() => undefined);
    return winner;
  }
}
