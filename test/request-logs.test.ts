import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { type ApiInstance, startApiInstance } from './support/api-instance';
import { startCaptureTestbed } from './support/capture-testbed';
import { until } from './support/until';

type Line = Record<string, unknown>;

let site: FixtureSite;
let instance: ApiInstance;

beforeAll(async () => {
  ({ site } = await startCaptureTestbed());
  // As on AWS (JSON lines, EMF metrics), and as verbose as an operator can make it: every event
  // logged whole, Authorization header included, and a line per answer.
  instance = await startApiInstance({
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'DEBUG',
    POWERTOOLS_LOGGER_LOG_EVENT: 'true',
    POWERTOOLS_METRICS_DISABLED: 'false',
  });
});
afterAll(async () => {
  await instance?.kill();
  await site?.close();
});

/** The JSON lines the instance printed for one request, once its answer line is out. */
async function linesOf(requestId: string): Promise<Line[]> {
  const printed = () =>
    instance
      .output()
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Line);
  return until(
    async () => printed().filter((line) => line.request_id === requestId),
    (lines) => lines.some((line) => line.message === 'request answered'),
    `the log lines of ${requestId}`,
  );
}

describe('request log lines', () => {
  it('carry the request id, route and account on every line, and never the bearer key', async () => {
    const { key, accountId, keyId } = await newAccountWithKey();
    const response = await fetch(`${instance.baseUrl}/v1/account`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('apigw-requestid') as string;

    const lines = await linesOf(requestId);
    expect(lines.map((line) => line.message)).toEqual(['Lambda invocation event', 'request answered']);
    for (const line of lines) {
      expect(line).toMatchObject({ service: 'webcapture', route: 'GET /v1/account', request_id: requestId });
      expect(line.function_request_id).toEqual(expect.any(String));
    }
    // The event is logged before authentication; the answer after it, with the caller's ids.
    expect(lines[1]).toMatchObject({ level: 'DEBUG', status: 200, account_id: accountId, key_id: keyId });
    expect(lines[0]).toMatchObject({ event: { headers: { authorization: '[redacted]' } } });
    expect(instance.output().join('\n')).not.toContain(key.slice('sk_test_'.length));
  });

  it('keep no keys of a request on the next one', async () => {
    const first = await newAccountWithKey();
    await fetch(`${instance.baseUrl}/v1/account`, { headers: { authorization: `Bearer ${first.key}` } });
    const response = await fetch(`${instance.baseUrl}/v1/plans`);
    const lines = await linesOf(response.headers.get('apigw-requestid') as string);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.account_id).toBeUndefined();
  });

  it('flush a capture count as one EMF line at the end of the request', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const response = await fetch(`${instance.baseUrl}/v1/fetch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${site.url}/html`, cache_ttl: 0 }),
    });
    expect(response.status).toBe(200);
    const emf = await until(
      async () =>
        instance
          .output()
          .filter((line) => line.includes('"Captures"'))
          .map((line) => JSON.parse(line) as Line),
      (found) => found.length > 0,
      'the Captures metric',
    );
    expect(emf).toHaveLength(1);
    expect(emf[0]).toMatchObject({
      _aws: {
        CloudWatchMetrics: [{ Namespace: 'webcapture', Dimensions: [['service', 'endpoint', 'outcome']] }],
      },
      service: 'webcapture',
      endpoint: '/v1/fetch',
      outcome: 'succeeded',
      Captures: 1,
    });
  });
});
