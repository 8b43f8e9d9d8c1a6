import { describe, expect, it } from 'vitest';
import { handler } from '../functions/health';
import { apiEvent, lambdaContext } from './support/lambda-event';

describe('GET /health with a dependency down', () => {
  it('answers 503 degraded and names the failing check, in-process against the real emulators', async () => {
    process.env.BUCKET_NAME = 'no-such-bucket';
    const response = await handler(apiEvent('GET', '/health'), lambdaContext);
    expect(response.statusCode).toBe(503);
    const body = JSON.parse(response.body as string);
    expect(body.status).toBe('degraded');
    expect(body.checks.s3).toMatchObject({ ok: false, error: expect.any(String) });
    expect(body.checks.dynamodb.ok).toBe(true);
  });
});
