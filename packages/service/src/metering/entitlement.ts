import { ApiError } from '@webcapture/errors';
import { type Account, getAccountCached, type OverageAgreement } from '../accounts';
import { effectiveLimits, findPlan, type Plan, type PlanLimits } from '../accounts/plans';
import { accountCacheMs } from './config';

/** What admission needs to know about an account: limits after overrides, and the overage terms. */
export interface AccountTerms {
  plan: Plan;
  limits: PlanLimits;
  /** Present only on a custom plan with an overage agreement. */
  overage?: OverageAgreement;
}

const IMPAIRED_REASON: Record<string, string> = {
  past_due: 'the last payment failed and the subscription is past due',
  unpaid: 'invoices remain unpaid after the retry schedule',
};

/**
 * The billing-state gate (spec, Errors): payment trouble → billing_entitlement_impaired naming
 * the reason; entitlement ended, or dunning grace run out → billing_entitlement_expired.
 */
export function checkEntitlement(account: Account, now: Date = new Date()): void {
  const { status, grace_until: graceUntil, current_period_end: periodEnd } = account.subscription;
  if (status === 'canceled' || status === 'expired') {
    throw new ApiError(
      'billing_entitlement_expired',
      `The subscription is ${status}; its entitlement ended on ${periodEnd}. Renew the plan to continue.`,
      { details: { subscription_status: status, current_period_end: periodEnd } },
    );
  }
  if (status === 'past_due' || status === 'unpaid') {
    if (graceUntil && Date.parse(graceUntil) <= now.getTime()) {
      throw new ApiError(
        'billing_entitlement_expired',
        `The dunning grace period ended on ${graceUntil} while the subscription was ${status}. Update the payment method to restore access.`,
        { details: { subscription_status: status, grace_until: graceUntil } },
      );
    }
    throw new ApiError(
      'billing_entitlement_impaired',
      `Billing entitlement impaired: ${IMPAIRED_REASON[status]} (subscription ${status}). Update the payment method.`,
      {
        details: {
          subscription_status: status,
          reason: status,
          ...(graceUntil ? { grace_until: graceUntil } : {}),
        },
      },
    );
  }
}

export function termsOf(account: Account): AccountTerms {
  const plan = findPlan(account.plan_id);
  if (!plan) throw new Error(`account ${account.id} names unknown plan ${account.plan_id}`);
  const limits = effectiveLimits(plan, account.overrides);
  return plan.is_custom && account.overage ? { plan, limits, overage: account.overage } : { plan, limits };
}

/**
 * Credits a month may use: the plan's own, plus on a custom plan with an overage agreement as
 * many extra credits as the spending cap pays for.
 */
export function creditCeiling(terms: AccountTerms): number {
  const extra = terms.overage
    ? Math.floor(terms.overage.spending_cap_usd / terms.overage.credit_price_usd + 1e-9)
    : 0;
  return terms.limits.monthly_credits + extra;
}

/** An account's limits after overrides (e.g. max_bulk_size_bytes for POST /v1/fetch/bulk). */
export async function accountLimits(accountId: string): Promise<PlanLimits> {
  const account = await getAccountCached(accountId, accountCacheMs());
  if (!account) throw new ApiError('invalid_api_key', 'The account of this API key no longer exists.');
  return termsOf(account).limits;
}
