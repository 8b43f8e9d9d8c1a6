import { bulkAcceptedResponse, bulkScreenshotJobResponse } from '@webcapture/http';
import { type BulkBatchMessage, createBulkJob, quotaUsage, usageByEndpoint } from '@webcapture/service';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handler as bulkScreenshotsWorker } from '../functions/worker-bulk-screenshots';
import { SCREENSHOT_COLOURS } from './fixtures/screenshot-pages';
import type { FixtureSite } from './fixtures/site';
import { newAccountWithKey } from './support/accounts';
import { api, apiUrl } from './support/api';
import { startCaptureTestbed } from './support/capture-testbed';
import { decodePng, download, pixelAt } from './support/images';
import { until } from './support/until';

let site: FixtureSite;

// Real Chromium behind the SQS emulator and the bulk-screenshots worker: slow on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(async () => {
  ({ site } = await startCaptureTestbed());
});
afterAll(() => site.close());

const today = () => new Date().toISOString().slice(0, 10);

const finished = (id: string, key: string) =>
  until(
    () => api(`/v1/bulk/${id}/screenshots`, { key }),
    (r) => ['completed', 'failed', 'cancelled'].includes(r.json?.status),
    `bulk screenshot job ${id} to finish`,
    { timeoutMs: 110_000, intervalMs: 500 },
  );

describe('POST /v1/bulk: the bulk screenshot job', () => {
  it('renders each URL, lists items with an image_url of the PNG, bills completed items only', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    const colours = `${site.url}/screenshot/colours`;
    const created = await api('/v1/bulk', {
      key,
      body: {
        urls: [
          colours,
          { url: `${site.url}/screenshot/transparent`, custom: { item: 2 } },
          'http://127.0.0.1:1/',
          'not a url',
        ],
        viewport: { width: 320, height: 240 },
        timeout_ms: 5000,
        custom: { batch: 'b1' },
      },
    });
    expect(created.status).toBe(202);
    expect(bulkAcceptedResponse.safeParse(created.json).error?.issues ?? []).toEqual([]);
    expect(created.json).toMatchObject({ kind: 'screenshot', counts: { total: 4 } });
    expect(created.json.poll_url).toBe(apiUrl(`/v1/bulk/${created.json.id}/screenshots`));
    expect(created.json.invalid_urls).toMatchObject([{ index: 3, error: { code: 'invalid_url' } }]);

    const done = await finished(created.json.id, key);
    expect(bulkScreenshotJobResponse.safeParse(done.json).error?.issues ?? []).toEqual([]);
    expect(done.json).toMatchObject({ status: 'completed', counts: { completed: 2, failed: 2 } });
    const [first, second, unreachable, invalid] = done.json.items;
    for (const item of [first, second]) {
      expect(item).toMatchObject({ status: 'completed', content_type: 'image/png', error: null });
      expect(item.billed_bytes).toBeGreaterThan(0);
      const image = await download(item.image_url);
      expect(image.status).toBe(200);
      expect(image.type).toBe('image/png');
      expect(image.bytes.length).toBe(item.content_length);
      const png = decodePng(image.bytes);
      expect([png.width, png.height]).toEqual([320, 240]);
      expect(pixelAt(png, 50, 50)).toEqual([...SCREENSHOT_COLOURS.red, 255]);
    }
    for (const item of [unreachable, invalid]) {
      expect(item).toMatchObject({ status: 'failed', billed_bytes: 0, image_url: null });
      expect(item.error.code).toEqual(expect.any(String));
    }
    expect(invalid.error.code).toBe('invalid_url');

    // Signed anew on every read.
    const again = await api(`/v1/bulk/${created.json.id}/screenshots?limit=1`, { key });
    expect(again.json.items).toHaveLength(1);
    expect(again.json.next_cursor).toEqual(expect.any(String));
    const next = await api(
      `/v1/bulk/${created.json.id}/screenshots?limit=1&cursor=${again.json.next_cursor}`,
      {
        key,
      },
    );
    expect(next.json.items[0].index).toBe(1);

    // Usage equals the sum of the items; failed ones cost nothing.
    const sum = first.billed_bytes + second.billed_bytes;
    expect(done.json.billed_bytes).toBe(sum);
    const usage = await usageByEndpoint(accountId, { from: today(), to: today() });
    const row = usage.rows.find((r) => r.endpoint === '/v1/bulk');
    expect(row).toMatchObject({ billable_bytes: sum, requests: 2 });
    expect((await quotaUsage(accountId)).settled_bytes).toBe(sum);

    // The other bulk routes do not show a screenshot job, and this one shows no other kind.
    expect((await api(`/v1/fetch/bulk/${created.json.id}`, { key })).status).toBe(404);
    expect((await api('/v1/bulk', { key })).json.data[0]).toMatchObject({
      id: created.json.id,
      kind: 'screenshot',
    });
  });

  it('refuses options a render cannot honour as POST /v1/screenshots does', async () => {
    const { key } = await newAccountWithKey({ planId: 'enterprise' });
    const urls = [`${site.url}/screenshot/colours`];
    const combos = await api('/v1/bulk', {
      key,
      body: { urls, format: 'jpeg', omit_background: true, selector: '#target', full_page: true },
    });
    expect(combos.status).toBe(422);
    expect(combos.json.error.code).toBe('validation_error');
    const fields = combos.json.error.details.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['omit_background', 'selector']));
    const ranges = await api('/v1/bulk', {
      key,
      body: { urls, viewport: { width: 10, height: 200 }, quality: 5 },
    });
    expect(ranges.status).toBe(422);
    const webhook = await api('/v1/bulk', { key, body: { urls, webhook_url: 'http://example.com/hook' } });
    expect(webhook.status).toBe(400);
    expect(webhook.json.error.code).toBe('invalid_url');
    const itemField = await api('/v1/bulk', { key, body: { urls: [{ url: urls[0], format: 'gif' }] } });
    expect(itemField.status).toBe(422);
  });

  it('cancel before any item started: nothing is rendered or billed', async () => {
    const { key, accountId } = await newAccountWithKey({ planId: 'enterprise' });
    let messages: BulkBatchMessage[] = [];
    const job = await createBulkJob({
      accountId,
      kind: 'screenshot',
      options: { viewport: { width: 200, height: 200 }, format: 'png', timeout_ms: 5000 },
      items: ['colours', 'tall', 'colours?2', 'tall?2'].map((path) => ({
        url: `${site.url}/screenshot/${path}`,
      })),
      webhook: null,
      custom: {},
      send: async (batches) => {
        messages = batches;
      },
    });
    // Screenshot batches hold three items (BULK_BATCH_SIZES), not ten.
    expect(messages.map((message) => message.items.map((item) => item.index))).toEqual([[0, 1, 2], [3]]);
    const cancelled = await api(`/v1/bulk/${job.id}`, { key, method: 'DELETE' });
    expect(cancelled.json).toMatchObject({ status: 'cancelled', counts: { cancelled: 4, completed: 0 } });
    // The batch arrives after the cancel: the browser worker runs nothing.
    const event = {
      Records: messages.map((message, i) => ({ messageId: `m${i}`, body: JSON.stringify(message) })),
    } as unknown as SQSEvent;
    expect(await bulkScreenshotsWorker(event)).toEqual({ batchItemFailures: [] });
    const listed = await api(`/v1/bulk/${job.id}/screenshots`, { key });
    expect(listed.json.items.map((item: { status: string }) => item.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect(listed.json.billed_bytes).toBe(0);
    expect((await quotaUsage(accountId)).settled_bytes).toBe(0);
  });
});
