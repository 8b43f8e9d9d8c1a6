import { ApiError, fieldError } from '@webcapture/errors';
import { distance } from 'fastest-levenshtein';
import type { z } from 'zod';

/**
 * One naming rule for every endpoint (README, docs/api/conventions.md): each field keeps the
 * spelling the spec gives it on its endpoint (scrape's markdownMode, fetch's markdown_mode, the
 * snake_case of the rest), which is the canonical one, and the other spelling of the same name —
 * camelCase for snake_case and back — is accepted as an alias. Sending both is ambiguous: 400.
 */

/** `markdown_mode` ↔ `markdownMode`; undefined for a one-word name, which has one spelling. */
export function otherSpelling(name: string): string | undefined {
  const other = name.includes('_')
    ? name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase())
    : name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  return other === name ? undefined : other;
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown) => (schema as { def: Def }).def;

/** Through defaults, optionals, transforms and the like to the schema that says what the value is. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.innerType) current = def.innerType as z.ZodType;
    else if (def.type === 'pipe') current = def.in as z.ZodType;
    else return current;
  }
}

/** The fields of an object schema; for a union (a bulk URL: a string or an object), its object's. */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(unwrap(schema));
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def.type === 'union') {
    for (const option of def.options as z.ZodType[]) {
      const shape = objectShape(option);
      if (shape) return shape;
    }
  }
  return undefined;
}

function elementOf(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(unwrap(schema));
  return def.type === 'array' ? (def.element as z.ZodType) : undefined;
}

/** The schema of the value at `path` (object keys and array indexes), as zod reports issue paths. */
export function schemaAt(schema: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const segment of path) {
    if (!current) return undefined;
    current = typeof segment === 'number' ? elementOf(current) : objectShape(current)?.[String(segment)];
  }
  return current;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const joinPath = (path: readonly PropertyKey[], name: string) => [...path.map(String), name].join('.');

/**
 * The input with every alias renamed to its canonical field, at every depth the schema describes
 * (a bulk job's per-URL objects too). Free-form values (`custom`, `headers`) are left as sent.
 */
export function canonicalFieldNames(schema: z.ZodType, input: unknown, path: PropertyKey[] = []): unknown {
  if (Array.isArray(input)) {
    const element = elementOf(schema);
    return element ? input.map((item, index) => canonicalFieldNames(element, item, [...path, index])) : input;
  }
  const shape = isPlainObject(input) ? objectShape(schema) : undefined;
  if (!shape || !isPlainObject(input)) return input;
  const output: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    const canonical = name in shape ? name : aliasOf(name, shape);
    if (canonical !== name && canonical in input) throw bothSpellings(path, name, canonical);
    const field = shape[canonical];
    output[canonical] = field ? canonicalFieldNames(field, value, [...path, canonical]) : value;
  }
  return output;
}

function aliasOf(name: string, shape: Record<string, z.ZodType>): string {
  const other = otherSpelling(name);
  return other && other in shape ? other : name;
}

function bothSpellings(path: readonly PropertyKey[], alias: string, canonical: string): ApiError {
  const message = `${alias} and ${canonical} are two spellings of one field; send only ${canonical} (the canonical spelling here).`;
  return new ApiError('validation_error', message, {
    status: 400,
    details: { fields: [fieldError(joinPath(path, alias), 'duplicate_field', message, canonical)] },
  });
}

/** Spellings compared without case, `_` or `-`: `MarkdownMode`, `markdown-mode` are near `markdownMode`. */
const folded = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/**
 * The known field a mistyped name most likely meant: the closest by edit distance, when close
 * enough that the guess is useful (at most 2 edits, and fewer than a third of the name).
 */
export function suggestField(name: string, known: readonly string[]): string | undefined {
  let best: { field: string; edits: number } | undefined;
  for (const field of known) {
    const edits = distance(folded(name), folded(field));
    if (!best || edits < best.edits) best = { field, edits };
  }
  if (!best) return undefined;
  const allowed = Math.min(2, Math.floor(folded(name).length / 3));
  return best.edits <= allowed ? best.field : undefined;
}

/** Which of `fields` the input names, in either spelling, as the caller spelled them. */
export function fieldsPresent(input: unknown, fields: readonly string[]): string[] {
  if (!isPlainObject(input)) return [];
  return Object.keys(input).filter(
    (name) =>
      input[name] !== undefined && (fields.includes(name) || fields.includes(otherSpelling(name) ?? '')),
  );
}
