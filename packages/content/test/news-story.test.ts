import { describe, expect, it } from 'vitest';
import { processHtml } from '../src';
import { extractMetadata } from '../src/metadata';
import { parseHtml } from '../src/parse';
import { UrlResolver } from '../src/parse/url-resolver';
import { articleAt } from './page';

/*
 * News stories whose markup defeats plain scoring, modelled on Fundus pages and trimmed to the
 * structure that matters: a metered paywall that hides the story's continuation, and a short story
 * sharing its wrapper with a rail of related headlines.
 */

const article = articleAt('https://news.example/2026/04/story');

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

// A brief report (dense script: no spaces between words), cut short for non-subscribers, in the
// same wrapper as a rail of related headlines with their teasers.
const STORY = [
  '十三日午後九時十九分ごろ、宮崎県で震度五弱の地震があった。気象庁によると、震源地は日向灘で、震源の深さは約三十六キロ。地震の規模はマグニチュード六・六と推定される。高知県、宮崎県で津波を観測した。',
  '気象庁は調査終了を受けた記者会見で「地震はいつ起きてもおかしくない。日頃からの備えを確実に実施しておくようお願いしたい」と呼びかけた。',
  '昨年八月に続いて二度目となる臨時情報を発表し、評価検討会を開いて巨大地震との関連について調査したが、発生の可能性が平常時と比べて高まったと考えられる現象ではないとして終了した。',
];
const RELATED = Array.from(
  { length: 3 },
  (_, i) =>
    `<li class="item"><p class="ttl"><a href="/article/${100 + i}">関連ニュースの見出し第${i + 1}号、地域の話題を詳しく伝える記事の題名です。本文の冒頭部分がここに表示されます。続きは記事のページでお読みください。写真や動画を交えて現地の様子を伝え、関係者の話も紹介しています。</a></p></li>`,
).join('\n');
const SHORT_STORY = `<!doctype html><html><head><title>南海トラフ、一時調査</title></head><body>
<nav class="global-navi"><ul>${[
  'ニュース',
  '社会',
  '政治',
  '経済',
  '国際',
  'スポーツ',
  '天気',
  '動画',
  '写真',
  '連載',
  '地元',
  '特集',
]
  .map((t, i) => `<li><a href="/n/${i}">${t}</a></li>`)
  .join('')}</ul></nav>
<div id="document-wrapper"><main class="main-container">
<h1>南海トラフ、一時調査</h1>
<div class="content-area"><div class="l-wrapper"><div class="l-container">
  ${STORY.map((s) => `<div class="block">${s}</div>`).join('\n')}
  <div class="member-box"><p>この記事は会員限定です。</p></div>
  <div class="latest"><h2>社会の新着</h2><div class="list-wrap"><ul class="list">${RELATED}</ul></div></div>
</div></div></div>
</main></div>
</body></html>`;

describe('a short story beside a rail of related headlines in one wrapper', () => {
  it('keeps the story and drops the rail instead of falling back to the page menus', () => {
    const md = article(SHORT_STORY);
    for (const s of STORY) expect(md).toContain(s);
    expect(md).not.toContain('関連ニュースの見出し');
    expect(md).not.toContain('スポーツ');
  });
});

describe('a page that pastes a second document into its head', () => {
  const STORY_TEXT =
    'This foundational fitness protocol is designed to be modified to meet your individual needs, while still adhering to what the best science tells us we should all do for long-term health.';
  const html = `<!doctype html><html lang="en-US"><head><title>Foundational Fitness Protocol</title>
<!DOCTYPE html>
<html lang="en">
<head><!-- Meta tags, styles, and title here --></head>
<body><script type="application/ld+json">{"@type": "Article", "headline": "Foundational Fitness Protocol"}</script></head>
<body><nav><a href="/">Home</a> <a href="/podcast">Podcast</a></nav>
<article><h1>Foundational Fitness Protocol</h1><p>${STORY_TEXT}</p><p>${STORY_TEXT.replace('foundational', 'weekly')}</p></article>
</body></html>`;

  it('reads the content of the page body, as a browser merges the two bodies', () => {
    expect(article(html)).toContain(STORY_TEXT);
    const raw = processHtml(html, { url: 'https://news.example/', outputs: ['markdown'], mode: 'raw' });
    expect(raw.markdown).toContain(STORY_TEXT);
  });
});

