import { ApiError, type FieldError, fieldError } from '@webcapture/errors';
import type { z } from 'zod';
import { canonicalFieldNames, objectShape, schemaAt, suggestField } from './field-names';

/**
 * Runs a zod schema; failures become validation_error naming every field and what to fix: 422,
 * or 400 where the spec says so (field errors on /v1/search and the billing routes). Aliases
 * (the other spelling of a field) are renamed first; details.fields has one shape everywhere.
 */
export function validate<T extends z.ZodType>(
  schema: T,
  input: unknown,
  where: 'body' | 'query',
  status: 400 | 422 = 422,
): z.output<T> {
  const result = schema.safeParse(canonicalFieldNames(schema, input ?? {}));
  if (result.success) return result.data;
  const fields = result.error.issues.flatMap((issue) => fieldErrors(schema, issue, where));
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  throw new ApiError('validation_error', `Invalid ${where}: ${summary}`, {
    status,
    details: { fields },
  });
}

/** zod's issue codes, except the two a caller most needs told apart: a missing and an unknown field. */
function fieldErrors(schema: z.ZodType, issue: z.core.$ZodIssue, where: string): FieldError[] {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const at = schemaAt(schema, issue.path);
    // Folded comparison (suggestField) makes a near miss of either spelling find the canonical name.
    const known = Object.keys((at && objectShape(at)) ?? {});
    return issue.keys.map((key) => {
      const suggestion = suggestField(key, known);
      const hint = suggestion ? `; did you mean ${suggestion}?` : '';
      return fieldError([...path, key].join('.'), 'unknown_field', `is not a field here${hint}`, suggestion);
    });
  }
  const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
  return [fieldError(path.length ? path.join('.') : where, missing ? 'required' : issue.code, issue.message)];
}
