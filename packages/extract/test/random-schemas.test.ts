import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { compileSchema, ExtractionFailedError, extract } from '../src/index';

/**
 * Property: whatever the schema and the page, an answer that is returned validates against the
 * schema (checked here by a separate ajv), and a failure names required properties.
 */
const dir = join(import.meta.dirname, 'fixtures');
const pages = readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));

/** mulberry32: a small seeded generator, so a failing case can be replayed from its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick };
}

const NAMES = [
  'name',
  'title',
  'price',
  'currency',
  'author',
  'date',
  'published',
  'image',
  'url',
  'rating',
  'reviews',
  'brand',
  'sku',
  'description',
  'ingredients',
  'steps',
  'tags',
  'availability',
  'company',
  'city',
  'salary',
  'events',
  'books',
  'items',
  'offers',
  'prep_time',
  'servings',
  'weight',
  'color',
  'isbn',
  'team',
  'x_unknown',
];

type Gen = ReturnType<typeof generator>;

function scalar(g: Gen): Record<string, unknown> {
  const kind = g.pick([
    'string',
    'number',
    'integer',
    'boolean',
    'enum',
    'date',
    'uri',
    'pattern',
    'nullable',
    'bounded',
  ]);
  switch (kind) {
    case 'enum':
      return {
        enum: g.pick([
          ['in_stock', 'out_of_stock'],
          ['a', 'b', 1, null],
          ['full_time', 'part_time'],
        ]),
      };
    case 'date':
      return { type: 'string', format: g.pick(['date', 'date-time']) };
    case 'uri':
      return { type: 'string', format: 'uri' };
    case 'pattern':
      return { type: 'string', pattern: g.pick(['^[A-Z]{3}$', '^\\d+$', '^[a-z ]+$', 'e']) };
    case 'nullable':
      return { type: [g.pick(['string', 'number', 'integer']), 'null'] };
    case 'bounded':
      return g.next() < 0.5
        ? { type: 'number', minimum: g.pick([0, 10, 100]), maximum: g.pick([5, 50, 1000]) }
        : { type: 'string', minLength: g.pick([1, 5, 20]), maxLength: g.pick([3, 10, 40]) };
    default:
      return { type: kind };
  }
}

function schemaOf(g: Gen, depth: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const count = 1 + Math.floor(g.next() * 6);
  for (let i = 0; i < count; i++) {
    const roll = g.next();
    properties[g.pick(NAMES)] =
      depth < 2 && roll < 0.15
        ? schemaOf(g, depth + 1)
        : depth < 2 && roll < 0.3
          ? {
              type: 'array',
              items: g.next() < 0.5 ? scalar(g) : schemaOf(g, depth + 1),
              ...(g.next() < 0.3 ? { minItems: 2 } : {}),
            }
          : roll < 0.35
            ? { anyOf: [scalar(g), scalar(g)] }
            : scalar(g);
  }
  const names = Object.keys(properties);
  const required = names.filter(() => g.next() < 0.3);
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(g.next() < 0.2 ? { additionalProperties: false } : {}),
    ...(g.next() < 0.1 ? { minProperties: 2 } : {}),
  };
}

describe('random schemas over real pages', () => {
  it('never return data that fails the schema', { timeout: 120_000 }, () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    let answered = 0;
    let failed = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const g = generator(seed);
      const schema = schemaOf(g, 0);
      const html = g.pick(pages);
      try {
        const { data } = extract({ html, url: 'https://example.test/p', schema: compileSchema(schema) });
        const valid = ajv.validate(schema, data);
        if (!valid)
          throw new Error(`seed ${seed}: invalid data ${JSON.stringify(data)} for ${JSON.stringify(schema)}`);
        answered++;
      } catch (error) {
        if (!(error instanceof ExtractionFailedError)) throw error;
        failed++;
      }
    }
    // Both outcomes occur, so the property is exercised on real answers, not only on refusals.
    expect(answered).toBeGreaterThan(100);
    expect(failed).toBeGreaterThan(10);
  });
});
