/**
 * Nesting caps for JSON the API accepts. Serialising, marshalling or walking a value recurses once
 * per level, so a body nested a few thousand deep would overflow the stack (a 500 where the caller
 * sent a bad request). Every JSON body is measured here, without recursion, before anything walks it.
 */

/** Any JSON body: deeper than every field we accept needs (bulk items, custom, schema) with room to spare. */
export const MAX_BODY_DEPTH = 128;
/** `custom`: deep enough for any real payload (its 4096 bytes allow ~2,000 levels, none of them useful). */
export const MAX_CUSTOM_DEPTH = 64;
/** `schema` of POST /v1/schema, counted as JSON (a schema's own nesting limit, 8, counts properties and items). */
export const MAX_SCHEMA_DEPTH = 32;

/**
 * Whether a parsed JSON value nests arrays and objects more than `limit` levels (`{}` is one level,
 * a scalar none). Iterative, and stops at the first level past the limit.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, depth } = next;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(node)) pending.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/** The zod issue for a field nested past its cap; `params` carry the cap for details.fields. */
export function nestingIssue(limit: number) {
  return {
    code: 'custom' as const,
    message: `must nest at most ${limit} levels of objects and arrays`,
    params: { limit_depth: limit },
  };
}
