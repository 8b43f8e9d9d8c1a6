import type { Admission, BillingRecord } from '@webcapture/service';

/**
 * A synchronous use case's side of its request's metering. The admission is taken before the use
 * case runs and settled or rolled back after it (http's admission middleware, which implements
 * this); the use case reports what its work bills, or hands the admission to a queued job.
 */
export interface RequestMeter {
  /** The request's admission, for a queued job to settle. */
  readonly admission: Admission | undefined;
  /**
   * What the work bills: reported as soon as the capture has bytes, before anything after it can
   * fail, so the spec's charged exceptions apply to a failure that follows.
   */
  bill(record: BillingRecord): void;
  /** Once the work is queued: the request neither settles nor releases its slot; the job does. */
  handOver(): void;
}
