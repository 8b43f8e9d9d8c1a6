import middy from '@middy/core';
import { logger } from '@webcapture/telemetry';
import { describe, expect, it, vi } from 'vitest';
import { apiEvent, lambdaContext } from '../../../test/support/lambda-event';
import { captureBudget, defineBareHandler } from '../src/api';
import type { HttpResponse } from '../src/envelope';
import { deliverableResponse } from '../src/middleware/deliverable-response';
import { errorEnvelope } from '../src/middleware/error-envelope';
import type { ApiEvent } from '../src/request';

describe('error envelope middleware', () => {
  it('turns an unexpected error into a bare 500 internal_error without leaking it', async () => {
    const log = vi.spyOn(logger(), 'error').mockImplementation(() => {});
    const handler = defineBareHandler(async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    const response = await handler(apiEvent('GET', '/x'), lambdaContext);
    expect(response.statusCode).toBe(500);
    const body = JSON.parse(response.body as string);
    expect(body.error).toMatchObject({
      code: 'internal_error',
      http_status: 500,
      details: { request_id: 'req-1' },
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('Error:');
    expect(response.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

describe('deliverable response middleware', () => {
  it('turns a header value HTTP cannot carry into an internal_error envelope', async () => {
    const handler = middy<ApiEvent, HttpResponse>()
      .use(errorEnvelope())
      .use(deliverableResponse())
      .handler(async () => ({
        statusCode: 200,
        headers: { 'content-type': 'text/plain', 'x-raw-url': 'http://a.example/?q=日本' },
        body: 'bytes',
      }));
    const response = await handler(apiEvent('GET', '/x'), lambdaContext);
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body as string).error).toMatchObject({
      code: 'internal_error',
      details: { reason: 'invalid_response_header', headers: ['x-raw-url'] },
    });
    expect(response.headers['x-raw-url']).toBeUndefined();
  });
});

describe('captureBudget', () => {
  it('gives a capture timeout_ms, shortened to what the function has left minus a reserve', () => {
    expect(captureBudget(30_000, undefined)).toBe(30_000);
    expect(captureBudget(10_000, 29_000)).toBe(10_000);
    expect(captureBudget(60_000, 29_000)).toBe(26_500);
    expect(captureBudget(60_000, 1_000)).toBe(1);
  });
});
