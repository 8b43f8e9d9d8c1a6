import { parseHtml, UrlResolver } from '@webcapture/content';
import type { ErrorObject } from 'ajv/dist/2020';
import { fillObject, MissingRequired, NOT_FOUND, rankRoots, typesOf } from './fill';
import type { FillContext, Provenance } from './fill-context';
import { type Entity, newEntity } from './page-model';
import { pageEntity } from './page-signals';
import { relaxedSchema } from './relaxed-schema';
import { ajvMessages, type CompiledSchema, type JsonSchema } from './schema';
import { jsonLdEntities, markupEntities } from './structured-data';

export type { Provenance } from './fill-context';
export type { SourceKind } from './page-model';
export {
  type CompiledSchema,
  compileSchema,
  InvalidSchemaError,
  SCHEMA_LIMITS,
  UNGUIDED_KEYWORDS,
} from './schema';

export interface ExtractOptions {
  html: string;
  /** The page's URL: relative links resolve against it (and its `<base href>`). */
  url: string;
  /** The caller's schema, compiled once with compileSchema (reusable across pages). */
  schema: CompiledSchema;
  /** Only JSON-LD, nothing else (the benchmark's baseline). */
  jsonLdOnly?: boolean;
}

export interface Extraction {
  /** Validates against the schema: checked by ajv before it is returned. */
  data: unknown;
  /** JSON pointer of each placed value → where it came from. */
  fields: Record<string, Provenance>;
  /** Schema keywords the answer satisfies but extraction does not steer by. */
  unsupported_keywords: string[];
}

/** What was found when a required value was not: valid against the schema without `required`. */
export interface PartialExtraction {
  data: unknown;
  fields: Record<string, Provenance>;
}

/** Required properties could not be filled with values that pass their subschemas. */
export class ExtractionFailedError extends Error {
  /** The best answer the page gives with `required` relaxed (set by extract; absent if none). */
  partial?: PartialExtraction;

  constructor(
    readonly missing: string[],
    readonly errors: string[] = [],
  ) {
    super(
      missing.length
        ? `No value on the page passes the schema for the required ${missing.length === 1 ? 'property' : 'properties'} ${missing.join(', ')}.`
        : `The values found on the page do not satisfy the schema: ${errors.slice(0, 3).join('; ')}.`,
    );
    this.name = 'ExtractionFailedError';
  }
}

/** What the page says, read once: schema.org items of every syntax, and the page's own signals. */
export interface PageData {
  entities: Entity[];
  page: Entity;
  resolver: UrlResolver;
}

export function readPage(html: string, url: string, jsonLdOnly = false): PageData {
  const doc = parseHtml(html);
  const resolver = new UrlResolver(url, doc);
  if (jsonLdOnly) return { entities: jsonLdEntities(doc), page: newEntity([], 'page', 'page'), resolver };
  return {
    entities: [...jsonLdEntities(doc), ...markupEntities(doc, resolver)],
    page: pageEntity(doc, resolver),
    resolver,
  };
}

const MAX_REPAIRS = 50;

/**
 * HTML + schema → JSON that validates against the schema. Pure: no I/O. Throws
 * ExtractionFailedError when required properties cannot be filled with valid values.
 */
export function extract(options: ExtractOptions): Extraction {
  const page = readPage(options.html, options.url, options.jsonLdOnly);
  try {
    return extractFrom(page, options.schema, !options.jsonLdOnly);
  } catch (error) {
    if (error instanceof ExtractionFailedError) error.partial = partialFrom(page, options, error);
    throw error;
  }
}

/**
 * The same page against the schema with every `required` relaxed: what a caller can still use
 * when a required value is missing. Validated like any answer (never an invented value).
 */
function partialFrom(
  page: PageData,
  options: ExtractOptions,
  failure: ExtractionFailedError,
): PartialExtraction | undefined {
  if (!failure.missing.length) return undefined;
  try {
    const relaxed = relaxedSchema(options.schema);
    const { data, fields } = extractFrom(page, relaxed, !options.jsonLdOnly);
    return data && typeof data === 'object' && Object.keys(data).length ? { data, fields } : undefined;
  } catch {
    return undefined;
  }
}

