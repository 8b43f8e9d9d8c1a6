import { createPatch, Pointer } from 'rfc6902';

/** A JSON patch (RFC 6902) from the previous data to the current. */
export interface DataDiff {
  format: 'json';
  patch: ReturnType<typeof createPatch>;
}

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema that describes `key` of an object described by `schema` (properties, else additionalProperties). */
function propertySchema(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  const properties = schema?.properties;
  const own = isObject(properties) ? properties[key] : undefined;
  if (isObject(own)) return own;
  return isObject(schema?.additionalProperties) ? schema.additionalProperties : undefined;
}

/**
 * Extracted data in a canonical form, so it compares as values: object keys sorted, strings with
 * their whitespace collapsed, and arrays the schema declares sets of (`uniqueItems`) sorted.
 */
export function canonicalData(value: unknown, schema?: JsonSchema): unknown {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim();
  if (Array.isArray(value)) {
    const itemSchema = isObject(schema?.items) ? schema.items : undefined;
    const items = value.map((item) => canonicalData(item, itemSchema));
    if (schema?.uniqueItems !== true) return items;
    return items
      .map((item) => [JSON.stringify(item), item] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, item]) => item);
  }
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = canonicalData(value[key], propertySchema(schema, key));
    return out;
  }
  return value;
}

export type DataComparison = { status: 'same' } | { status: 'changed'; diff: DataDiff };

/** Compares two canonical values (canonicalData): equal as values, or the patch between them. */
export function compareData(before: unknown, after: unknown): DataComparison {
  if (JSON.stringify(before) === JSON.stringify(after)) return { status: 'same' };
  return { status: 'changed', diff: { format: 'json', patch: createPatch(before, after) } };
}

/**
 * A data change compareData found, confirmed by a second fetch made right after the first: only
 * the patch operations both fetches show are the change (a field that differs between two fetches
 * made seconds apart is noise); none left is `same`.
 */
export function confirmDataChange(before: unknown, first: unknown, second: unknown): DataComparison {
  const found = compareData(before, first);
  if (found.status === 'same') return found;
  const again = new Set(createPatch(before, second).map((operation) => JSON.stringify(operation)));
  const patch = found.diff.patch.filter((operation) => again.has(JSON.stringify(operation)));
  return patch.length ? { status: 'changed', diff: { format: 'json', patch } } : { status: 'same' };
}

/**
 * A condition on one field of schema data (JSON Pointer `path`): it fires when it becomes true —
 * was false (or the field absent) before the check and is true after it ("price dropped below 40").
 */
export interface DataCondition {
  path: string;
  below?: number;
  above?: number;
  equals?: unknown;
  /** Any change of the field's value. */
  changes?: boolean;
}

function valueAt(data: unknown, path: string): unknown {
  try {
    return Pointer.fromJSON(path).get(data);
  } catch {
    return undefined;
  }
}

/** A number, or a numeric string ("$39.99", "1,299.00"), read as a number; otherwise null. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const match = /-?\d[\d,]*(?:\.\d+)?/.exec(value);
  return match ? Number(match[0].replace(/,/g, '')) : null;
}

function holds(condition: DataCondition, value: unknown): boolean {
  if (value === undefined) return false;
  const number = numberOf(value);
  if (condition.below !== undefined && (number === null || !(number < condition.below))) return false;
  if (condition.above !== undefined && (number === null || !(number > condition.above))) return false;
  if (condition.equals !== undefined && JSON.stringify(value) !== JSON.stringify(condition.equals))
    return false;
  return condition.below !== undefined || condition.above !== undefined || condition.equals !== undefined;
}

/** The conditions that fired between `before` (null: no earlier data) and `after`. */
export function conditionsMet(
  conditions: readonly DataCondition[],
  before: unknown,
  after: unknown,
): DataCondition[] {
  return conditions.filter((condition) => {
    const now = valueAt(after, condition.path);
    const then = before === null ? undefined : valueAt(before, condition.path);
    if (condition.changes) return before !== null && JSON.stringify(now) !== JSON.stringify(then);
    return holds(condition, now) && !holds(condition, then);
  });
}
