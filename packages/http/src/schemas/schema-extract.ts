import { ApiError, fieldError } from '@webcapture/errors';
import { type CompiledSchema, compileSchema, InvalidSchemaError } from '@webcapture/extract';
import type { SchemaExtractionOptions } from '@webcapture/scraping';
import { z } from 'zod';
import { fieldsPresent } from '../field-names';
import { cacheTtl, country, custom } from './capture-fields';
import { MAX_SCHEMA_DEPTH, nestingIssue, nestsDeeperThan } from './json-depth';
import { checkUrlFields } from './url-fields';

/** Scrape options that need a browser; POST /v1/schema serves only the fast path (spec). */
export const RENDERING_FIELDS = [
  'wait_until',
  'delay_ms',
  'wait_for_selector',
  'cookies',
  'headers',
] as const;

/** A caller's JSON Schema, compiled: 422 validation_error with ajv's messages when it is not a valid one (shared by /v1/schema and monitors). */
export const compiledJsonSchema = z.record(z.string(), z.unknown()).transform((value, ctx) => {
  // Before the compile cache's JSON.stringify and ajv's walk, which both recurse per level.
  if (nestsDeeperThan(value, MAX_SCHEMA_DEPTH)) {
    ctx.addIssue(nestingIssue(MAX_SCHEMA_DEPTH));
    return z.NEVER;
  }
  try {
    return compiledSchema(value);
  } catch (error) {
    if (!(error instanceof InvalidSchemaError)) throw error;
    // ajv's own messages, one field error each: details.fields[].message.
    for (const message of error.errors)
      ctx.addIssue({ code: 'custom', message: `${error.message} ${message}` });
    return z.NEVER;
  }
});

/** POST /v1/schema. URLs and rendering options are checked before this schema (400s). */
export const schemaExtractBody = z.strictObject({
  url: z.string().describe('The page to extract from, http or https; otherwise 400 invalid_url.'),
  schema: compiledJsonSchema.describe(
    'A JSON Schema (draft 2020-12; `$schema` may be left out) whose root is an object. At most 64 KiB, 8 levels of nesting (32 levels of JSON objects and arrays) and 300 properties; only local $refs. An invalid schema is 422 validation_error with details.errors.',
  ),
  country,
  timeout_ms: z.number().int().min(1000).max(60_000).default(30_000),
  cache_ttl: cacheTtl.describe(
    'Oldest cached capture to accept (shared with scrape and fetch): "<N>h" or "<N>d" (above 168h / 7d counts as 7d); 0, "0", "0h" or "0d" skips the cache.',
  ),
  custom,
});

export type SchemaExtractRequest = z.output<typeof schemaExtractBody>;

/** 400 invalid_url for the URL, then 400 unsupported_url for a rendering option (spec, Errors). */
export async function schemaPrecheck(input: unknown): Promise<void> {
  await checkUrlFields(input);
  const present = fieldsPresent(input, RENDERING_FIELDS);
  if (present.length) {
    const instead =
      'POST /v1/schema serves only the fast path; use POST /v1/scrape (it renders asynchronously) and extract from its HTML';
    throw new ApiError(
      'unsupported_url',
      `${present.join(', ')} need${present.length > 1 ? '' : 's'} a rendering browser; ${instead}.`,
      { details: { fields: present.map((field) => fieldError(field, 'needs_rendering', `${instead}.`)) } },
    );
  }
}

const COMPILED_CACHE_SIZE = 100;
const compiled = new Map<string, CompiledSchema>();

/** Callers send the same schema again and again: compiled ones are kept per process. */
function compiledSchema(schema: Record<string, unknown>): CompiledSchema {
  const key = JSON.stringify(schema);
  const hit = compiled.get(key);
  if (hit) return hit;
  const fresh = compileSchema(schema);
  if (compiled.size >= COMPILED_CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  compiled.set(key, fresh);
  return fresh;
}

export function schemaExtractOptions(request: SchemaExtractRequest): SchemaExtractionOptions {
  return {
    url: request.url,
    country: request.country,
    timeoutMs: request.timeout_ms,
    cacheTtlSeconds: request.cache_ttl,
    schema: request.schema,
    custom: request.custom,
  };
}
