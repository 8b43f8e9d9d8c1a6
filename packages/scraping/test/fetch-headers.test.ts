import { describe, expect, it } from 'vitest';
import { fetchHeaders } from '../src/fetch/fetch-capture';

const capture = {
  url: 'http://bücher.example/?q=日本',
  finalUrl: 'http://xn--bcher-kva.example/?q=%E6%97%A5%E6%9C%AC',
  redirects: [],
  status: 200,
  headers: { 'content-type': 'text/plain' },
  contentType: 'text/plain',
  charset: null,
  body: new Uint8Array(),
  wireBytes: 0,
  retrievedAt: '2026-01-01T00:00:00.000Z',
};

describe('X-Fetch-* headers', () => {
  it('carry the requested URL as its parsed href: percent-encoded, punycode host', () => {
    const headers = fetchHeaders('sc_1', { url: capture.url, custom: {} }, { capture, cache: 'miss' });
    expect(headers['x-fetch-url']).toBe('http://xn--bcher-kva.example/?q=%E6%97%A5%E6%9C%AC');
  });
});
