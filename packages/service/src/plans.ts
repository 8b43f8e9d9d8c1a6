/**
 * The plan catalogue. Public plans are listed by GET /v1/plans; custom contract plans
 * (is_custom true) are assigned by the admin CLI and never listed.
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
  /** Largest accepted POST /v1/fetch/bulk body after key verification. */
  max_bulk_size_bytes: number;
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
  },
];

export const DEFAULT_PLAN_ID = 'free';

export function publicPlans(): Plan[] {
  return PLANS.filter((plan) => !plan.is_custom);
}

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}
