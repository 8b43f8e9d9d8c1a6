import { ApiError } from '@webcapture/errors';
import { expect } from 'vitest';

/** Awaits `promise`, asserts it rejected with an ApiError of `code`, and returns that error. */
export async function expectApiError(promise: Promise<unknown>, code: string): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).code).toBe(code);
  return error as ApiError;
}
