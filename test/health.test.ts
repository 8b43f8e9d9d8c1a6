import { type RunningHttpServer, startHttpServer } from '@webcapture/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * A second HTTP server in this process, on the real manifest and emulators, whose environment names
 * a bucket that does not exist: the dependency is down for it alone, not for the shared runtime.
 */
describe('GET /health with a dependency down', () => {
  let server: RunningHttpServer;
  const bucket = process.env.BUCKET_NAME;

  beforeAll(async () => {
    process.env.BUCKET_NAME = 'no-such-bucket';
    server = await startHttpServer();
  });
  afterAll(async () => {
    process.env.BUCKET_NAME = bucket;
    await server.stop();
  });

  it('answers 503 degraded over HTTP and names the failing check', async () => {
    const response = await fetch(`${server.baseUrl}/health`);
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body.status).toBe('degraded');
    expect(body.checks.s3).toMatchObject({ ok: false, error: expect.any(String) });
    expect(body.checks.dynamodb.ok).toBe(true);
    expect(response.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  });
});
