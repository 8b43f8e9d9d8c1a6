/**
 * The plan catalogue. Public plans are listed by GET /v1/plans; custom contract plans
 * (is_custom true) are assigned by the admin CLI and never listed.
 *
 * Every size is in bytes, and the catalogue's sizes are binary multiples (MiB = 2^20 bytes, GiB =
 * 2^30): the spec's "16.8 MB" for the largest account is 16 MiB = 16,777,216 bytes written in
 * decimal megabytes, so its "2 MB" on a standard plan is read the same way, as 2 MiB.
 */
export interface Plan {
  id: string;
  name: string;
  is_custom: boolean;
  price_usd_month: number;
  /** Requests per second per account (X-RateLimit-Limit). */
  requests_per_second: number;
  /** Simultaneous in-flight capture requests. */
  concurrency: number;
  /** Billable bytes per calendar month (UTC). */
  monthly_quota_bytes: number;
  /** Largest accepted POST /v1/fetch/bulk body after key verification (2 MiB standard, 16 MiB largest). */
  max_bulk_size_bytes: number;
  /** Credits per calendar month for credit-metered requests (schema extraction's fixed charge). */
  monthly_credits: number;
}

/** The limits admission enforces; a per-account override replaces any of them (admin CLI). */
export const LIMIT_FIELDS = [
  'requests_per_second',
  'concurrency',
  'monthly_quota_bytes',
  'max_bulk_size_bytes',
  'monthly_credits',
] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
export type PlanLimits = Pick<Plan, LimitField>;
export type LimitOverrides = Partial<PlanLimits>;

/** The plan's limits with an account's overrides applied. */
export function effectiveLimits(plan: Plan, overrides: LimitOverrides | undefined): PlanLimits {
  const limits: PlanLimits = {
    requests_per_second: plan.requests_per_second,
    concurrency: plan.concurrency,
    monthly_quota_bytes: plan.monthly_quota_bytes,
    max_bulk_size_bytes: plan.max_bulk_size_bytes,
    monthly_credits: plan.monthly_credits,
  };
  for (const field of LIMIT_FIELDS) {
    const value = overrides?.[field];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) limits[field] = value;
  }
  return limits;
}

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    is_custom: false,
    price_usd_month: 0,
    requests_per_second: 2,
    concurrency: 2,
    monthly_quota_bytes: 1 * GiB,
    max_bulk_size_bytes: 2 * MiB,
    monthly_credits: 100,
  },
  {
    id: 'standard',
    name: 'Standard',
    is_custom: false,
    price_usd_month: 49,
    requests_per_second: 10,
    concurrency: 10,
    monthly_quota_bytes: 50 * GiB,
    max_bulk_size_bytes: 2 * MiB,
    monthly_credits: 5_000,
  },
  {
    id: 'growth',
    name: 'Growth',
    is_custom: false,
    price_usd_month: 199,
    requests_per_second: 25,
    concurrency: 25,
    monthly_quota_bytes: 250 * GiB,
    max_bulk_size_bytes: 8 * MiB,
    monthly_credits: 25_000,
  },
  {
    id: 'scale',
    name: 'Scale',
    is_custom: false,
    price_usd_month: 799,
    requests_per_second: 50,
    concurrency: 50,
    monthly_quota_bytes: 1024 * GiB,
    // 16 MiB, the spec's "up to 16.8 MB for the largest account".
    max_bulk_size_bytes: 16 * MiB,
    monthly_credits: 100_000,
  },
  {
    id: 'enterprise',
    name: 'Enterprise (contract)',
    is_custom: true,
    price_usd_month: 0,
    requests_per_second: 100,
    concurrency: 100,
    monthly_quota_bytes: 5 * 1024 * GiB,
    max_bulk_size_bytes: 16 * MiB,
    monthly_credits: 500_000,
  },
];

export const DEFAULT_PLAN_ID = 'free';

export function publicPlans(): Plan[] {
  return PLANS.filter((plan) => !plan.is_custom);
}

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}
