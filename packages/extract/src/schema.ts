import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** Caps on the caller's schema, so one request cannot make the extractor walk without end. */
export const SCHEMA_LIMITS = {
  /** Serialised JSON size of the schema. */
  maxBytes: 64 * 1024,
  /** Nesting of objects and arrays below the root (properties, items, $defs followed by $ref). */
  maxDepth: 8,
  /** Properties declared across the whole schema. */
  maxProperties: 300,
} as const;

/**
 * Keywords that are validated (the answer always passes them) but do not steer extraction: a
 * candidate that breaks them is dropped rather than reshaped. Reported with every answer.
 */
export const UNGUIDED_KEYWORDS = [
  'not',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'dependentRequired',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'patternProperties',
  'propertyNames',
  'prefixItems',
  'uniqueItems',
  'multipleOf',
  '$dynamicRef',
  '$dynamicAnchor',
] as const;

export type JsonSchema = Record<string, unknown> | boolean;

/** The schema is not one we can use: the messages say why (ajv's own where ajv refused it). */
export class InvalidSchemaError extends Error {
  constructor(
    message: string,
    readonly errors: string[],
  ) {
    super(message);
    this.name = 'InvalidSchemaError';
  }
}

export interface CompiledSchema {
  root: JsonSchema;
  /** Validates a whole answer. */
  validate: ValidateFunction;
  /** Validates a value against the subschema at a JSON pointer of the root schema ("" = root). */
  validateAt: (pointer: string, value: unknown) => boolean;
  /** Resolves local `$ref`s (`#/...`) to the subschema they name. */
  resolve: (schema: JsonSchema) => JsonSchema;
  /** The pointer of a subschema reached by resolve, for validateAt. */
  pointerOf: (schema: JsonSchema) => string | undefined;
  unsupportedKeywords: string[];
}

/** Schemas compiled by one ajv instance before a fresh one takes over (ajv keeps every schema it compiled). */
const SCHEMAS_PER_AJV = 500;
let shared: { ajv: Ajv2020; compiled: number } | null = null;
let serial = 0;

/** One ajv (with its formats) for many schemas: building one costs more than compiling a schema. */
function sharedAjv(): Ajv2020 {
  if (!shared || shared.compiled >= SCHEMAS_PER_AJV) {
    // strict off: callers write schemas with annotations ajv does not know (examples, x-*).
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);
    shared = { ajv, compiled: 0 };
  }
  shared.compiled++;
  return shared.ajv;
}

function ajvMessages(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`.trim());
}

/** Walks every subschema with its JSON pointer. */
function walk(
  schema: unknown,
  pointer: string,
  visit: (node: Record<string, unknown>, pointer: string) => void,
) {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return;
  const node = schema as Record<string, unknown>;
  visit(node, pointer);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'enum' || key === 'const' || key === 'examples' || key === 'default') continue;
    const here = `${pointer}/${escapePointer(key)}`;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${here}/${i}`, visit);
    } else if (value && typeof value === 'object') {
      if (key === 'properties' || key === '$defs' || key === 'definitions' || key === 'patternProperties') {
        for (const [name, sub] of Object.entries(value)) walk(sub, `${here}/${escapePointer(name)}`, visit);
      } else walk(value, here, visit);
    }
  }
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointer = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

function depthOf(schema: unknown, resolve: (s: JsonSchema) => JsonSchema, seen: Set<unknown>): number {
  if (!schema || typeof schema !== 'object') return 0;
  const node = resolve(schema as JsonSchema) as Record<string, unknown>;
  if (!node || typeof node !== 'object' || seen.has(node)) return 0;
  seen.add(node);
  let deepest = 0;
  const children: unknown[] = [];
  if (node.properties && typeof node.properties === 'object')
    children.push(...Object.values(node.properties));
  if (node.items) children.push(node.items);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    children.push(node.additionalProperties);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(node[key]))
      for (const sub of node[key] as unknown[]) deepest = Math.max(deepest, depthOf(sub, resolve, seen) - 1);
  }
  for (const child of children) deepest = Math.max(deepest, depthOf(child, resolve, seen));
  seen.delete(node);
  return deepest + (children.length ? 1 : 0);
}

/**
 * Checks and compiles the caller's schema (draft 2020-12; `$schema` may be left out). Throws
 * InvalidSchemaError with ajv's messages, or with the cap that was passed.
 */
