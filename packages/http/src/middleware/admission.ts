import type middy from '@middy/core';
import type { RequestMeter } from '@webcapture/scraping';
import {
  type Admission,
  AdmissionRejected,
  admit,
  type BillingRecord,
  chargeOnFailure,
  rollback,
  settle,
} from '@webcapture/service';
import {
  type AdmissionRefusalReason,
  countAdmissionRefusal,
  countCapture,
  logger,
} from '@webcapture/telemetry';
import type { HttpResponse } from '../envelope';
import { type ApiEvent, stateOf } from '../request';

export interface AdmissionOptions {
  /** The usage rows' endpoint, e.g. `/v1/scrape`. */
  endpoint: string;
  /** Quota pre-increment (spec step 1); default DEFAULT_ESTIMATE_BYTES. */
  estimateBytes?: number | ((event: ApiEvent) => number);
  /** Credits pre-charged by a credit-metered request (schema extraction). */
  creditCost?: number | ((event: ApiEvent) => number);
}

interface Metered {
  admission: Admission;
  /** The usage rows' endpoint, which the capture counts are split by. */
  endpoint: string;
  billing?: BillingRecord;
  /** Settled, rolled back or handed to a worker: nothing more to do. */
  done: boolean;
}

const metered = new WeakMap<ApiEvent, Metered>();

/**
 * What the handler captured, for settle to bill: call it once the capture has bytes (also right
 * before throwing upstream_error, so the charged exceptions can apply).
 */
export function recordBilling(event: ApiEvent, record: BillingRecord): void {
  const entry = metered.get(event);
  if (entry) entry.billing = record;
}

/**
 * For work that outlives the response (a 202 async scrape): the middleware neither settles nor
 * releases; the worker calls settle()/rollback() with the returned admission (it serialises as
 * JSON). Its slot stays held until then, or until the lease expires.
 */
export function deferSettlement(event: ApiEvent): Admission | undefined {
  const entry = metered.get(event);
  if (!entry) return undefined;
  entry.done = true;
  countCapture(entry.endpoint, 'deferred');
  return entry.admission;
}

/** The admission of a request, for handlers that want to show it (tests, diagnostics). */
export function admissionOf(event: ApiEvent): Admission | undefined {
  return metered.get(event)?.admission;
}

/** The request's metering as a use case sees it: what it bills, and the hand-over to a queued job. */
export function requestMeter(event: ApiEvent): RequestMeter {
  return {
    get admission() {
      return admissionOf(event);
    },
    bill: (record) => recordBilling(event, record),
    handOver: () => {
      deferSettlement(event);
    },
  };
}

/**
 * Rate, concurrency slot and quota before any capture work (after authenticate); settle with the
 * real bytes, or roll back, and release the slot when the request ends.
 */
export function admission(options: AdmissionOptions): middy.MiddlewareObj<ApiEvent, HttpResponse> {
  const resolve = (value: number | ((event: ApiEvent) => number) | undefined, event: ApiEvent) =>
    typeof value === 'function' ? value(event) : value;

  return {
    before: async (request) => {
      const state = stateOf(request.event);
      const principal = state.principal;
      if (!principal) throw new Error('admission() must run after authenticate()');
      try {
        const admitted = await admit({
          accountId: principal.accountId,
          endpoint: options.endpoint,
          estimateBytes: resolve(options.estimateBytes, request.event),
          creditCost: resolve(options.creditCost, request.event),
        });
        state.rate = admitted.rate;
        metered.set(request.event, { admission: admitted, endpoint: options.endpoint, done: false });
      } catch (error) {
        if (error instanceof AdmissionRejected) {
          state.rate = error.rate;
          // AdmissionRejected is built with these codes only; its field keeps ApiError's wider type.
          countAdmissionRefusal(options.endpoint, error.code as AdmissionRefusalReason);
        }
        throw error;
      }
    },
    after: async (request) => {
      const entry = metered.get(request.event);
      if (!entry || entry.done) return;
      entry.done = true;
      if (!entry.billing) {
        // A handler that reports nothing bills nothing; say so loudly, it is a bug in that handler.
        logger().warn('metered request without recordBilling', { endpoint: options.endpoint });
        countCapture(options.endpoint, 'unbilled');
        await rollback(entry.admission);
        return;
      }
      try {
        // May throw 402 quota_exceeded, after rolling back: the error envelope answers instead.
        await settle(entry.admission, entry.billing);
        countCapture(options.endpoint, 'succeeded');
      } catch (error) {
        countCapture(options.endpoint, error instanceof AdmissionRejected ? 'over_quota' : 'failed');
        throw error;
      }
    },
    onError: async (request) => {
      const entry = metered.get(request.event);
      if (!entry || entry.done) return;
      entry.done = true;
      countCapture(options.endpoint, 'failed');
      const keep = chargeOnFailure(entry.billing, entry.admission.creditCost);
      try {
        if (keep.bandwidth && entry.billing) {
          await settle(entry.admission, entry.billing, { refundCredits: !keep.credits });
        } else {
          await rollback(entry.admission, { keepCredits: keep.credits });
        }
      } catch (error) {
        // The request's own error is what the client must see; a failed rollback leaves an expiring lease.
        if (!(error instanceof AdmissionRejected)) {
          logger().error('metering cleanup failed', { error });
        }
      }
    },
  };
}