// Endless scroll: the next story follows the page's own, each an <article> with its own <h1>.
function story(title: string, paragraphs: string[]): string {
  return `<article class="article-entity"><header><h1 class="headline">${title}</h1></header>
  <div class="bodytext">${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}</div></article>`;
}
const OWN = [
  'North Korea condemned the strike on Sunday, calling it another example of the brutal behaviour the international community has witnessed for a long time, a spokesman said.',
  'An expert in Seoul believes the attack will raise the regime’s security fears and its focus on nuclear weapons, while a similar strike on Pyongyang remains unlikely.',
  'The same day the country tested hypersonic missiles, which fly low in the atmosphere and can manoeuvre, making them much harder to detect and intercept.',
];
const NEXT = [
  'Rumours about the former manager’s return began to swirl on Monday evening, and on Tuesday a respected reporter wrote that he is a leading candidate for the interim role.',
  'Several senior figures in the dressing room are said to be positive about his return, among them the captain and a former captain of the club.',
];
const ENDLESS = `<!doctype html><html><head><title>Strike raises tension in North Korea, expert says | Daily</title></head><body>
${NAV}
<main>${story('Strike raises tension in North Korea, expert says', OWN)}
<div class="under-article">${story('No doubt: he will not get a permanent contract', NEXT)}</div></main>
</body></html>`;

describe('endless scroll: the stories after the page’s own', () => {
  it('keeps the story whose heading is the page title and drops the next one', () => {
    const md = article(ENDLESS);
    for (const p of OWN) expect(md).toContain(p);
    for (const p of NEXT) expect(md).not.toContain(p);
  });

  it('keeps every story when none of their headings is the page title (a front page of stories)', () => {
    const md = article(
      ENDLESS.replace('Strike raises tension in North Korea, expert says |', 'Front page |'),
    );
    expect(md).toContain(NEXT[0]);
  });
});

describe('screen-reader-only labels', () => {
  const PARAGRAPHS = [
    'The department gave up a third of its office space last year, according to documents obtained through an access to information request.',
    'Return-to-office rules have since forced a pivot on the plan, and some of the buildings it meant to shed are being fitted out again.',
    'A spokesperson said the department continues to review its needs as staff numbers change and leases come up for renewal over the next years.',
  ];
  const WRAPPED =
    'The ministry gave up a third of its office space last year, according to documents obtained through an access to information request.';
  const html = `<!doctype html><html><head><title>Office space</title></head><body>${NAV}
<article><h1>Office space</h1>${PARAGRAPHS.map(
    (p) =>
      `<section class="content-group"><div class="visually-hidden">Article content</div><p>${p}</p></section>`,
  ).join('\n')}
<label class="sr-only">Filter by size<div class="filters"><p>${WRAPPED}</p></div></label>
</article></body></html>`;

  it('drops the labels repeated between paragraphs, keeping the paragraphs', () => {
    const md = article(html);
    for (const p of PARAGRAPHS) expect(md).toContain(p);
    expect(md).not.toContain('Article content');
  });

  it('keeps a screen-reader-classed element that holds blocks (a label left unclosed)', () => {
    expect(article(html)).toContain(WRAPPED);
  });
});

describe('a page declaring one story (og:type article)', () => {
  // Modelled on a blog post whose comment box is a grid of linked cards in a wrapper named for
  // comments: on a category page such a grid may be the content, on a story page it is not.
  const comments = Array.from(
    { length: 12 },
    (_, i) =>
      `<div class="comment-card"><a href="/user/${i}"><img src="/avatar/${i}.png" alt=""></a><h4><a href="/user/${i}">Reader ${i + 1}</a></h4><p>Thanks for sharing, the photos of day ${i + 1} are lovely and the route looks easy.</p></div>`,
  ).join('');
  const story = HIDDEN_PARAGRAPHS.map((p) => `<p>${p}</p>`).join('');
  const page = (ogType: string) => `<!doctype html><html><head><title>Home side held to a draw</title>
<meta property="og:type" content="${ogType}"></head><body>${NAV}
<div class="post"><h1>Home side held to a draw</h1><p>${LEAD}</p>${story}
<div class="comments-pagination"><div class="comment-grid">${comments}</div><a href="?cpage=2">More</a></div></div>
<footer><p>© News</p></footer></body></html>`;

  it('keeps the story without the grid of comment cards beside it', () => {
    const markdown = article(page('article'));
    expect(markdown).toContain('took a point in its fight against relegation');
    expect(markdown).toContain('A throw-in cleared straight into his own net');
    expect(markdown).not.toContain('Reader 12');
  });

  it('is declared by og:type article alone, not by a page listing items or another og:type', () => {
    const declared = (html: string) => {
      const doc = parseHtml(html);
      return extractMetadata(doc, new UrlResolver('https://news.example/', doc)).extras.story;
    };
    const itemList = '<script type="application/ld+json">{"@type":"ItemList","itemListElement":[]}</script>';
    expect(declared(page('article'))).toBe(true);
    expect(declared(page('website'))).toBe(false);
    expect(declared(page('article').replace('</head>', `${itemList}</head>`))).toBe(false);
  });
});
