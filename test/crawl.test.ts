import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { crawlAcceptedResponse, crawlPageResponse, crawlWithItemsResponse } from '@webcapture/http';
import {
  counterUpdate,
  dynamoClient,
  frontierItem,
  sendCrawlMessages,
  setAccountOverrides,
  sweepCrawls,
  tableName,
} from '@webcapture/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SitemapSite, startSitemapSite } from './fixtures/sitemap-site';
import { startWebhookReceiver, type WebhookReceiver } from './fixtures/webhook-receiver';
import { newAccountWithKey } from './support/accounts';
import { api } from './support/api';
import { until } from './support/until';

/**
 * POST/GET/DELETE /v1/crawl through the local runtime (its crawl-pages worker, its emulators)
 * against a generated site on 127.0.0.1 (test/fixtures/sitemap-site.ts): a link graph, robots.txt,
 * a sitemap with an orphan, duplicate pages, query variants and an endless calendar.
 */
let site: SitemapSite;
let receiver: WebhookReceiver;
let key: string;
let accountId: string;

const HOST = 'shop.localhost';
const page = (path: string) => site.url(HOST, path);
/** A page with enough distinct text for its own fingerprint, linking to `links`. */
const html = (title: string, links: string[], text = `${title} `.repeat(3)) =>
  `<html><head><title>${title}</title></head><body><main><h1>${title}</h1><p>${text} This page is about ${title} and nothing else, described in a few plain words for the reader.</p>${links
    .map((link) => `<a href="${link}">${link}</a>`)
    .join(' ')}</main></body></html>`;
const SAME_TEXT =
  'Both copies of this article carry exactly the same long paragraph of text about garden tools, spades, rakes and hoes, so that they are one page.';

function defineShop() {
  const calendar: Record<string, string> = {};
  for (let month = 1; month <= 40; month++) {
    calendar[`/calendar/${month}`] = html(`Calendar month ${month}`, [`/calendar/${month + 1}`]);
  }
  site.define(HOST, {
    '/robots.txt': `User-agent: *\nDisallow: /private\n\nSitemap: ${page('/sitemap.xml')}\n`,
    '/sitemap.xml': `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${page('/orphan')}</loc></url><url><loc>${page('/a')}</loc></url></urlset>`,
    '/': html('Home', [
      '/a',
      '/a?ref=home',
      '/b',
      '/private/secret',
      'http://elsewhere.localhost/x',
      '/calendar/1',
    ]),
    '/a': html('Apples', ['/c', '/copy-1', '/']),
    '/b': html('Bananas', ['/c', '/copy-2', '/missing']),
    '/c': html('Cherries', ['/a#top']),
    '/copy-1': html('Copy', [], SAME_TEXT),
    '/copy-2': html('Copy', [], SAME_TEXT),
    '/orphan': html('Orphan', []),
    '/private/secret': html('Secret', []),
    ...calendar,
  });
}

beforeAll(async () => {
  [site, receiver] = await Promise.all([startSitemapSite(), startWebhookReceiver()]);
  ({ key, accountId } = await newAccountWithKey({ planId: 'enterprise' }));
  defineShop();
});

afterAll(() => Promise.all([site?.close(), receiver?.close()]));

interface CrawlItem {
  url: string;
  status: string;
  reason: string | null;
  duplicate_of: string | null;
  depth: number;
  source: string;
  content_url: string | null;
}

const startCrawl = (body: Record<string, unknown>, apiKey = key) => api('/v1/crawl', { key: apiKey, body });

/** Waits for the crawl's end, then reads every item (all pages of the listing). */
async function finished(id: string, apiKey = key) {
  const crawl = await until(
    () => api(`/v1/crawl/${id}?limit=1`, { key: apiKey }),
    (response) => response.json.completed_at !== null,
    `crawl ${id} to end`,
    { timeoutMs: 90_000, intervalMs: 500 },
  );
  const items: CrawlItem[] = [];
  let cursor: string | null = null;
  do {
    const response = await api(`/v1/crawl/${id}?limit=7${cursor ? `&cursor=${cursor}` : ''}`, {
      key: apiKey,
    });
    expect(response.status, response.text).toBe(200);
    expect(crawlWithItemsResponse.safeParse(response.json).error?.issues ?? []).toEqual([]);
    items.push(...response.json.items);
    cursor = response.json.next_cursor;
  } while (cursor);
  return { crawl: crawl.json, items, byUrl: new Map(items.map((item) => [item.url, item])) };
}

