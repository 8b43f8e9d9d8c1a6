import { type RunningHttpServer, startHttpServer } from '@webcapture/local';
import { browserHost } from '@webcapture/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { api, apiUrl } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { until } from './support/until';

/*
 * A second HTTP server in this process, on the real manifest and emulators, whose synchronous hold
 * is 1 s (SCREENSHOT_HOLD_MS): a capture that takes longer is handed to the screenshots worker of
 * the shared runtime, and the call answers 202.
 */
describe('POST /v1/screenshots past the hold', () => {
  let server: RunningHttpServer;
  let site: FixtureSite;
  let key: string;

  beforeAll(async () => {
    ({ site, key } = await startCaptureTestbed());
    process.env.SCREENSHOT_HOLD_MS = '1000';
    server = await startHttpServer();
  });
  afterAll(async () => {
    delete process.env.SCREENSHOT_HOLD_MS;
    await server.stop();
    await site.close();
    // The held capture launched a browser in this process too.
    await browserHost().close();
  });

  it('answers 202 with the id when the capture outlasts the hold, and the capture still completes', async () => {
    const url = `${site.url}/screenshot/colours`;
    const response = await fetch(`${server.baseUrl}/v1/screenshots`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, delay_ms: 3000, custom: { held: true } }),
    });
    expect(response.status).toBe(202);
    const accepted = await response.json();
    expect(accepted).toMatchObject({
      status: 'pending',
      url,
      // Under the deployment's public URL (the shared runtime's), not this second server's: it is
      // another instance of the same API, as a second Lambda is.
      poll_url: apiUrl(`/v1/screenshots/${accepted.id}`),
    });
    const done = await until(
      () => api(`/v1/screenshots/${accepted.id}`, { key }),
      (r) => r.json?.status === 'completed' || r.json?.status === 'failed',
      'the held screenshot to end',
      { timeoutMs: 60_000 },
    );
    expect(done.json).toMatchObject({
      status: 'completed',
      width: 1280,
      height: 800,
      custom: { held: true },
    });
    const usage = await api('/v1/usage/by-endpoint', { key });
    const row = usage.json.rows.find((r: { endpoint: string }) => r.endpoint === '/v1/screenshots');
    expect(row?.requests).toBe(1);
  });
});