export function extractFrom(page: PageData, compiled: CompiledSchema, withPage = true): Extraction {
  const ctx: FillContext = {
    compiled,
    entities: page.entities,
    page: page.page,
    resolver: page.resolver,
    fields: {},
  };
  const root = compiled.resolve(compiled.root) as Record<string, unknown>;
  let data: unknown;
  try {
    if (typesOf(root).includes('object')) {
      data = fillObject(root, rankRoots(root, ctx), '', ctx, withPage, true);
    } else {
      throw new ExtractionFailedError([], ['the root of the schema must describe an object']);
    }
  } catch (error) {
    if (error instanceof MissingRequired) throw new ExtractionFailedError(error.pointers);
    throw error;
  }
  if (data === NOT_FOUND) throw new ExtractionFailedError(['']);
  data = repair(data, compiled, ctx.fields);
  return { data, fields: ctx.fields, unsupported_keywords: compiled.unsupportedKeywords };
}

/**
 * The last gate: the whole answer against the whole schema (keywords that span properties —
 * dependentRequired, not, if/then — are only checked here). Optional values that break it are
 * removed one at a time; a required one that does means failure. Never returns an invalid answer.
 */
function repair(data: unknown, compiled: CompiledSchema, fields: Record<string, Provenance>): unknown {
  for (let round = 0; round <= MAX_REPAIRS; round++) {
    if (compiled.validate(data)) return data;
    const errors = compiled.validate.errors ?? [];
    const blamed =
      errors.map((e) => blameOf(e)).find((p) => p && removable(data, p)) ??
      leastTrusted(data, errors[0]?.instancePath ?? '', compiled, fields, errors.length);
    if (!blamed) throw new ExtractionFailedError(missingOf(errors), ajvMessages(errors));
    removeAt(data, blamed);
    for (const key of Object.keys(fields))
      if (key === blamed || key.startsWith(`${blamed}/`)) delete fields[key];
  }
  throw new ExtractionFailedError([], ['the answer could not be made valid']);
}

/** The value an error names: its own path, or the property a cross-property keyword names. */
function blameOf(error: ErrorObject): string {
  if (error.keyword === 'dependentRequired' || error.keyword === 'dependencies') {
    return `${error.instancePath}/${String(error.params.property)}`;
  }
  return error.instancePath;
}

/**
 * For errors a path cannot pin (not, if/then, oneOf on the object): the least trusted property of
 * the object whose removal makes the answer valid or leaves fewer errors.
 */
function leastTrusted(
  data: unknown,
  at: string,
  compiled: CompiledSchema,
  fields: Record<string, Provenance>,
  errorCount: number,
): string | undefined {
  const found = at ? parentOf(data, at) : { parent: { '': data }, key: '' };
  const target = found?.parent ? (found.parent as Record<string, unknown>)[found.key] : undefined;
  if (!target || typeof target !== 'object' || Array.isArray(target)) return undefined;
  const keys = Object.keys(target).sort(
    (a, b) => (fields[`${at}/${a}`]?.confidence ?? 1) - (fields[`${at}/${b}`]?.confidence ?? 1),
  );
  for (const key of keys) {
    const pointer = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const trial = structuredClone(data);
    removeAt(trial, pointer);
    if (compiled.validate(trial) || (compiled.validate.errors?.length ?? errorCount) < errorCount)
      return pointer;
  }
  return undefined;
}

function missingOf(
  errors: { keyword: string; instancePath: string; params: Record<string, unknown> }[],
): string[] {
  return errors
    .filter((e) => e.keyword === 'required')
    .map((e) => `${e.instancePath}/${String(e.params.missingProperty)}`);
}

function parentOf(data: unknown, pointer: string): { parent: unknown; key: string } | null {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let current: unknown = data;
  for (const part of parts.slice(0, -1)) {
    if (!current || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[part];
  }
  const key = parts[parts.length - 1];
  return key === undefined ? null : { parent: current, key };
}

function removable(data: unknown, pointer: string): boolean {
  const found = parentOf(data, pointer);
  return !!found && !!found.parent && typeof found.parent === 'object';
}

function removeAt(data: unknown, pointer: string): void {
  const found = parentOf(data, pointer);
  if (!found?.parent || typeof found.parent !== 'object') return;
  if (Array.isArray(found.parent)) found.parent.splice(Number(found.key), 1);
  else delete (found.parent as Record<string, unknown>)[found.key];
}

export type { JsonSchema };
