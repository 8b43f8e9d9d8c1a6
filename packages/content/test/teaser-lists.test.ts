import { describe, expect, it } from 'vitest';
import { isTeaserList } from '../src/clutter/teaser-lists';
import { type Elem, findFirst, parseHtml } from '../src/parse';
import { articleAt } from './page';

/*
 * A story followed, inside the same wrapper, by a rail of other stories' linked headline cards
 * (modelled on Fundus's Dutch and Japanese news pages); and an article's own list of sources,
 * all links but without headings, which stays.
 */

const article = articleAt('https://news.example/2026/04/story');

const PARAGRAPHS = [
  'The coalition parties approved the government agreement on Friday evening after a long congress in which several delegates voiced doubts about the pension reform.',
  'The new cabinet will be sworn in by the king on Monday morning, and the first council of ministers is planned for the same afternoon in the capital.',
  'Negotiators spent four months on the text, which runs to more than two hundred pages and covers taxes, pensions, migration, justice and defence spending in detail.',
  'The largest party will deliver the prime minister for the first time, a role its leader had long said he did not seek, and it will also hold the finance department.',
  'Opposition leaders criticised the agreement as a missed chance for the climate, while employers welcomed the promised cut in labour costs over the coming five years.',
];

const HEADLINES = [
  'Who are the ministers in the new government, and who leads which department?',
  'Spouse of the prime minister reacts after the party congress',
  'What experts think about the agreement: no revolution, but a clear course',
];

const card = (headline: string, i: number): string =>
  `<li class="item"><a href="/story/${i}"><article><h2>${headline}</h2><time>12 May</time><img src="/t${i}.jpg" alt=""></article></a></li>`;

const PAGE = (
  list: string,
): string => `<!doctype html><html><head><title>Parties approve agreement</title></head><body>
<main><div class="article-body">
  <h1>Parties approve agreement</h1>
  ${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}
  ${list}
</div></main>
</body></html>`;

describe('teaser lists: rails of linked headline cards under a story', () => {
  it('drops a list whose every item is a linked headline card', () => {
    const md = article(PAGE(`<h3>Top stories</h3><ul>${HEADLINES.map(card).join('')}</ul>`));
    for (const p of PARAGRAPHS) expect(md).toContain(p);
    for (const h of HEADLINES) expect(md).not.toContain(h);
  });

  it('keeps an article’s own list of links without headings (its sources)', () => {
    const sources = ['Government agreement (PDF)', 'Party congress resolution', 'Budget tables 2026'];
    const md = article(
      PAGE(
        `<p>Sources:</p><ul>${sources.map((s, i) => `<li><a href="/doc/${i}">${s}</a></li>`).join('')}</ul>`,
      ),
    );
    for (const s of sources) expect(md).toContain(s);
  });

  it('needs every item to be a linked heading with little text outside the link', () => {
    const mixed = parseHtml(
      `<ul>${card(HEADLINES[0] ?? '', 0)}<li><h3>Step two</h3><p>Fill the tank with water up to the mark on the side and switch the machine on.</p></li></ul>`,
    );
    const list = (root: Elem): Elem => findFirst(root, 'ul') as Elem;
    expect(isTeaserList(list(mixed))).toBe(false);
    const rail = parseHtml(`<ul>${HEADLINES.map(card).join('')}<li></li></ul>`);
    expect(isTeaserList(list(rail))).toBe(true);
  });
});

describe('teaser cards that are each an <article> under a story', () => {
  const TEASERS = [
    ['Reform long overdue', 'Further training becomes compulsory for teachers'],
    ['Trip to the United States', 'The prime minister goes to Hollywood'],
    ['State parliament', 'Row over a video shot in the parliamentary group hall'],
    ['For investment', 'Party wants money from the rich, from heirs and from debt'],
  ];
  // Modelled on Fundus's German regional news pages: an overlay link labelled for screen readers,
  // a kicker and a headline outside the link.
  const teaser = ([kicker, headline]: string[], i: number): string =>
    `<div class="content-list-content"><article class="teaser"><div class="relative grid">
      <a href="/region/story-${i}" class="absolute inset-0" aria-labelledby="t${i}"><span id="t${i}" class="sr-only">${headline}</span></a>
      <header><span class="kicker"><em>${kicker}</em></span> <span class="headline">${headline}</span></header>
    </div></article></div>`;
  const page = (cards: string): string => `<!doctype html><html><head><title>Parties approve agreement</title>
    <meta property="og:type" content="article"></head><body>
    <main><div class="article-body">
      <h1>Parties approve agreement</h1>
      ${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}
      <div class="park-content-list"><h4>More on this topic</h4>${cards}</div>
    </div></main></body></html>`;

  it('drops three or more short linked <article>s inside the content', () => {
    const md = article(page(TEASERS.map(teaser).join('')));
    for (const p of PARAGRAPHS) expect(md).toContain(p);
    for (const [kicker, headline] of TEASERS) {
      expect(md).not.toContain(kicker);
      expect(md).not.toContain(headline);
    }
  });

  it('keeps short <article>s without a headline: a forum thread’s replies', () => {
    const replies = [
      'Well, I think forums are still a good source of knowledge and not dead at all.',
      'I agree that they decreased a lot compared with the past, but many are still active.',
      'It depends on the niche; the technical ones I read are busier than ever.',
    ];
    const md = article(
      page(
        replies
          .map((r) => `<div class="message"><article><blockquote>${r}</blockquote></article></div>`)
          .join(''),
      ),
    );
    for (const r of replies) expect(md).toContain(r);
  });

  it('keeps one or two: a quoted post or an aside is not a rail', () => {
    const md = article(page(TEASERS.slice(0, 2).map(teaser).join('')));
    expect(md).toContain(TEASERS[0]?.[1]);
  });
});

describe('a list of links under a "related articles" label', () => {
  const RELATED = [
    'Group sets up a third-party committee after the penalty',
    'Regulator orders the bank to improve its controls',
    'Government asks all lenders to tighten their checks',
  ];
  const page = (label: string): string => `<!doctype html><html><head><title>Parties approve agreement</title>
    <meta property="og:type" content="article"></head><body>
    <main><div class="article-body">
      <h1>Parties approve agreement</h1>
      ${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('\n')}
      <div><p>${label}</p><ul>${RELATED.map((r, i) => `<li>・<a href="/article/${i}">${r}</a></li>`).join('')}</ul></div>
    </div></main></body></html>`;

  it('drops the label and its links, in any of the languages it knows', () => {
    for (const label of ['【関連記事】', 'Related articles:', 'Lesen Sie auch']) {
      const md = article(page(label));
      for (const p of PARAGRAPHS) expect(md).toContain(p);
      for (const r of RELATED) expect(md).not.toContain(r);
    }
  });

  it('keeps a list of links under any other label (the story’s sources)', () => {
    const md = article(page('Sources:'));
    for (const r of RELATED) expect(md).toContain(r);
  });
});
