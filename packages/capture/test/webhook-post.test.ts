import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../test/fixtures/site';
import { postWebhook } from '../src/index';

let site: FixtureSite;
const saved = process.env.ALLOW_PRIVATE_TARGETS;
beforeAll(async () => {
  site = await startFixtureSite();
});
afterAll(() => site.close());
afterEach(() => {
  process.env.ALLOW_PRIVATE_TARGETS = saved;
});

const init = () => ({
  headers: { 'content-type': 'application/json' },
  body: '{"a":1}',
  signal: AbortSignal.timeout(5000),
});

describe('postWebhook', () => {
  it('refuses a webhook_url on a private address, before anything is sent', async () => {
    process.env.ALLOW_PRIVATE_TARGETS = 'false';
    const before = site.hits('/echo-headers');
    expect(await postWebhook(`${site.url}/echo-headers`, init())).toEqual({
      refused: expect.stringMatching(/^private_address/),
    });
    expect(site.hits('/echo-headers')).toBe(before);
  });

  it('posts and returns the status when private targets are allowed (local development)', async () => {
    process.env.ALLOW_PRIVATE_TARGETS = 'true';
    expect(await postWebhook(`${site.url}/echo-headers`, init())).toEqual({ status: 200 });
    expect(await postWebhook(`${site.url}/status/503`, init())).toEqual({ status: 503 });
    expect(await postWebhook(`${site.url}/redirect/chain/1`, init())).toEqual({ status: 302 });
  });
});