/** The invariant: every URL exactly once, and the counts add up to what is listed. */
function expectAccountedFor(
  crawl: {
    counts: {
      discovered: number;
      completed: number;
      failed: number;
      skipped: number;
      queued: number;
      running: number;
    };
  },
  items: CrawlItem[],
) {
  const { discovered, completed, failed, skipped, queued, running } = crawl.counts;
  expect(new Set(items.map((item) => item.url)).size).toBe(items.length);
  expect(items.length).toBe(discovered);
  expect(completed + failed + skipped).toBe(discovered);
  expect(queued + running).toBe(0);
  expect(items.filter((item) => item.status === 'completed').length).toBe(completed);
  expect(items.filter((item) => item.status === 'skipped').length).toBe(skipped);
}

/** A crawl runs through the queue and a loaded machine's workers: minutes, not the default 30 s. */
const CRAWL_TEST_MS = 150_000;

describe('POST /v1/crawl', () => {
  it(
    'crawls links and sitemap orphans once each, skips robots, external, duplicates and deep traps, and bills each page once',
    async () => {
      const hook = receiver.endpoint();
      const response = await startCrawl({
        url: page('/'),
        max_depth: 3,
        formats: ['markdown'],
        webhook_url: hook,
      });
      expect(response.status, response.text).toBe(202);
      expect(crawlAcceptedResponse.safeParse(response.json).error?.issues ?? []).toEqual([]);
      expect(response.json.id).toMatch(/^cr_/);
      expect(response.json.poll_url).toMatch(new RegExp(`^http://[^/]+/v1/crawl/${response.json.id}$`));
      const { crawl, items, byUrl } = await finished(response.json.id);
      expect(crawl.status).toBe('completed');
      expectAccountedFor(crawl, items);

      const status = (path: string) => byUrl.get(page(path));
      for (const path of ['/', '/a', '/b', '/c', '/orphan', '/calendar/1', '/calendar/2']) {
        expect(status(path)?.status, path).toBe('completed');
      }
      expect(status('/orphan')?.source).toBe('sitemap');
      // Query variants and fragments are one URL; robots.txt is obeyed and the page never fetched.
      expect(byUrl.has(page('/a?ref=home'))).toBe(false);
      expect(status('/private/secret')).toMatchObject({ status: 'skipped', reason: 'robots' });
      expect(site.hits(HOST, '/private/secret')).toBe(0);
      expect(byUrl.get('http://elsewhere.localhost/x')).toMatchObject({
        status: 'skipped',
        reason: 'external',
      });
      // The endless calendar stops at max_depth: /calendar/1 is depth 1, /calendar/3 depth 3, /calendar/4 skipped.
      expect(status('/calendar/3')?.status).toBe('completed');
      expect(status('/calendar/4')).toMatchObject({ status: 'skipped', reason: 'depth', depth: 4 });
      expect(byUrl.has(page('/calendar/5'))).toBe(false);
      expect(site.hits(HOST, '/calendar/4')).toBe(0);
      // The two copies: both fetched once, one scraped into the results.
      const copies = [status('/copy-1'), status('/copy-2')];
      expect(copies.map((copy) => copy?.status).sort()).toEqual(['completed', 'skipped']);
      const duplicate = copies.find((copy) => copy?.status === 'skipped');
      expect(duplicate?.reason).toBe('duplicate');
      expect(duplicate?.duplicate_of).toBe(copies.find((copy) => copy?.status === 'completed')?.url);
      expect(status('/missing')?.status).toBe('failed');
      // Every fetched page was fetched exactly once.
      for (const item of items.filter((entry) => entry.status !== 'skipped')) {
        expect(site.hits(HOST, new URL(item.url).pathname), item.url).toBe(1);
      }
      // Completed pages carry their scrape envelope behind a signed content URL.
      const home = await fetch(status('/')?.content_url as string);
      expect(home.status).toBe(200);
      expect((await home.json()).formats.markdown).toContain('Home');

      // One usage request per completed page, none for duplicates, failures or skips.
      const today = new Date().toISOString().slice(0, 10);
      const usage = await api(`/v1/usage/by-endpoint?from=${today}&to=${today}`, { key });
      const row = usage.json.rows.find(
        (entry: { endpoint: string }) => entry.endpoint === '/v1/crawl (markdown)',
      );
      expect(row?.requests).toBe(crawl.counts.completed);

      // Events: started first, a crawl.page per completed or failed page, the terminal one last.
      const events = await until(
        async () => receiver.received(hook).map((delivery) => JSON.parse(delivery.body)),
        (list) => list.length >= crawl.counts.completed + crawl.counts.failed + 2,
        'the crawl events',
      );
      const kinds = receiver.received(hook).map((delivery) => delivery.headers['x-service-event']);
      expect(kinds.filter((kind) => kind === 'crawl.started')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'crawl.page')).toHaveLength(
        crawl.counts.completed + crawl.counts.failed,
      );
      expect(kinds.filter((kind) => kind === 'crawl.completed')).toHaveLength(1);
      const sequences = events.map((event: { sequence: number }) => event.sequence);
      expect(new Set(sequences).size).toBe(sequences.length);
      const terminal = events.find((event: { crawl?: unknown }) => event.crawl);
      expect(terminal.sequence).toBe(Math.max(...sequences));
      expect(events.find((event: { sequence: number }) => event.sequence === 1)?.url).toBe(page('/'));
    },
    CRAWL_TEST_MS,
  );

  it(
    'counts limit after the filters, exactly',
    async () => {
      const response = await startCrawl({
        url: page('/'),
        limit: 3,
        exclude_paths: ['^/calendar'],
        sitemap: 'skip',
        deduplicate: false,
      });
      expect(response.status, response.text).toBe(202);
      const { crawl, items } = await finished(response.json.id);
      expectAccountedFor(crawl, items);
      expect(crawl.counts.completed + crawl.counts.failed).toBe(3);
      expect(
        items.filter((item) => item.reason === 'excluded').map((item) => new URL(item.url).pathname),
      ).toEqual(['/calendar/1']);
      expect(items.some((item) => item.reason === 'limit')).toBe(true);
      expect(items.some((item) => item.source === 'sitemap')).toBe(false);
    },
    CRAWL_TEST_MS,
  );

  it(
    'caps each path pattern exactly: URLs beyond max_urls_per_pattern end skipped (trap), never fetched',
    async () => {
      const TRAP_HOST = 'trap.localhost';
      const days = Array.from({ length: 12 }, (_, n) => `/day/${n + 1}`);
      const pages: Record<string, string> = {
        '/': html('Trap home', [...days, '/calendar/2026/1', '/about', '/session?sid=a1', '/session?sid=b2']),
        '/about': html('About the trap site', []),
        '/session': html('Session page', ['/session?sid=c3', '/session?sid=d4']),
      };
      for (const day of days) pages[day] = html(`Day ${day}`, []);
      // An endless calendar, one month leading to the next: only its first three are fetched.
      for (let month = 1; month <= 10; month++) {
        pages[`/calendar/2026/${month}`] = html(`Month ${month}`, [`/calendar/2026/${month + 1}`]);
      }
      site.define(TRAP_HOST, pages);
      const response = await startCrawl({
        url: site.url(TRAP_HOST, '/'),
        sitemap: 'skip',
        deduplicate: false,
        ignore_query_params: false,
        max_urls_per_pattern: 3,
      });
      expect(response.status, response.text).toBe(202);
      const { crawl, items } = await finished(response.json.id);
      expectAccountedFor(crawl, items);
      const ofPattern = (prefix: string) =>
        items.filter((item) => new URL(item.url).pathname.startsWith(prefix));
      const statuses = (list: CrawlItem[]) => list.map((item) => `${item.status}:${item.reason}`).sort();
      expect(statuses(ofPattern('/day/'))).toEqual([
        ...Array(3).fill('completed:null'),
        ...Array(9).fill('skipped:trap'),
      ]);
      expect(statuses(ofPattern('/calendar/'))).toEqual([...Array(3).fill('completed:null'), 'skipped:trap']);
      expect(
        ofPattern('/calendar/')
          .map((item) => new URL(item.url).pathname)
          .sort(),
      ).toEqual(['/calendar/2026/1', '/calendar/2026/2', '/calendar/2026/3', '/calendar/2026/4']);
      // Query parameter names are part of the pattern, their values are not: 4 session ids, one trapped.
      expect(statuses(ofPattern('/session'))).toEqual([...Array(3).fill('completed:null'), 'skipped:trap']);
      expect(items.filter((item) => item.reason === 'trap')).toHaveLength(crawl.counts.skipped);
      for (const item of items) {
        const path = new URL(item.url).pathname;
        if (item.reason === 'trap' && !path.startsWith('/session')) {
          expect(site.hits(TRAP_HOST, path), item.url).toBe(0);
        }
      }
      for (const day of days) expect(site.hits(TRAP_HOST, day)).toBeLessThanOrEqual(1);
      expect(site.hits(TRAP_HOST, '/about')).toBe(1);
    },
    CRAWL_TEST_MS,
  );

  it(
    'keeps the pattern cap exact while many pages add URLs of one pattern at once',
    async () => {
      const HUB_HOST = 'hubs.localhost';
      const hubs = Array.from({ length: 6 }, (_, n) => `/hub-${'abcdef'[n]}`);
      const pages: Record<string, string> = { '/': html('Hubs', hubs) };
      hubs.forEach((hub, n) => {
        const items = Array.from({ length: 10 }, (_, i) => `/item/${n * 10 + i}`);
        pages[hub] = html(`Hub ${hub}`, items);
        for (const item of items) pages[item] = html(`Item ${item}`, []);
      });
      site.define(HUB_HOST, pages);
      const response = await startCrawl({
        url: site.url(HUB_HOST, '/'),
        sitemap: 'skip',
        deduplicate: false,
        max_concurrency: 6,
        max_urls_per_pattern: 7,
      });
      expect(response.status, response.text).toBe(202);
      const { crawl, items } = await finished(response.json.id);
      expectAccountedFor(crawl, items);
      const itemPages = items.filter((item) => new URL(item.url).pathname.startsWith('/item/'));
      expect(itemPages).toHaveLength(60);
      expect(itemPages.filter((item) => item.status === 'completed')).toHaveLength(7);
      expect(itemPages.filter((item) => item.reason === 'trap')).toHaveLength(53);
      const fetched = itemPages.filter((item) => site.hits(HUB_HOST, new URL(item.url).pathname) > 0);
      expect(fetched).toHaveLength(7);
    },
    CRAWL_TEST_MS,
  );

  it(
    'cancels: nothing new is fetched, queued URLs end skipped (cancelled), the crawl ends cancelled',
    async () => {
      const slow: Record<string, { body: string; delayMs: number }> = {};
      const links = Array.from({ length: 30 }, (_, n) => `/p/${n}`);
      for (const link of links) slow[link] = { body: html(`Slow ${link}`, []), delayMs: 300 };
      site.define('slow.localhost', { '/': html('Slow home', links), ...slow });
      const response = await startCrawl({
        url: site.url('slow.localhost', '/'),
        max_concurrency: 1,
        sitemap: 'skip',
      });
      expect(response.status).toBe(202);
      await until(
        () => api(`/v1/crawl/${response.json.id}?limit=1`, { key }),
        (got) => got.json.counts.discovered > 1,
        'links found',
      );
      const cancelled = await api(`/v1/crawl/${response.json.id}`, { key, method: 'DELETE' });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.json.status).toBe('cancelled');
      const { crawl, items } = await finished(response.json.id);
      expect(crawl.status).toBe('cancelled');
      expectAccountedFor(crawl, items);
      const skipped = items.filter((item) => item.reason === 'cancelled');
      expect(skipped.length).toBeGreaterThan(20);
      const fetched = links.filter((link) => site.hits('slow.localhost', link) > 0).length;
      expect(fetched).toBe(items.filter((item) => item.status === 'completed').length - 1);
    },
    CRAWL_TEST_MS,
  );

  it(
    'keeps each host polite: at most max_concurrency requests in flight, Crawl-delay between two',
    async () => {
      const BUSY = 'polite.localhost';
      const SPACED = 'spaced.localhost';
      const busyLinks = Array.from({ length: 12 }, (_, n) => `/q/${n}`);
      site.define(BUSY, {
        '/': html('Polite home', busyLinks),
        ...Object.fromEntries(
          busyLinks.map((link) => [link, { body: html(`Polite ${link}`, []), delayMs: 300 }]),
        ),
      });
      const spacedLinks = ['/s/1', '/s/2', '/s/3'];
      site.define(SPACED, {
        '/robots.txt': 'User-agent: *\nCrawl-delay: 1\n',
        '/': html('Spaced home', spacedLinks),
        ...Object.fromEntries(spacedLinks.map((link) => [link, html(`Spaced ${link}`, [])])),
      });
      const options = { sitemap: 'skip', deduplicate: false };
      const [busy, spaced] = await Promise.all([
        startCrawl({ url: site.url(BUSY, '/'), max_concurrency: 2, ...options }),
        startCrawl({ url: site.url(SPACED, '/'), ...options }),
      ]);
      expect(busy.status, busy.text).toBe(202);
      expect(spaced.status, spaced.text).toBe(202);
      const [busyDone, spacedDone] = await Promise.all([finished(busy.json.id), finished(spaced.json.id)]);
      expectAccountedFor(busyDone.crawl, busyDone.items);
      expect(busyDone.crawl.counts.completed).toBe(13);
      // Twelve slow pages and twenty local workers: the host's two places are both used, never more.
      expect(site.peakInFlight(BUSY)).toBe(2);
      expectAccountedFor(spacedDone.crawl, spacedDone.items);
      expect(spacedDone.crawl.counts.completed).toBe(4);
      const pages = site.arrivals(SPACED).filter((arrival) => arrival.path !== '/robots.txt');
      expect(pages).toHaveLength(4);
      // Turns are handed out a second apart; each request leaves its claim after a delay of its
      // own (hundreds of ms on a loaded machine), so single gaps vary around the second, but no
      // two requests come together (unpaced, the three links would) and three turns span 3 s.
      const gaps = pages.slice(1).map((arrival, i) => arrival.at - (pages[i]?.at ?? 0));
      expect(Math.min(...gaps), JSON.stringify(gaps)).toBeGreaterThanOrEqual(500);
      expect(
        gaps.reduce((sum, gap) => sum + gap, 0),
        JSON.stringify(gaps),
      ).toBeGreaterThanOrEqual(2500);
    },
    CRAWL_TEST_MS,
  );

  it(
    'a redelivered message never fetches or bills a page twice',
    async () => {
      site.define('again.localhost', { '/': html('Again', ['/one']), '/one': html('One', []) });
      const response = await startCrawl({ url: site.url('again.localhost', '/'), sitemap: 'skip' });
      const { id } = response.json;
      const message = { accountId, crawlId: id, url: site.url('again.localhost', '/') };
      // The same message three more times, as SQS may deliver it.
      await sendCrawlMessages([message, message, message]);
      const { crawl, items } = await finished(id);
      expectAccountedFor(crawl, items);
      await sendCrawlMessages([message]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(site.hits('again.localhost', '/')).toBe(1);
      expect(site.hits('again.localhost', '/one')).toBe(1);
      const after = await api(`/v1/crawl/${id}`, { key });
      expect(after.json.counts).toEqual(crawl.counts);
      expect(after.json.billed_bytes).toBe(crawl.billed_bytes);
    },
    CRAWL_TEST_MS,
  );
});