export function compileSchema(input: unknown): CompiledSchema {
  if (typeof input === 'boolean')
    throw new InvalidSchemaError('The schema must be an object.', ['/ must be object']);
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new InvalidSchemaError('The schema must be a JSON Schema object.', ['/ must be object']);
  }
  const bytes = Buffer.byteLength(JSON.stringify(input), 'utf8');
  if (bytes > SCHEMA_LIMITS.maxBytes) {
    throw new InvalidSchemaError(
      `The schema is ${bytes} bytes; at most ${SCHEMA_LIMITS.maxBytes} are accepted.`,
      [`/ must be at most ${SCHEMA_LIMITS.maxBytes} bytes as JSON`],
    );
  }
  const declared = (input as Record<string, unknown>).$schema;
  if (declared !== undefined && typeof declared === 'string' && !declared.includes('2020-12')) {
    throw new InvalidSchemaError('Only JSON Schema draft 2020-12 is accepted.', [
      `/$schema must be https://json-schema.org/draft/2020-12/schema (or left out), not ${declared}`,
    ]);
  }
  const rootId = `urn:webcapture:caller-schema:${++serial}`;
  const root: Record<string, unknown> = { ...(input as Record<string, unknown>), $id: rootId };
  delete root.$schema;

  const byPointer = new Map<string, Record<string, unknown>>();
  const pointers = new Map<Record<string, unknown>, string>();
  const unsupported = new Set<string>();
  const refErrors: string[] = [];
  let propertyCount = 0;
  walk(root, '', (node, pointer) => {
    byPointer.set(pointer, node);
    pointers.set(node, pointer);
    if (node.properties && typeof node.properties === 'object')
      propertyCount += Object.keys(node.properties).length;
    for (const keyword of UNGUIDED_KEYWORDS) if (keyword in node) unsupported.add(keyword);
    if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
      refErrors.push(`${pointer || '/'} $ref ${node.$ref}: only local references (#/...) are resolved`);
    }
  });
  if (refErrors.length) throw new InvalidSchemaError('The schema refers to other documents.', refErrors);
  if (propertyCount > SCHEMA_LIMITS.maxProperties) {
    throw new InvalidSchemaError(
      `The schema declares ${propertyCount} properties; at most ${SCHEMA_LIMITS.maxProperties} are accepted.`,
      [`/ must declare at most ${SCHEMA_LIMITS.maxProperties} properties`],
    );
  }

  const ajv = sharedAjv();
  if (!ajv.validateSchema(root)) {
    const errors = ajvMessages(ajv.errors).map((m) => `schema ${m}`);
    throw new InvalidSchemaError('The schema is not valid JSON Schema (draft 2020-12).', errors);
  }
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(root);
  } catch (error) {
    throw new InvalidSchemaError('The schema could not be compiled.', [(error as Error).message]);
  }

  const resolve = (schema: JsonSchema): JsonSchema => {
    let current = schema;
    for (let hops = 0; hops < 16; hops++) {
      if (!current || typeof current !== 'object') return current;
      const ref = (current as Record<string, unknown>).$ref;
      if (typeof ref !== 'string') return current;
      const target = ref === '#' ? '' : ref.startsWith('#/') ? ref.slice(1) : null;
      const next =
        target === null
          ? undefined
          : byPointer.get(target.split('/').map(unescapePointer).map(escapePointer).join('/'));
      if (!next) return current;
      // Sibling keywords of $ref still apply; merging them keeps titles and descriptions.
      const { $ref: _ref, ...siblings } = current as Record<string, unknown>;
      current = Object.keys(siblings).length ? { ...next, ...siblings } : next;
      if (Object.keys(siblings).length)
        pointers.set(current as Record<string, unknown>, pointers.get(next) ?? '');
    }
    return current;
  };

  const top = resolve(root) as Record<string, unknown>;
  const topType = top.type;
  const objectRoot =
    topType === undefined
      ? !top.items
      : topType === 'object' || (Array.isArray(topType) && topType.includes('object'));
  if (!objectRoot) {
    throw new InvalidSchemaError('The root of the schema must describe an object.', [
      `/type must be "object" (the answer is one JSON object), not ${JSON.stringify(topType ?? 'array')}`,
    ]);
  }
  const depth = depthOf(root, resolve, new Set());
  if (depth > SCHEMA_LIMITS.maxDepth) {
    throw new InvalidSchemaError(
      `The schema nests ${depth} levels; at most ${SCHEMA_LIMITS.maxDepth} are accepted.`,
      [`/ must nest at most ${SCHEMA_LIMITS.maxDepth} levels of objects and arrays`],
    );
  }

  const fragments = new Map<string, ValidateFunction | null>();
  const validateAt = (pointer: string, value: unknown): boolean => {
    if (pointer === '') return validate(value) as boolean;
    let fn = fragments.get(pointer);
    if (fn === undefined) {
      try {
        fn = ajv.getSchema(`${rootId}#${encodeURI(pointer)}`) ?? null;
      } catch {
        fn = null;
      }
      fragments.set(pointer, fn);
    }
    // A fragment ajv cannot address is checked by the final whole-answer validation only.
    return fn ? (fn(value) as boolean) : true;
  };

  return {
    root,
    validate,
    validateAt,
    resolve,
    pointerOf: (schema) => (schema && typeof schema === 'object' ? pointers.get(schema) : undefined),
    unsupportedKeywords: [...unsupported].sort(),
  };
}

export { ajvMessages };
