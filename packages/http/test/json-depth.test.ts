import { isApiError } from '@webcapture/errors';
import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../src/middleware/json-body';
import { custom } from '../src/schemas/capture-fields';
import {
  MAX_BODY_DEPTH,
  MAX_CUSTOM_DEPTH,
  MAX_SCHEMA_DEPTH,
  nestsDeeperThan,
} from '../src/schemas/json-depth';
import { schemaExtractBody } from '../src/schemas/schema-extract';

/** `{"a":{"a":…1…}}`, `depth` objects deep, as text: deeper than JSON.stringify could ever write. */
function nestedText(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not scalars, and stops at the limit', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: null }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: [] }] }, 3)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(nestedText(100_000)), 10)).toBe(true);
  });
});

describe('deep JSON is refused before anything recurses over it', () => {
  it('a body nested past MAX_BODY_DEPTH: 422 validation_error nesting_too_deep, even 100,000 deep', () => {
    for (const depth of [MAX_BODY_DEPTH + 1, 5000, 100_000]) {
      let thrown: unknown;
      try {
        parseJsonBody(Buffer.from(`{"url":"https://example.com","custom":${nestedText(depth)}}`));
      } catch (error) {
        thrown = error;
      }
      expect(isApiError(thrown) && thrown.status).toBe(422);
      expect(isApiError(thrown) && thrown.details).toEqual({
        reason: 'nesting_too_deep',
        limit_depth: MAX_BODY_DEPTH,
      });
    }
    expect(parseJsonBody(Buffer.from(nestedText(MAX_BODY_DEPTH)))).toBeTypeOf('object');
  });

  it('custom: at most 64 levels, a field error past them', () => {
    expect(custom.safeParse(JSON.parse(nestedText(MAX_CUSTOM_DEPTH))).success).toBe(true);
    const refused = custom.safeParse(JSON.parse(nestedText(MAX_CUSTOM_DEPTH + 1)));
    expect(refused.error?.issues[0]?.message).toBe('must nest at most 64 levels of objects and arrays');
    // Far past the cap, within the body's: refused by depth, never serialised.
    expect(custom.safeParse(JSON.parse(nestedText(MAX_BODY_DEPTH - 2))).success).toBe(false);
  });

  it('schema: at most 32 levels of JSON, a field error past them', () => {
    const refused = schemaExtractBody.safeParse({
      url: 'https://example.com',
      schema: JSON.parse(nestedText(MAX_SCHEMA_DEPTH + 1)),
    });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['schema', 'must nest at most 32 levels of objects and arrays'],
    ]);
  });
});