describe('crawl billing', () => {
  it(
    'a page whose charge does not fit in the quota fails free, and its links are still followed',
    async () => {
      // Admission lets a page in while the month's settled sum is below the quota; 1 byte then
      // refuses every page's charge at its outcome's commit.
      const poor = await newAccountWithKey({ planId: 'enterprise' });
      await setAccountOverrides(poor.accountId, { monthly_quota_bytes: 1 });
      site.define('quota.localhost', {
        '/': html('Quota', ['/x', '/y']),
        '/x': html('Ex', ['/z']),
        '/y': html('Why', []),
        '/z': html('Zed', []),
      });
      const response = await startCrawl({ url: site.url('quota.localhost', '/'), sitemap: 'skip' }, poor.key);
      expect(response.status, response.text).toBe(202);
      const { crawl, items } = await finished(response.json.id, poor.key);
      expectAccountedFor(crawl, items);
      expect(items.map((item) => new URL(item.url).pathname).sort()).toEqual(['/', '/x', '/y', '/z']);
      expect(items.every((item) => item.status === 'failed')).toBe(true);
      const listed = await api(`/v1/crawl/${response.json.id}?limit=10`, { key: poor.key });
      for (const item of listed.json.items) expect(item.error?.code).toBe('quota_exceeded');
      expect(crawl.billed_bytes).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      const usage = await api(`/v1/usage/by-endpoint?from=${today}&to=${today}`, { key: poor.key });
      expect(usage.json.rows).toEqual([]);
    },
    CRAWL_TEST_MS,
  );
});

