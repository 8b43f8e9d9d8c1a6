// The README tour's own web site, so the tour needs no internet: `node docs/tour/demo-site.mjs`
// serves three pages on http://127.0.0.1:8000 (an article, a page built by script, a product).
import { createServer } from 'node:http';

const page = (title, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const PAGES = {
  '/': page(
    'A tour of webcapture',
    `<article><h1>A tour of webcapture</h1><p>This article is served by the tour itself, so every
step works on a machine without internet. It has <a href="/product">a link to a product</a> and a
second paragraph for the Markdown to keep.</p><p>Scrape it, render it, screenshot it.</p></article>`,
  ),
  '/script': page(
    'Built by script',
    `<main id="app"></main><script>document.getElementById('app').innerHTML =
'<h1>Written by JavaScript</h1><p>Only a rendered scrape sees this paragraph.</p>';</script>`,
  ),
  '/product': page(
    'Tour Lamp',
    `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Tour Lamp",
"offers":{"@type":"Offer","price":"24.90","priceCurrency":"EUR"}}</script><h1>Tour Lamp</h1><p>A lamp, 24.90 EUR.</p>`,
  ),
};

createServer((request, response) => {
  const html = PAGES[new URL(request.url ?? '/', 'http://x').pathname];
  response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html ?? page('Not found', '<p>Not found</p>'));
}).listen(8000, '127.0.0.1', () => console.log('demo site on http://127.0.0.1:8000'));
