import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isApiError } from '@webcapture/errors';
import {
  canonicalFieldNames,
  objectShape,
  otherSpelling,
  ROUTES,
  registeredRouteSpecs,
  validate,
} from '@webcapture/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { FixtureSite } from './fixtures/site';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';

/*
 * One naming rule on every endpoint (docs/api/conventions.md): the spec's spelling is canonical,
 * the other spelling of the same name is an alias, both at once is a 400, and an unknown key is
 * answered with one shape of details.fields and, for a near miss, a suggestion.
 */

/** Every request schema of the manifest, as the handlers register them (importing a handler registers it). */
async function routeSchemas(): Promise<Array<{ route: string; where: 'body' | 'query'; schema: z.ZodType }>> {
  for (const file of new Set(ROUTES.map((route) => route.handler))) {
    await import(pathToFileURL(resolve(import.meta.dirname, '..', file)).href);
  }
  const schemas = [];
  for (const [route, spec] of registeredRouteSpecs()) {
    if (spec.body) schemas.push({ route, where: 'body' as const, schema: spec.body });
    if (spec.query) schemas.push({ route, where: 'query' as const, schema: spec.query });
  }
  return schemas;
}

function thrown(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('every route schema', () => {
  it('takes the other spelling of each field as an alias, refuses both at once, and suggests near misses', async () => {
    const schemas = await routeSchemas();
    // The manifest's request schemas: scrape, fetch (POST and GET), bulk, screenshots, schema, search, …
    expect(schemas.length).toBeGreaterThanOrEqual(15);
    let aliases = 0;
    let nearMisses = 0;
    for (const { route, where, schema } of schemas) {
      const shape = objectShape(schema);
      if (!shape) continue;
      for (const field of Object.keys(shape)) {
        const alias = otherSpelling(field);
        if (alias && !(alias in shape)) {
          aliases++;
          expect(canonicalFieldNames(schema, { [alias]: 1 }), `${route} ${alias}`).toEqual({ [field]: 1 });
          const both = thrown(() => canonicalFieldNames(schema, { [alias]: 1, [field]: 1 }));
          expect(both.status, `${route} ${alias}+${field}`).toBe(400);
          expect(both.details?.fields).toEqual([
            { field: alias, reason: 'duplicate_field', message: expect.any(String), suggestion: field },
          ]);
        }
        const strict = (schema as { def: { catchall?: { def: { type: string } } } }).def.catchall;
        if (field.length < 6 || strict?.def.type !== 'never') continue;
        // One letter dropped: a near miss that is no field's spelling.
        const typo = `${field.slice(0, -2)}${field.slice(-1)}`;
        if (typo in shape || (otherSpelling(typo) ?? '') in shape) continue;
        nearMisses++;
        const unknown = thrown(() => validate(schema, { [typo]: 1 }, where));
        const fields = (unknown.details?.fields ?? []) as Array<Record<string, unknown>>;
        const entry = fields.find((f) => f.field === typo);
        expect(entry, `${route} ${typo}`).toEqual({
          field: typo,
          reason: 'unknown_field',
          message: `is not a field here; did you mean ${field}?`,
          suggestion: field,
        });
      }
    }
    expect(aliases).toBeGreaterThan(40);
    expect(nearMisses).toBeGreaterThan(40);
  });

  it('renames aliases inside nested objects (a bulk job’s per-URL options) and leaves free-form values alone', async () => {
    await routeSchemas();
    const bulk = registeredRouteSpecs().get('scrape-bulk-create')?.body as z.ZodType;
    expect(
      canonicalFieldNames(bulk, {
        urls: ['https://a.example', { url: 'https://b.example', timeoutMs: 5000 }],
        markdown_mode: 'raw',
        custom: { someKey: 1, other_key: 2 },
      }),
    ).toEqual({
      urls: ['https://a.example', { url: 'https://b.example', timeout_ms: 5000 }],
      markdownMode: 'raw',
      custom: { someKey: 1, other_key: 2 },
    });
  });
});

describe('field names over HTTP', () => {
  let site: FixtureSite;
  let key: string;
  beforeAll(async () => {
    ({ site, key } = await startCaptureTestbed());
  });
  afterAll(() => site.close());

  it('scrape takes markdown_mode as an alias of markdownMode, with the same answer', async () => {
    const body = { url: `${site.url}/html`, formats: ['markdown'], cache_ttl: 0 };
    const canonical = await api('/v1/scrape', { key, body: { ...body, markdownMode: 'raw' } });
    const alias = await api('/v1/scrape', { key, body: { ...body, markdown_mode: 'raw' } });
    expect(alias.status).toBe(200);
    expect(alias.json.formats.markdown).toBe(canonical.json.formats.markdown);
    const article = await api('/v1/scrape', { key, body });
    expect(article.json.formats.markdown).not.toBe(alias.json.formats.markdown);
  });

  it('fetch takes markdownMode as an alias of markdown_mode (body and query string)', async () => {
    const url = `${site.url}/html`;
    const body = await api('/v1/fetch', { key, body: { url, format: 'markdown', markdownCompact: true } });
    expect(body.status).toBe(200);
    const query = await api(`/v1/fetch?url=${encodeURIComponent(url)}&format=markdown&markdownCompact=true`, {
      key,
    });
    expect(query.status).toBe(200);
    expect(query.text).toBe(body.text);
  });

  it('both spellings at once: 400 naming the canonical one', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, markdownMode: 'raw', markdown_mode: 'llm' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error).toMatchObject({
      code: 'validation_error',
      details: {
        fields: [{ field: 'markdown_mode', reason: 'duplicate_field', suggestion: 'markdownMode' }],
      },
    });
  });

  it('an unknown key: 422 with one entry per key and a suggestion for a near miss only', async () => {
    const response = await api('/v1/scrape', {
      key,
      body: { url: `${site.url}/html`, markdown_mod: 'raw', colour: 'blue' },
    });
    expect(response.status).toBe(422);
    expect(response.json.error.details.fields).toEqual([
      {
        field: 'markdown_mod',
        reason: 'unknown_field',
        message: 'is not a field here; did you mean markdownMode?',
        suggestion: 'markdownMode',
      },
      { field: 'colour', reason: 'unknown_field', message: 'is not a field here' },
    ]);
  });

  it('an option fetch does not serve is refused in either spelling, with the one field shape', async () => {
    const response = await api('/v1/fetch', {
      key,
      body: { url: `${site.url}/html`, waitForSelector: '#x' },
    });
    expect(response.status).toBe(400);
    expect(response.json.error.details.fields).toEqual([
      { field: 'waitForSelector', reason: 'not_accepted_here', message: expect.stringContaining('scrape') },
    ]);
  });
});
