import { STATUS_BY_CODE } from '@webcapture/errors';
import { z } from 'zod';
import type { RouteSpec } from './api';
import { ROUTES, type Route } from './routes';

/**
 * The OpenAPI 3.1 description, generated from the route manifest and the zod schemas the handlers
 * validate with, so the document cannot drift from what the service accepts. Responses are
 * described in prose here; their exact shapes are in the README.
 */
const SUCCESS: Record<string, { status: number; description: string }> = {
  health: {
    status: 200,
    description: 'Every dependency answered (503 with the same shape when one did not).',
  },
  'plans-list': { status: 200, description: '`{ data: Plan[] }`: public plans only (is_custom false).' },
  'account-get': {
    status: 200,
    description: 'The account, its plan, subscription and the calling key (api_key).',
  },
  'api-keys-create': {
    status: 201,
    description: 'id, name, key (shown this once), created_at, scopes, prefix.',
  },
  'api-keys-list': { status: 200, description: '`{ data, next_cursor }`: keys without their plaintext.' },
  'api-keys-rename': { status: 200, description: 'The renamed key, without its plaintext.' },
  'api-keys-revoke': { status: 204, description: 'Revoked, also when it already was.' },
  'usage-by-endpoint': { status: 200, description: '`{ from, to, rows, totals }`.' },
  'webhook-deliveries-list': {
    status: 200,
    description: '`{ data, next_cursor }`: deliveries with every attempt.',
  },
  'scrape-create': {
    status: 200,
    description:
      'The ScrapeEnvelope: `{ status, scrapeId, url, finalUrl, contentType, contentLength, statusCode, retrievedAt, formats, metadata, tables?, warnings?, stats?, custom }`. ' +
      '`contentType` is `application/octet-stream` when the origin sent none. ' +
      '`metadata` holds title, description, language, canonicalUrl, ogTitle, ogDescription, ogImage, byline, publishedAt and, beyond the spec, siteName (og:site_name or the JSON-LD publisher); each may be null. ' +
      '202 `{ id, status, url, poll_url }` when async or rendering is needed.',
  },
  'scrape-get': {
    status: 200,
    description:
      '`{ id, status, url, created_at, completed_at, error, result? }`; `result` is the ScrapeEnvelope of POST /v1/scrape.',
  },
  'fetch-post': {
    status: 200,
    description: 'The upstream bytes, or markdown/html; metadata in X-Fetch-* headers.',
  },
  'fetch-get': { status: 200, description: 'As POST /v1/fetch.' },
};

const errorEnvelope = {
  type: 'object',
  required: ['status', 'error'],
  properties: {
    status: { const: 'failed' },
    error: {
      type: 'object',
      required: ['code', 'message'],
      description: 'Snake case (http_status, failed_at) or camel case (httpStatus, failedAt) per deployment.',
      properties: {
        code: { type: 'string', enum: [...Object.keys(STATUS_BY_CODE), 'upstream_error'] },
        message: { type: 'string' },
        http_status: { type: 'integer' },
        failed_at: { type: 'string', format: 'date-time' },
        details: { type: 'object' },
      },
    },
  },
};

function jsonSchema(schema: z.ZodType) {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}

function queryParameters(schema: z.ZodType) {
  const object = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: object.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operation(route: Route, spec: RouteSpec<z.ZodType, z.ZodType> | undefined) {
  const success = SUCCESS[route.id];
  const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  // GET /v1/fetch reads the body schema from its query string.
  const queryFromBody = spec?.input && spec.body;
  const query = spec?.query ?? (queryFromBody ? spec.body : undefined);
  return {
    operationId: route.id,
    ...(route.scope ? { security: [{ bearer: [] }], 'x-required-scope': route.scope } : { security: [] }),
    parameters: [...pathParameters, ...(query ? queryParameters(query) : [])],
    ...(spec?.body && !queryFromBody
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body) } } },
        }
      : {}),
    responses: {
      ...(success
        ? { [success.status]: { description: success.description } }
        : { 501: { description: 'Stated by the API; not available yet (not_implemented).' } }),
      default: { description: 'Error envelope', content: { 'application/json': { schema: errorEnvelope } } },
    },
  };
}

export function buildOpenApi(specs: ReadonlyMap<string, RouteSpec<z.ZodType, z.ZodType>>) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    // ANY routes are stated by the spec without methods; they answer 501 to every method.
    const methods = route.method === 'ANY' ? ['get', 'post'] : [route.method.toLowerCase()];
    for (const method of methods) {
      paths[route.path] ??= {};
      (paths[route.path] as Record<string, unknown>)[method] = operation(route, specs.get(route.id));
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'webcapture',
      version: '1',
      description:
        'Capture web pages: scrape, fetch, screenshots, bulk jobs and schema extraction. See README.md.',
    },
    servers: [{ url: 'http://127.0.0.1:8787', description: 'local runtime (npm start)' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'sk_test_… or sk_live_…' } },
    },
    paths,
  };
}
