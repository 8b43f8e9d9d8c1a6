import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROUTES } from '@webcapture/http';
import { describe, expect, it } from 'vitest';
import { api } from './support/api';

/*
 * The OpenAPI description is for people too: every operation has a summary, a description, a tag
 * and at least one example (packages/http/src/openapi-docs.ts is where a route adds them), and
 * npm start serves it rendered at /docs.
 */
const document = JSON.parse(readFileSync(resolve(import.meta.dirname, '../docs/openapi.json'), 'utf8'));

type Operation = Record<string, unknown> & {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ example?: unknown }>;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
);

function hasExample(operation: Operation): boolean {
  const bodies = [
    ...Object.values(operation.requestBody?.content ?? {}),
    ...Object.values(operation.responses).flatMap((answer) => Object.values(answer.content ?? {})),
  ];
  return (
    bodies.some((body) => body.example !== undefined) ||
    (operation.parameters ?? []).some((parameter) => parameter.example !== undefined)
  );
}

describe('docs/openapi.json', () => {
  it('describes every route of the manifest', () => {
    for (const route of ROUTES) expect(document.paths[route.path], route.id).toBeDefined();
    expect(operations.length).toBeGreaterThanOrEqual(ROUTES.length);
  });

  it('gives every operation a summary, a description, a declared tag and an example', () => {
    const tags = new Set((document.tags as Array<{ name: string }>).map((tag) => tag.name));
    const missing = operations.flatMap(({ path, method, operation }) => {
      const lacks = [
        !operation.summary && 'summary',
        !operation.description && 'description',
        !(operation.tags?.length && operation.tags.every((tag) => tags.has(tag))) && 'tag',
        !hasExample(operation) && 'example',
      ].filter(Boolean);
      return lacks.length ? [`${method.toUpperCase()} ${path}: ${lacks.join(', ')} (openapi-docs.ts)`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('names the local server and a templated deployed stage', () => {
    expect(document.servers[0].url).toBe('http://127.0.0.1:8787');
    expect(document.servers[1]).toMatchObject({
      url: expect.stringContaining('{apiId}'),
      variables: { apiId: { default: expect.any(String) }, region: { default: expect.any(String) } },
    });
  });
});

describe('GET /docs on the local runtime', () => {
  it('serves the rendered reference from node_modules, and the description it reads', async () => {
    const page = await api('/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('/docs/openapi.json');
    expect(page.text).not.toMatch(/https?:\/\//);
    for (const asset of page.text.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)) {
      const response = await api(asset[1] as string);
      expect(response.status, asset[1]).toBe(200);
      expect(response.text.length, asset[1]).toBeGreaterThan(100);
    }
    const served = await api('/docs/openapi.json');
    expect(served.json).toEqual(document);
    expect((await api('/docs/../package.json')).status).toBe(404);
  });
});
