import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { defineBareHandler } from '../src/api';

function event(): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/x',
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'GET', path: '/x', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
  };
}

describe('error envelope middleware', () => {
  it('turns an unexpected error into a bare 500 internal_error without leaking it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = defineBareHandler(async () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    });
    const response = await handler(event(), {} as Context);
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
