import { describe, expect, it } from 'vitest';
import { convert } from './page';

const html = (page: string, extra = {}) => convert(page, { outputs: ['html'], ...extra }).html ?? '';

describe('cleaned html', () => {
  it('removes scripts, styles, hidden elements and tracking pixels', () => {
    const out = html(
      '<html><head><script>x()</script><style>a{}</style><title>T</title></head><body><p>keep</p><p hidden>h</p><img src="/px.gif" width="1" height="1"><noscript>ns</noscript><iframe src="/ad"></iframe></body></html>',
    );
    expect(out).toBe('<!DOCTYPE html><html><head><title>T</title></head><body><p>keep</p></body></html>');
  });

  it('absolutizes href, src and srcset against <base>', () => {
    const out = html(
      '<head><base href="/assets/"></head><body><a href="p.html">p</a><img src="i.png" srcset="i.png 1x, i2.png 2x"></body>',
    );
    expect(out).toContain('<a href="https://example.com/assets/p.html">p</a>');
    expect(out).toContain('src="https://example.com/assets/i.png"');
    expect(out).toContain(
      'srcset="https://example.com/assets/i.png 1x, https://example.com/assets/i2.png 2x"',
    );
    expect(out).not.toContain('<base');
  });

  it('strips data: images unless removeBase64Images is false', () => {
    const page = '<body><img src="data:image/png;base64,AAAA" alt="d"><p>t</p></body>';
    expect(html(page)).not.toContain('data:');
    expect(html(page, { removeBase64Images: false })).toContain('src="data:image/png;base64,AAAA"');
  });

  it('escapes text and attributes when serializing', () => {
    expect(html('<p title="a &quot;q&quot;">1 &lt; 2 &amp; 3</p>')).toContain(
      '<p title="a &quot;q&quot;">1 &lt; 2 &amp; 3</p>',
    );
  });
});