describe('crawl recovery', () => {
  it(
    'the sweep re-sends a URL whose message was lost, and the crawl completes with it',
    async () => {
      site.define('lost.localhost', {
        '/': { body: html('Lost home', []), delayMs: 1500 },
        '/lost': html('Lost page', []),
      });
      const response = await startCrawl({ url: site.url('lost.localhost', '/'), sitemap: 'skip' });
      const { id } = response.json;
      // A URL written to the frontier by a worker that died before sending its message. Its lease
      // ends in the future, so only this test's sweep (told the time is past it) finds it, never
      // the runtime's own sweep while the test is still looking at it.
      const leaseUntil = Date.now() + 10 * 60_000;
      const lost = {
        url: site.url('lost.localhost', '/lost'),
        depth: 1,
        parent: null,
        source: 'link' as const,
      };
      await dynamoClient().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: tableName(), Item: { ...frontierItem(id, lost), lease_until: leaseUntil } } },
            counterUpdate(accountId, id, [lost]),
          ],
        }),
      );
      const stuck = await until(
        () => api(`/v1/crawl/${id}?status=queued`, { key }),
        (got) => got.json.counts.completed === 1,
        'the start page',
      );
      expect(stuck.json.items.map((item: CrawlItem) => item.url)).toEqual([lost.url]);
      expect(site.hits('lost.localhost', '/lost')).toBe(0);
      expect((await sweepCrawls(leaseUntil + 1)).requeued).toBeGreaterThanOrEqual(1);
      const { crawl, items } = await finished(id);
      expect(crawl.status).toBe('completed');
      expectAccountedFor(crawl, items);
      expect(items.find((item) => item.url === lost.url)?.status).toBe('completed');
      expect(site.hits('lost.localhost', '/lost')).toBe(1);
    },
    CRAWL_TEST_MS,
  );
});

