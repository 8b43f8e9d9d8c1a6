import { ApiError } from '@webcapture/errors';
import { createAccount, type LimitOverrides, setAccountOverrides } from '../../src';

/** A fresh account (so no test shares counters) with the given limit overrides. */
export async function meteredAccount(overrides: LimitOverrides = {}, planId?: string): Promise<string> {
  const account = await createAccount({ name: 'metering test', planId });
  await setAccountOverrides(account.id, overrides);
  return account.id;
}

/** The ApiError a promise rejects with, or undefined when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

/** Resolves just after the next one-second boundary, so a burst stays inside one window. */
export async function nextSecond(): Promise<void> {
  const wait = 1000 - (Date.now() % 1000) + 5;
  await new Promise((resolve) => setTimeout(resolve, wait));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
