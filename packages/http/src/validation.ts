import { ApiError } from '@webcapture/errors';
import type { z } from 'zod';

/** Runs a zod schema; failures become 422 validation_error naming every field and what to fix. */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
  where: 'body' | 'query',
): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : where,
    message: issue.message,
  }));
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  throw new ApiError('validation_error', `Invalid ${where}: ${summary}`, {
    status: 422,
    details: { fields },
  });
}
