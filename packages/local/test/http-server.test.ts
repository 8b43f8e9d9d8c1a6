import { fileURLToPath } from 'node:url';
import { matchPath, type Resolution, type Route } from '@webcapture/http';
import { logger } from '@webcapture/telemetry';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { moduleLoader } from '../src/handler-modules';
import { type RunningHttpServer, startHttpServer } from '../src/http-server';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

function fixtureRoute(
  id: string,
  method: Route['method'],
  path: string,
  handler: string,
  timeoutSeconds = 5,
): Route {
  return { id, method, path, handler, scope: null, browser: false, memoryMb: 128, timeoutSeconds };
}

const ROUTES: Route[] = [
  fixtureRoute('echo', 'ANY', '/echo/{id}', 'echo.ts', 7),
  fixtureRoute('binary', 'GET', '/binary', 'binary.ts'),
  fixtureRoute('slow', 'GET', '/slow', 'slow.ts', 1),
  fixtureRoute('throws', 'GET', '/throws', 'throws.ts'),
  fixtureRoute('throws-enveloped', 'GET', '/throws-enveloped', 'throws-enveloped.ts'),
  fixtureRoute('plain', 'GET', '/plain', 'plain-value.ts'),
  fixtureRoute('no-handler', 'GET', '/no-handler', 'no-handler.ts'),
];

function resolve(method: string, path: string): Resolution {
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params && (route.method === 'ANY' || route.method === method))
      return { kind: 'route', route, params };
  }
  return { kind: 'not_found' };
}

let server: RunningHttpServer;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startHttpServer({
    resolve,
    fallbackHandler: 'fallback.ts',
    loadHandler: moduleLoader(FIXTURES),
    log: (line) => logLines.push(line),
  });
});

afterAll(() => server.stop());

async function echo(path: string, init?: RequestInit) {
  const response = await fetch(`${server.baseUrl}${path}`, init);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    event: APIGatewayProxyEventV2;
    context: { functionName: string; awsRequestId: string; remainingMs: number };
  };
}

describe('API Gateway v2 events', () => {
  it('carries path, query, headers, cookies and request context like API Gateway', async () => {
    const headers = new Headers({ 'X-Multi': 'one', Cookie: 'a=1; b=2', 'User-Agent': 'fixture-agent' });
    headers.append('X-Multi', 'two');
    const { event, context } = await echo('/echo/abc%20d?x=1&x=2&y=z%21', { headers });

    expect(event.version).toBe('2.0');
    expect(event.routeKey).toBe('ANY /echo/{id}');
    expect(event.rawPath).toBe('/echo/abc%20d');
    expect(event.rawQueryString).toBe('x=1&x=2&y=z%21');
    expect(event.queryStringParameters).toEqual({ x: '1,2', y: 'z!' });
    expect(event.pathParameters).toEqual({ id: 'abc d' });
    expect(event.cookies).toEqual(['a=1', 'b=2']);
    expect(event.headers['x-multi']).toBe('one, two');
    expect(event.headers.cookie).toBeUndefined();
    expect(event.headers['user-agent']).toBe('fixture-agent');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.body).toBeUndefined();
    expect(event.requestContext).toMatchObject({
      accountId: '123456789012',
      apiId: 'local',
      routeKey: 'ANY /echo/{id}',
      stage: '$default',
      http: {
        method: 'GET',
        path: '/echo/abc%20d',
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'fixture-agent',
      },
    });
    expect(event.requestContext.requestId).toMatch(/^[A-Za-z0-9+/]{16}$/);
    expect(event.requestContext.time).toMatch(/^\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/);
    expect(typeof event.requestContext.timeEpoch).toBe('number');

    expect(context.functionName).toBe('webcapture-local-echo');
    expect(context.awsRequestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(context.remainingMs).toBeGreaterThan(0);
    expect(context.remainingMs).toBeLessThanOrEqual(7_000);
  });

  it('passes textual bodies as UTF-8 text', async () => {
    const { event } = await echo('/echo/1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":"zoë"}',
    });
    expect(event.requestContext.http.method).toBe('POST');
    expect(event.isBase64Encoded).toBe(false);
    expect(event.body).toBe('{"name":"zoë"}');
  });

  it('passes other bodies base64-encoded', async () => {
    const bytes = Buffer.from([0, 159, 146, 150, 255]);
    const { event } = await echo('/echo/1', {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: bytes,
    });
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body ?? '', 'base64')).toEqual(bytes);
  });
});

describe('responses', () => {
  it('writes status, headers, cookies and a decoded base64 body', async () => {
    const response = await fetch(`${server.baseUrl}/binary`);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-fixture')).toBe('binary');
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; HttpOnly']);
    expect(response.headers.get('apigw-requestid')).toMatch(/^[A-Za-z0-9+/]{16}$/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from([0, 1, 2, 253, 254, 255]));
  });

  it('wraps a bare returned value as a 200 JSON response', async () => {
    const response = await fetch(`${server.baseUrl}/plain`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hello: 'world' });
  });

  it('sends unmatched requests to the fallback handler with the $default route key', async () => {
    const response = await fetch(`${server.baseUrl}/nowhere?q=1`, { method: 'DELETE' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ routeKey: '$default', path: '/nowhere' });
  });

  it('answers 504 with the error envelope when the handler outlives its timeout', async () => {
    const response = await fetch(`${server.baseUrl}/slow`);
    expect(response.status).toBe(504);
    const body = (await response.json()) as { status: string; error: { code: string } };
    expect(body.status).toBe('failed');
    expect(body.error.code).toBe('internal_error');
  });

  it('answers like API Gateway when a handler throws, leaking nothing', async () => {
    const response = await fetch(`${server.baseUrl}/throws`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal Server Error' });
    expect(text).not.toContain('boom');
  });

  it('answers a handler error inside our middlewares with a bare 500 envelope, leaking nothing', async () => {
    const errors = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const response = await fetch(`${server.baseUrl}/throws-enveloped`);
    errors.mockRestore();
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      status: 'failed',
      error: { code: 'internal_error', http_status: 500, details: { request_id: expect.any(String) } },
    });
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/\bat .+\.ts:\d+/);
    expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  });

  it('treats a module without a handler export as a failed function', async () => {
    const response = await fetch(`${server.baseUrl}/no-handler`);
    expect(response.status).toBe(500);
  });
});

describe('handler modules and logging', () => {
  it('imports a handler file once and reuses it', async () => {
    const load = moduleLoader(FIXTURES);
    const first = await load('echo.ts');
    expect(typeof first).toBe('function');
    expect(await load('echo.ts')).toBe(first);
  });

  it('logs one line per request with method, path, status, duration and request id, never the key', async () => {
    const secret = 'sk_test_neverLogThisKey0123456789abcdef';
    const response = await fetch(`${server.baseUrl}/echo/logged?token=1`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    const requestId = response.headers.get('apigw-requestid');
    await response.arrayBuffer();
    const line = logLines.find((entry) => entry.includes(requestId as string));
    expect(line).toMatch(new RegExp(`^GET /echo/logged 200 \\d+ms ${requestId?.replace(/[+/]/g, '\\$&')}$`));
    expect(logLines.join('\n')).not.toContain(secret);
  });
});