describe('crawl requests', () => {
  it('refuses what it cannot run, per the error table', async () => {
    const invalid = await startCrawl({ url: page('/'), include_paths: ['(unclosed'] });
    expect(invalid.status).toBe(422);
    expect(invalid.json.error.code).toBe('validation_error');
    const http = await startCrawl({ url: page('/'), webhook_url: 'http://example.com/hook' });
    expect(http.status).toBe(400);
    expect(http.json.error).toMatchObject({
      code: 'invalid_url',
      details: { field: 'webhook_url', reason: 'scheme_unsupported' },
    });
    // Rendering options go inside `rendering` (test/render-jobs.test.ts); at the top level they are refused.
    const rendering = await startCrawl({ url: page('/'), wait_for_selector: '#x' });
    expect(rendering.status).toBe(400);
    expect(rendering.json.error.code).toBe('validation_error');
    const badUrl = await startCrawl({ url: 'ftp://example.com/' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.json.error.code).toBe('invalid_url');
    const { key: freeKey } = await newAccountWithKey({ planId: 'free' });
    const overPlan = await startCrawl({ url: page('/'), limit: 100_000 }, freeKey);
    expect(overPlan.status).toBe(422);
    expect(overPlan.json.error.details).toMatchObject({ field: 'limit', reason: 'above_plan_limit' });
  });

  it("lists the caller's crawls; another account's crawl is a 404", async () => {
    const created = await startCrawl({ url: page('/c'), max_depth: 0, sitemap: 'skip' });
    const listed = await api('/v1/crawl?limit=100', { key });
    expect(listed.status).toBe(200);
    expect(crawlPageResponse.safeParse(listed.json).error?.issues ?? []).toEqual([]);
    expect(listed.json.data.map((crawl: { id: string }) => crawl.id)).toContain(created.json.id);
    const { key: otherKey } = await newAccountWithKey();
    expect((await api(`/v1/crawl/${created.json.id}`, { key: otherKey })).status).toBe(404);
    expect((await api(`/v1/crawl/${created.json.id}`, { key: otherKey, method: 'DELETE' })).status).toBe(404);
    expect((await api('/v1/crawl', { key: otherKey })).json.data).toEqual([]);
    expect((await api('/v1/crawl/cr_nonsense', { key })).status).toBe(404);
  });
});
