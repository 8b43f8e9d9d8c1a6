import { describe, expect, it } from 'vitest';
import { processHtml } from '../src';
import { articleAt } from './page';
import { expectPhrases, words } from './phrases';

/*
 * Article mode on news and blog articles: what sits inside the story's container but is not the
 * story (picture captions and credits, …). Small fixtures shaped like the WCXB and Fundus pages
 * where these leaked.
 */

const article = articleAt('https://news.example/2025/01/14/story');

const PARAGRAPHS = [
  'The regional bank dismissed its president on Tuesday after the regulator found serious gaps in its checks against money laundering, the company said in a statement.',
  'The holding company said its own chief executive would step down as well, taking responsibility for the failures that the regulator described in its order last month.',
  'Analysts said the decision, which came earlier than expected, was meant to restore confidence among depositors before the group reports its quarterly results.',
  'The new president, a former finance ministry official, takes office immediately and has promised an overhaul of compliance procedures within the next six months.',
];

describe('article mode: what is in the story container but not the story', () => {
  it('drops picture captions and photo credits, keeps code-listing and quote captions', () => {
    const html = `<html><head><title>Bank dismisses president</title></head><body>
      <nav><a href="/">Home</a> <a href="/business">Business</a></nav>
      <article class="story">
        <h1>Bank dismisses president</h1>
        <p>${PARAGRAPHS[0]}</p>
        <figure><img src="/photos/hq.jpg" alt="Headquarters"><figcaption>The bank's headquarters in the city centre. Photo: Agency</figcaption></figure>
        <p>${PARAGRAPHS[1]}</p>
        <div class="wp-caption"><img src="/photos/ceo.jpg" alt=""><p class="wp-caption-text">The outgoing chief executive at a press conference last year</p></div>
        <p>${PARAGRAPHS[2]}</p>
        <figure><pre><code>const risk = score(account);</code></pre><figcaption>Listing 1: how each account is scored</figcaption></figure>
        <figure><blockquote>We failed our customers and we will fix it.</blockquote><figcaption>The chairman, in a letter to staff</figcaption></figure>
        <p>${PARAGRAPHS[3]}</p>
      </article>
      <footer>© News Example</footer>
    </body></html>`;
    const md = article(html);
    expectPhrases(
      md,
      [...PARAGRAPHS, 'Listing 1: how each account is scored', 'The chairman, in a letter to staff'],
      [
        "The bank's headquarters in the city centre",
        'Photo: Agency',
        'The outgoing chief executive at a press conference',
      ],
    );
    // The pictures themselves stay.
    expect(md).toContain('](https://news.example/photos/hq.jpg)');
  });

  it('drops a caption whose wrapper holds nothing but the caption text or one paragraph', () => {
    // Readability's pass turns a wrapper of one paragraph (or of bare text) into that paragraph:
    // the caption class must survive it (modelled on Fundus's Korean and German news pages).
    const html = `<html><head><title>Bank dismisses president</title></head><body>
      <article class="story">
        <h1>Bank dismisses president</h1>
        <p>${PARAGRAPHS[0]}</p>
        <div class="editor-img-box"><div class="img-box"><img src="/photos/hq.jpg" alt="Headquarters"></div>
          <div class="caption"><p>The bank's headquarters in the city centre on Tuesday morning. Agency</p></div></div>
        <p>${PARAGRAPHS[1]}</p>
        <div class="bi-image"><figure><img src="/photos/ceo.jpg" alt="Chief executive"></figure>
          <div class="bi-image__caption-wrapper"><span class="bi-content-image-copyright">Jane Roe/Getty Images</span></div></div>
        <p>${PARAGRAPHS[2]}</p>
        <p>${PARAGRAPHS[3]}</p>
      </article>
    </body></html>`;
    expectPhrases(article(html), PARAGRAPHS, [
      "The bank's headquarters in the city centre",
      'Jane Roe/Getty Images',
    ]);
  });

  it('drops a caption nested in a text wrapper beside the picture', () => {
    // The caption's own wrapper holds no picture; the one around it does (Fundus's Icelandic and
    // Berlin news pages).
    const html = `<html><head><title>Bank dismisses president</title></head><body>
      <article class="story">
        <h1>Bank dismisses president</h1>
        <p>${PARAGRAPHS[0]}</p>
        <p>${PARAGRAPHS[1]}</p>
        <div class="newsitem-image"><img src="/photos/hq.jpg" alt="Headquarters">
          <div class="info"><span class="caption">The bank's headquarters in the city centre on Tuesday morning.</span> <span>Photo/Agency</span></div></div>
        <p>${PARAGRAPHS[2]}</p>
        <div class="image-container"><img src="/photos/ceo.jpg" alt="">
          <div class="image-container-text"><span class="image-container-caption">The outgoing chief executive at a press conference</span></div></div>
        <p>${PARAGRAPHS[3]}</p>
      </article>
    </body></html>`;
    expectPhrases(article(html), PARAGRAPHS, [
      "The bank's headquarters in the city centre",
      'The outgoing chief executive at a press conference',
    ]);
  });

  it('drops ad slots, newsletter sign-ups and registration walls inside the story', () => {
    // Modelled on Fundus's Canadian news pages: the boxes sit between the story's paragraphs.
    const html = `<html><head><title>Bank dismisses president</title></head><body>
      <article class="article-content-story">
        <h1>Bank dismisses president</h1>
        <section class="article-body"><p>${PARAGRAPHS[0]}</p></section>
        <div class="ad__section-border"><section class="ad"><div class="ad__container">
          <div class="ad__label">Story continues below</div><div class="ad__inner"></div></div></section></div>
        <section class="article-body"><p>${PARAGRAPHS[1]}</p></section>
        <section class="newsletter-widget"><div class="newsletter-widget__body">
          <p class="title">Morning Brief</p><p>Get a dash of perspective along with the trending news of the day in a very readable format.</p>
          <form><input type="email" name="email"><button>Sign Up</button></form>
          <p class="newsletter-widget__disclaimer">By signing up you consent to receive the above newsletter from the publisher.</p></div></section>
        <section class="article-body"><p>${PARAGRAPHS[2]}</p></section>
        <div class="paywall-box"><h2>Register or sign in to unlock more articles</h2>
          <p>Create an account or sign in to continue with your reading experience.</p></div>
        <section class="article-body"><p>${PARAGRAPHS[3]}</p></section>
      </article>
    </body></html>`;
    expectPhrases(article(html), PARAGRAPHS, [
      'Story continues below',
      'Get a dash of perspective',
      'By signing up you consent',
      'Create an account or sign in',
    ]);
  });

  it('drops the second copy of a box a story page repeats word for word', () => {
    // Modelled on Fundus's Nikkei page: the same reuse-service notice above and below the story.
    const box = `<div class="service-box"><p>About our article reuse service</p>
      <p>For sharing articles within a company, reprinting them in meeting materials or ordering prints, see the linked page.</p></div>`;
    const html = `<html><head><title>Bank dismisses president</title>
      <meta property="og:type" content="article"></head><body>
      <article class="story">
        <h1>Bank dismisses president</h1>
        ${box}
        ${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}
        ${box}
      </article>
    </body></html>`;
    const md = article(html);
    expectPhrases(md, PARAGRAPHS, []);
    expect(md.split('For sharing articles within a company').length - 1).toBe(1);
  });

  it('a short story in a dense script (Japanese) passes the length bar as its words, not its characters', () => {
    const story = [
      '１３日午後９時ごろ、宮崎県で震度５弱の地震があった。気象庁によると、震源地は日向灘で、震源の深さは約３６キロ。地震の規模はマグニチュード６・６と推定される。高知県と宮崎県で津波を観測した。',
      '気象庁は評価検討会を開いて巨大地震との関連について調査し、発生の可能性が平常時と比べて相対的に高まったと考えられる現象ではないとして、調査を終了すると明らかにした。',
      '気象庁は記者会見で、地震はいつ起きてもおかしくないとして、日頃からの備えを確実に実施しておくよう呼びかけた。家具の固定や避難経路の確認などを改めて求めている。',
      '県内では一部の鉄道が運転を見合わせたが、大きな被害の報告はないという。',
    ];
    // A box the strict pass strips by class: a lenient pass keeps it, and without the dense-script
    // weighting every pass falls short of the bar and the lenient pass's longer text wins.
    const html = `<html><head><title>宮崎で震度５弱</title></head><body>
      <div class="page"><div class="story">${story.map((p) => `<p>${p}</p>`).join('')}
        <div class="extra-info"><p>中日プラスに登録すると、新聞電子版が利用できます。会員向け記事が読み放題になり、各種メールマガジンで最新情報をお届けします。</p></div>
      </div></div>
    </body></html>`;
    expectPhrases(article(html), story, ['会員向け記事が読み放題になり']);
  });

  it("drops the writer's bio box, keeps the byline's name", () => {
    const html = `<html><head><title>Bank dismisses president</title></head><body>
      <article class="story">
        <h1>Bank dismisses president</h1>
        <p class="byline">By Jane Roe</p>
        <p>${PARAGRAPHS[0]}</p><p>${PARAGRAPHS[1]}</p><p>${PARAGRAPHS[2]}</p><p>${PARAGRAPHS[3]}</p>
        <div class="author-box"><img src="/staff/jane.jpg" alt=""><p>Jane Roe is a senior reporter covering banking and financial regulation. She joined the newsroom in 2015 from a wire service.</p></div>
      </article>
    </body></html>`;
    const result = processHtml(html, {
      url: 'https://news.example/2025/01/14/story',
      outputs: ['markdown', 'metadata'],
      mode: 'article',
    });
    expectPhrases(result.markdown as string, PARAGRAPHS, ['Jane Roe is a senior reporter covering banking']);
    expect(result.metadata?.byline).toContain('Jane Roe');
  });

  it('keeps one copy of a story a site builder renders once per breakpoint, and a repeated code sample', () => {
    const guide = [
      ...PARAGRAPHS,
      'Labour is the largest cost in most renovations, because skilled trades are licensed and in short supply, so quotes from three contractors are worth the wait before anything is signed.',
      'Permits add both money and weeks to a project, and inspectors expect drawings for any change to walls, wiring or plumbing, which a designer can prepare for a fixed fee.',
      'Materials are the cost owners control best: stock sizes, local stone and standard fixtures cut the bill by a fifth without making the finished rooms look any cheaper.',
    ];
    const variant = (hidden: string): string =>
      `<div class="ssr-variant ${hidden}"><div class="rich-text"><h2>What drives the cost</h2>${guide.map((p) => `<p>${p}</p>`).join('')}</div></div>`;
    // No og:type: an undeclared page, whose short repeats (a request and its response) can be content.
    const html = `<html><head><title>What a renovation costs</title></head><body>
      <main><h1>What a renovation costs</h1>
        ${variant('hidden-mobile')}${variant('hidden-desktop')}
        <h2>Estimate request</h2><pre><code>{"rooms": 2, "zip": "94110"}</code></pre>
        <h2>Estimate response</h2><pre><code>{"rooms": 2, "zip": "94110"}</code></pre>
      </main>
    </body></html>`;
    const text = words(article(html));
    for (const p of guide) expect(text.split(words(p)).length - 1, p).toBe(1);
    expect(text.split(words('"rooms": 2, "zip": "94110"')).length - 1).toBe(2);
  });

  it('keeps a long code sample an undeclared page shows twice (a request and its response)', () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({ item: `fixture ${i}`, cost: 1000 + i * 25 }));
    const sample = `<div class="sample"><pre><code>${JSON.stringify({ rooms: 2, lines })}</code></pre></div>`;
    const html = `<html><head><title>Estimates API</title></head><body>
      <main><h1>Estimates API</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}
        <h2>Request</h2>${sample}<h2>Response</h2>${sample}
      </main>
    </body></html>`;
    const text = words(article(html));
    expect(text.split(words('"item": "fixture 39"')).length - 1).toBe(2);
  });
});
