import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureSite } from './fixtures/site';
import { api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { until } from './support/until';

/**
 * One rule for `custom` on both paths: any JSON object within 4096 bytes is accepted, and echoed
 * as the request's JSON parsed it — synchronously in the envelope, asynchronously in the stored
 * job and its result. Values a DynamoDB map cannot hold must not turn an async scrape into a 500.
 */
let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
});
afterAll(() => site.close());

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

// Sent as raw text so that the digits are what the caller typed, not what JavaScript would print.
const CASES: Array<[name: string, rawCustom: string]> = [
  ['1e20', '{"a":1e20}'],
  ['2^53 + 1', '{"id":9007199254740993}'],
  ['nesting 40 deep', JSON.stringify(nested(40))],
  ['an empty key, an empty list and the smallest double', '{"":"","s":[],"f":5e-324,"n":null}'],
];

describe('custom on synchronous and asynchronous scrapes', () => {
  it.each(CASES)(
    '%s: the async scrape is queued and completes, echoing what the sync scrape echoes',
    async (_name, raw) => {
      const url = `${site.url}/html`;
      const sync = await api('/v1/scrape', { key, body: `{"url":${JSON.stringify(url)},"custom":${raw}}` });
      expect(sync.status).toBe(200);
      expect(sync.json.custom).toEqual(JSON.parse(raw));

      const queued = await api('/v1/scrape', {
        key,
        body: `{"url":${JSON.stringify(url)},"async":true,"custom":${raw}}`,
      });
      expect(queued.status, queued.text).toBe(202);
      const done = await until(
        () => api(`/v1/scrape/${queued.json.id}`, { key }),
        (response) => response.json.status === 'completed' || response.json.status === 'failed',
        'the async scrape to finish',
      );
      expect(done.json.status).toBe('completed');
      expect(done.json.result.custom).toEqual(sync.json.custom);
    },
  );
});
