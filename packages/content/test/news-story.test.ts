import { describe, expect, it } from 'vitest';
import { processHtml } from '../src/index';

/*
 * News stories whose markup defeats plain scoring, modelled on Fundus pages and trimmed to the
 * structure that matters: a metered paywall that hides the story's continuation.
 */

function article(html: string): string {
  return (
    processHtml(html, { url: 'https://news.example/2026/04/story', outputs: ['markdown'], mode: 'article' })
      .markdown ?? ''
  );
}

const NAV = `<nav class="menu"><ul>${['Politics', 'Business', 'Sport', 'Culture', 'Opinion']
  .map((t) => `<li><a href="/${t.toLowerCase()}">${t}</a></li>`)
  .join('')}</ul></nav>`;

const LEAD =
  'After six straight defeats the home side took a point in its fight against relegation, although poor finishing left them eight points clear with four rounds to go.';
const HIDDEN_PARAGRAPHS = [
  'The match opened with a statement of intent: a crossed shot in the first minute nearly surprised the visiting goalkeeper, and both teams then settled into cautious possession.',
  'With so much at stake neither side took risks, so the first mistake was always going to be costly. A throw-in cleared straight into his own net gave the visitors the lead.',
  'The equaliser came from a classic pivot move on the edge of the area, and the home side turned the game round just before half-time with a cross turned in at the far post.',
];

const PAYWALLED = `<!doctype html><html><head><title>Home side held to a draw</title></head><body>
${NAV}
<main><article>
  <h1>Home side held to a draw</h1>
  <p class="byline">By Daniel Writer</p>
  <p>${LEAD}</p>
  <div class="paywall" hidden>${HIDDEN_PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}</div>
  <div class="login-modal" hidden><p>Subscribe to keep reading. Log in or create an account to read every story on our site without limits, from any device.</p></div>
</article></main>
<div class="menu-drawer" hidden><ul>${['Home', 'Local', 'World', 'Weather']
  .map((t) => `<li><a href="/${t.toLowerCase()}">${t}</a></li>`)
  .join('')}</ul></div>
</body></html>`;

describe('a metered paywall: the hidden continuation of a story', () => {
  it('keeps the hidden paragraphs that continue the visible lead', () => {
    const md = article(PAYWALLED);
    expect(md).toContain(LEAD);
    for (const p of HIDDEN_PARAGRAPHS) expect(md).toContain(p);
  });

  it('still drops hidden blocks that do not continue a paragraph: a login box, a menu drawer', () => {
    const md = article(PAYWALLED);
    expect(md).not.toContain('Subscribe to keep reading');
    expect(md).not.toContain('Weather');
  });

  it('drops a hidden block of paragraphs that follows no visible paragraph', () => {
    const html = PAYWALLED.replace(`<p>${LEAD}</p>`, '<img src="/lead.jpg" alt="">');
    const md = article(html);
    expect(md).not.toContain(HIDDEN_PARAGRAPHS[0]);
  });
});
