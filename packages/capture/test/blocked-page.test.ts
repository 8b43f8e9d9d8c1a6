import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../test/fixtures/site';
import { classifyBlocked, type FetchResult, fetchPage } from '../src/index';

let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
});

afterAll(async () => {
  await site.close();
});

const fetchFixture = (path: string) =>
  fetchPage({ url: `${site.url}${path}`, timeoutMs: 10_000, allowPrivateTargets: true });

/** A FetchResult as the fetcher would return it for an HTML answer. */
function page(
  status: number,
  html: string,
  headers: Record<string, string> = {},
  contentType = 'text/html',
): FetchResult {
  const body = new TextEncoder().encode(html);
  return {
    url: 'https://shop.example/',
    finalUrl: 'https://shop.example/',
    redirects: [],
    status,
    headers: { 'content-type': contentType, ...headers },
    contentType,
    charset: 'utf-8',
    body,
    wireBytes: body.length,
    retrievedAt: new Date().toISOString(),
    remoteAddress: '93.184.216.34',
    proxyCountry: null,
  };
}

const ARTICLE_TEXT =
  '<p>An ordinary paragraph of an ordinary article, long enough to read like a page.</p>\n'.repeat(40);

describe('classifyBlocked recognises bot walls', () => {
  it('the fixture Cloudflare challenge', async () => {
    expect(classifyBlocked(await fetchFixture('/blocked/cloudflare'))).toEqual({
      blocked: true,
      reason: 'cloudflare',
    });
  });

  it('the fixture Akamai access-denied page', async () => {
    expect(classifyBlocked(await fetchFixture('/blocked/access-denied'))).toEqual({
      blocked: true,
      reason: 'akamai',
    });
  });

  it.each([
    [
      'a Cloudflare challenge without its header',
      page(
        503,
        '<html><head><title>Just a moment...</title></head><body><script>window._cf_chl_opt={}</script></body></html>',
      ),
      'cloudflare',
    ],
    [
      'Cloudflare "Attention Required"',
      page(
        403,
        '<html><head><title>Attention Required! | Cloudflare</title></head><body><div id="cf-error-details">Sorry, you have been blocked</div></body></html>',
      ),
      'cloudflare',
    ],
    [
      'an Akamai page without its Server header',
      page(403, '<html><body><h1>Access Denied</h1>Reference&#32;&#35;18&#46;2f7d1402</body></html>'),
      'akamai',
    ],
    [
      'a PerimeterX block at 403',
      page(
        403,
        '<html><head><title>Access to this page has been denied</title></head><body><div id="px-captcha"></div></body></html>',
      ),
      'perimeterx',
    ],
    [
      'a PerimeterX block served with 200',
      page(
        200,
        '<html><head><title>Please verify</title></head><body><div id="px-captcha"></div><p>Press &amp; Hold</p></body></html>',
      ),
      'perimeterx',
    ],
    [
      'a DataDome 403 by its header',
      page(403, '<html><body></body></html>', { 'x-datadome': 'protected' }),
      'datadome',
    ],
    [
      'a DataDome captcha by its markup',
      page(
        403,
        '<html><body><iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=x"></iframe></body></html>',
      ),
      'datadome',
    ],
    [
      'an Imperva incident page served with 200',
      page(
        200,
        '<html><head><META NAME="robots" CONTENT="noindex,nofollow"></head><body>Request unsuccessful. Incapsula incident ID: 123</body></html>',
      ),
      'imperva',
    ],
    [
      'an hCaptcha interstitial',
      page(
        403,
        '<html><head><script src="https://hcaptcha.com/1/api.js"></script></head><body><div class="h-captcha"></div></body></html>',
      ),
      'hcaptcha',
    ],
    [
      'a reCAPTCHA "unusual traffic" interstitial',
      page(
        429,
        '<html><head><title>Sorry...</title></head><body><p>Our systems have detected unusual traffic.</p><div class="g-recaptcha" data-sitekey="k"></div></body></html>',
      ),
      'recaptcha',
    ],
    [
      'a tiny page titled Access Denied',
      page(200, '<html><head><title>Access Denied</title></head><body>Nope.</body></html>'),
      'challenge_title',
    ],
    [
      'a tiny page titled "Just a moment&hellip;"',
      page(
        200,
        '<html><head><title>Just a moment&hellip;</title></head><body>Checking your browser.</body></html>',
      ),
      'challenge_title',
    ],
  ])('%s', (_name, result, reason) => {
    expect(classifyBlocked(result)).toEqual({ blocked: true, reason });
  });
});

describe('classifyBlocked leaves ordinary pages alone', () => {
  it('the fixture article', async () => {
    expect(classifyBlocked(await fetchFixture('/html'))).toEqual({ blocked: false });
  });

  it('the fixture contact form that loads reCAPTCHA', async () => {
    const result = await fetchFixture('/form/recaptcha');
    expect(Buffer.from(result.body).toString()).toContain('g-recaptcha');
    expect(classifyBlocked(result)).toEqual({ blocked: false });
  });

  it.each([
    [
      'a small sign-in form with reCAPTCHA',
      page(
        200,
        '<html><head><title>Sign in</title><script src="https://www.google.com/recaptcha/api.js"></script></head><body><form><input name="user"><div class="g-recaptcha"></div></form></body></html>',
      ),
    ],
    [
      'a page with Cloudflare bot-detection script injected',
      page(
        200,
        `<html><head><title>Shop</title></head><body>${ARTICLE_TEXT}<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></body></html>`,
      ),
    ],
    [
      'a plain 403 from the origin',
      page(
        403,
        '<html><head><title>403 Forbidden</title></head><body><center><h1>403 Forbidden</h1></center><hr><center>nginx</center></body></html>',
      ),
    ],
    [
      'a 503 maintenance page',
      page(503, '<html><head><title>Down for maintenance</title></head><body>Back soon.</body></html>'),
    ],
    [
      'a 404 page that mentions captcha',
      page(404, '<html><head><title>Not found</title></head><body>No captcha here.</body></html>'),
    ],
    [
      'a long article whose title starts with "Access denied"',
      page(
        200,
        `<html><head><title>Access denied: a history of paywalls</title></head><body>${ARTICLE_TEXT}</body></html>`,
      ),
    ],
    [
      'a protected site answering normally',
      page(200, `<html><body>${ARTICLE_TEXT}</body></html>`, { 'x-datadome': 'protected' }),
    ],
    ['a JSON 403 that mentions captcha', page(403, '{"error":"captcha required"}', {}, 'application/json')],
  ])('%s', (_name, result) => {
    expect(classifyBlocked(result)).toEqual({ blocked: false });
  });
});
