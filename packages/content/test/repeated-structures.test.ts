import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processHtml } from '../src';
import { expectPhrases } from './phrases';

/*
 * Article mode on pages built from repeated structures — forum threads, listings, product grids:
 * trimmed WCXB pages (fixtures/SOURCES.md) and small fixtures shaped like them (a Discourse thread
 * served inside <noscript>).
 */

function article(html: string, url = 'https://forum.example/t/deploy-failed/117253'): string {
  return processHtml(html, { url, outputs: ['markdown'], mode: 'article' }).markdown as string;
}

function fixture(name: string, url: string): string {
  return article(readFileSync(join(import.meta.dirname, 'fixtures', `${name}.html`), 'utf8'), url);
}

describe('article mode on repeated structures', () => {
  it('collection: the grid after a facet panel, not the page menus a lenient attempt returns', () => {
    const md = fixture('wcxb-4410', 'https://www.giro.com/cycling/accessories/lights/');
    expectPhrases(
      md,
      [
        'Mountain/Urban Recreational Helmet Vent Light',
        'Roc Loc 5 LED Light',
        'Scamp II Helmet Vent Light',
        '$21.95',
      ],
      ['New & Featured', 'New Arrivals', 'Best Sellers', 'Newsletter'],
    );
    expect(md).toContain('](https://www.giro.com/product/caden-helmet-vent-light/');
  });

  it('collection: a grid is kept with the wrappers around it, which cleaning would drop as link-dense', () => {
    const md = fixture('wcxb-4021', 'https://shopinthekitchen.com/collections/lodge');
    expectPhrases(
      md,
      [
        'CAST IRON GRILL PAN 10" RND LODGE L8GP3 (DSC)',
        'CAST IRON SKILLET 10.5" SQ LODGE L8SQ3',
        'RECTANGULAR GRILL PRESS',
        'SILICONE HOT HANDLE HOLDER - RED',
        '$49.99 USD',
      ],
      ['Baking Liners', 'Cookie Cutters', 'Powered by Shopify'],
    );
  });

  it('forum served inside <noscript>: posts quoting markup are still read, every post with its author', () => {
    const posts = [
      [
        'tinterweb',
        'All of a sudden the deployment of our site stopped; the log ends with <header> missing.',
      ],
      ['nathanmartin', 'If I read your post correctly, you supplied the log of a build that succeeded.'],
      ['tinterweb', 'Here is the failing one, it stops right after uploading the files to the CDN.'],
    ];
    const thread = posts
      .map(
        ([who, text]) =>
          `<div class="topic-body crawler-post"><div class="crawler-post-meta"><span class="creator"><a href="/u/${who}"><span>${who}</span></a></span><time datetime="2024-04-26">April 26, 2024</time></div><div class="post"><p>${(text as string).replace('<', '&lt;').replace('>', '&gt;')}</p><pre><code>&lt;div id="app"&gt;&lt;/div&gt; build log line of some length here</code></pre></div></div>`,
      )
      .join('');
    const md = article(
      `<html><body><section id="d-splash"><div class="dots"></div></section><noscript><header><a href="/">Support Forums</a></header><div id="main-outlet" role="main"><h1>Deploy failed</h1>${thread}</div></noscript></body></html>`,
    );
    for (const [who, text] of posts) {
      expect(md).toContain(who);
      expect(md).toContain((text as string).slice(0, 40));
    }
  });

  it('forum thread: a reply quoting an earlier post loses the repeated quote, keeps its own words and quotes from elsewhere', () => {
    const first =
      'I currently own closed headphones for my media consumption but I am considering selling them for a wider stage.';
    const post = (n: number, who: string, body: string): string =>
      `<article class="message message--post" id="post-${n}"><div class="message-inner"><div class="message-cell message-cell--user"><h4 class="message-name"><a href="/members/${who}">${who}</a></h4><dl class="pairs"><dt>Joined</dt><dd>Feb 8, 2023</dd></dl></div><div class="message-cell message-cell--main"><header class="message-attribution"><time datetime="2024-07-0${n}">Jul ${n}, 2024</time> <a href="/posts/${n}">#${n}</a></header><div class="message-content"><div class="bbWrapper">${body}</div></div></div></div></article>`;
    const quote = (who: string, text: string): string =>
      `<blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-title"><a href="/goto/1">${who} said:</a></div><div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent">${text}</div><div class="bbCodeBlock-expandLink">Click to expand...</div></div></blockquote>`;
    const manual =
      'The manual states that the open back design leaks sound to everyone sitting nearby in the room.';
    const md = article(
      `<html><body><div class="p-body"><h1>Closed headphones with a wide stage?</h1><div class="block-body">${post(1, 'tobias', `<p>${first}</p><p>Budget is around 500 euros, and I would like a neutral sound profile with good separation.</p>`)}${post(2, 'monsterzero', `${quote('tobias', first)}Have a look at the planar models from last year, they have a surprisingly wide stage for closed backs.`)}${post(3, 'kansas', `${quote('Manual', manual)}So an open back is out of the question at night, I would say.`)}</div></div></body></html>`,
    );
    expect(md.split(first).length - 1).toBe(1);
    expectPhrases(
      md,
      ['Have a look at the planar models from last year', manual, 'So an open back is out of the question'],
      [],
    );
  });

  it('thread declared as schema.org DiscussionForumPosting: replies in comment-classed containers are posts; on an article they are not', () => {
    const replies = [
      [
        'kathleen',
        'We lived in a converted school bus for three winters and the cold floor was the worst part of it.',
      ],
      [
        'travis',
        'Our current tiny house is eighteen by twenty two feet, and we heat it with a small wood stove.',
      ],
      [
        'marie',
        'How do you handle water in winter? Our pipes froze twice last January before we insulated them.',
      ],
    ];
    const page = (ld: string): string =>
      `<html><head><script type="application/ld+json">${ld}</script></head><body><div id="content"><div class="topic"><h1>A year in a tiny house</h1><div class="post-body"><p>For the past year, we have found out what living small means. We are a family of six in a house smaller than most garages, and it has been an adventure from the start.</p><p>Here is what we learned about storage, heating and sharing one room, and what we would do differently.</p><p>Storage came first: every object in the house has one place, and anything without a place leaves. Heating came second, since a small room warms fast and cools just as fast. Sharing one room was the hardest part, and it took us most of the winter to find a rhythm that gave each of us some quiet.</p></div></div><div class="comments-area"><h2>Replies</h2><ol class="comment-list">${replies
        .map(
          ([who, text]) =>
            `<li class="comment"><div class="comment-body"><div class="comment-author"><a href="/u/${who}">${who}</a></div><div class="comment-content"><p>${text}</p></div></div></li>`,
        )
        .join('')}</ol></div></div></body></html>`;
    const thread = article(
      page(
        '{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"A year in a tiny house"}',
      ),
    );
    expectPhrases(thread, ['For the past year, we have found out', ...replies.flat()], []);
    const blog = article(
      page('{"@context":"https://schema.org","@type":"BlogPosting","headline":"A year in a tiny house"}'),
    );
    expectPhrases(
      blog,
      ['For the past year, we have found out'],
      replies.map(([, text]) => text as string),
    );
  });

  it('listing: an A–Z index whose groups carry a class of their own letter is kept as one grid', () => {
    const md = fixture('wcxb-4532', 'https://www.thomasnet.com/catalogs/fasteners-hardware/');
    expectPhrases(
      md,
      [
        'Find Item Details, Images, Downloadable Spec Sheets, Schematics, 3-D CAD Models and more.',
        'Adapters',
        'Hook and Loop Fasteners',
        'Standoffs and Spacers',
        'Washers (Fastener & Hardware)',
      ],
      ['Supplier Discovery', 'Claim Your Company', 'Cookie Policy'],
    );
    expect(md).toContain('](https://www.thomasnet.com/catalogs/fasteners-hardware/adapters/)');
  });
});
