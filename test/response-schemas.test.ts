import {
  accountResponse,
  apiKeyCreatedResponse,
  apiKeyPageResponse,
  apiKeyResponse,
  fetchExtrasResponse,
  healthResponse,
  plansResponse,
  scrapeAcceptedResponse,
  scrapeEnvelopeResponse,
  scrapeRecordResponse,
  sitemapResponse,
  usageResponse,
  webhookDeliveryPageResponse,
} from '@webcapture/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { FixtureSite } from './fixtures/site';
import { type ApiRequest, api } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';

/*
 * The response schemas of docs/openapi.json against real answers: every schema is strict, so a
 * field the code adds, renames or drops without the description fails here.
 */
let site: FixtureSite;
let key: string;

beforeAll(async () => {
  ({ site, key } = await startCaptureTestbed());
});
afterAll(() => site.close());

async function answers(schema: z.ZodType, path: string, request: ApiRequest = {}, status = 200) {
  const response = await api(path, request);
  expect(response.status, response.text).toBe(status);
  const parsed = schema.safeParse(response.json);
  expect(parsed.error?.issues ?? [], JSON.stringify(response.json).slice(0, 500)).toEqual([]);
  return response.json;
}

describe('answers match the response schemas of the API description', () => {
  it('health, plans, account', async () => {
    await answers(healthResponse, '/health');
    await answers(plansResponse, '/v1/plans');
    await answers(accountResponse, '/v1/account', { key });
  });

  it('API keys: create, list, rename', async () => {
    const created = await answers(
      apiKeyCreatedResponse,
      '/v1/account/api-keys',
      {
        key,
        body: { name: 'schema' },
      },
      201,
    );
    await answers(apiKeyPageResponse, '/v1/account/api-keys', { key });
    await answers(apiKeyResponse, `/v1/account/api-keys/${created.id}`, {
      key,
      method: 'PATCH',
      body: { name: 'renamed' },
    });
  });

  it('scrape: the envelope with every format and extra, the 202, and the stored record', async () => {
    const envelope = await answers(scrapeEnvelopeResponse, '/v1/scrape', {
      key,
      body: {
        url: `${site.url}/html`,
        formats: ['rawHtml', 'html', 'markdown', 'links', 'images'],
        markdownIncludeMedia: true,
        markdownIncludeWarnings: true,
        markdownIncludeStats: true,
        custom: { order: 7 },
      },
    });
    await answers(scrapeRecordResponse, `/v1/scrape/${envelope.scrapeId}`, { key });
    await answers(scrapeEnvelopeResponse, '/v1/scrape', { key, body: { url: `${site.url}/pdf` } });
    await answers(
      scrapeAcceptedResponse,
      '/v1/scrape',
      { key, body: { url: `${site.url}/html`, async: true } },
      202,
    );
  });

  it('fetch with structured extras, usage and webhook deliveries', async () => {
    await answers(fetchExtrasResponse, '/v1/fetch', {
      key,
      body: {
        url: `${site.url}/html`,
        format: 'markdown',
        markdown_include_media: true,
        markdown_include_stats: true,
      },
    });
    const usage = await answers(usageResponse, '/v1/usage/by-endpoint', { key });
    expect(usage.rows.length).toBeGreaterThan(0);
    await answers(webhookDeliveryPageResponse, '/v1/webhook-deliveries', { key });
  });

  it('sitemap: the map of a page, its links and the sitemaps tried', async () => {
    const map = await answers(sitemapResponse, '/v1/sitemap', { key, body: { url: `${site.url}/html` } });
    expect(map.complete).toBe(true);
  });
});
