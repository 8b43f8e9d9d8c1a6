import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_HANDLER, matchPath, ROUTES, resolveRoute } from '../src/routes';

const root = resolve(import.meta.dirname, '../../..');

describe('route manifest', () => {
  it('gives every route a unique id and a unique method + path', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size).toBe(ROUTES.length);
  });

  it('points every route at a handler file that exists', () => {
    for (const file of [...ROUTES.map((r) => r.handler), FALLBACK_HANDLER]) {
      expect(existsSync(resolve(root, file)), file).toBe(true);
    }
  });

  it('covers every endpoint the spec lists, the stated-only families included', () => {
    const keys = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    for (const key of [
      'POST /v1/scrape',
      'GET /v1/scrape/{id}',
      'POST /v1/fetch',
      'GET /v1/fetch',
      'POST /v1/screenshots',
      'GET /v1/screenshots/{id}',
      'POST /v1/scrape/bulk',
      'GET /v1/scrape/bulk/{id}',
      'POST /v1/fetch/bulk',
      'GET /v1/fetch/bulk/{id}',
      'GET /v1/bulk',
      'POST /v1/bulk',
      'GET /v1/bulk/{id}/screenshots',
      'POST /v1/schema',
      'GET /v1/plans',
      'GET /v1/account',
      'GET /v1/usage/by-endpoint',
      'GET /v1/webhook-deliveries',
      'GET /health',
      'POST /v1/account/api-keys',
      'GET /v1/account/api-keys',
      'PATCH /v1/account/api-keys/{id}',
      'DELETE /v1/account/api-keys/{id}',
      'POST /v1/monitors',
      'GET /v1/monitors',
      'POST /v1/monitors/{id}/check',
      'POST /v1/sitemap',
      'POST /v1/search',
      'POST /v1/crawl',
      'GET /v1/crawl',
      'GET /v1/crawl/{id}',
      'DELETE /v1/crawl/{id}',
      'GET /v1/recordings',
      'GET /v1/recordings/{id}',
      'DELETE /v1/recordings/{id}',
      'GET /v1/sitemap/{id}',
      'POST /v1/billing/checkout',
      'PUT /v1/billing/payment-methods/{id}',
      'DELETE /v1/billing/payment-methods/{id}',
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
  });

  it('only leaves health, plans, signed content URLs (the token is the credential) and Stripe’s signed events without an API key', () => {
    expect(ROUTES.filter((r) => r.scope === null).map((r) => r.id)).toEqual([
      'health',
      'plans-list',
      'content-get',
      // Stripe's events: the Stripe-Signature header is checked before anything else runs.
      'billing-webhook',
    ]);
  });

  it('keeps synchronous routes inside API Gateway’s 30-second integration limit', () => {
    for (const r of ROUTES) expect(r.timeoutSeconds, r.id).toBeLessThan(30);
  });
});

describe('matchPath', () => {
  it('binds and decodes path parameters', () => {
    expect(matchPath('/v1/account/api-keys/{id}', '/v1/account/api-keys/ak_1%2F2')).toEqual({ id: 'ak_1/2' });
  });

  it('rejects different lengths, literals and empty segments', () => {
    expect(matchPath('/v1/scrape/{id}', '/v1/scrape')).toBeNull();
    expect(matchPath('/v1/scrape/{id}', '/v1/fetch/x')).toBeNull();
    expect(matchPath('/v1/scrape/{id}', '/v1/scrape/')).toBeNull();
  });
});

describe('resolveRoute', () => {
  it('prefers the route whose method matches when templates overlap', () => {
    const found = resolveRoute('POST', '/v1/scrape/bulk');
    expect(found.kind === 'route' && found.route.id).toBe('scrape-bulk-create');
  });

  it('reports the allowed methods for a known path with a wrong method', () => {
    expect(resolveRoute('PUT', '/v1/account/api-keys')).toEqual({
      kind: 'method_not_allowed',
      allowed: ['POST', 'GET'],
    });
  });

  it('reports unknown paths as not found', () => {
    expect(resolveRoute('GET', '/v2/scrape')).toEqual({ kind: 'not_found' });
  });

  it('lets ANY routes take every method', () => {
    const found = resolveRoute('DELETE', '/v1/crawl/c1');
    expect(found.kind === 'route' && found.params).toEqual({ id: 'c1' });
  });
});
