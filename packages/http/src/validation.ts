import { ApiError } from '@webcapture/errors';
import type { z } from 'zod';

/**
 * Runs a zod schema; failures become validation_error naming every field and what to fix: 422,
 * or 400 where the spec says so (field errors on /v1/search and the billing routes).
 */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
  where: 'body' | 'query',
  status: 400 | 422 = 422,
): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : where,
    message: issue.message,
  }));
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  throw new ApiError('validation_error', `Invalid ${where}: ${summary}`, {
    status,
    details: { fields },
  });
}
