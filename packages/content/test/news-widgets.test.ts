import { describe, expect, it } from 'vitest';
import { parseHtml } from '../src/parse';
import { findItemGrid } from '../src/regions/item-grid';
import { measureTexts } from '../src/text-measure';
import { articleAt } from './page';

/*
 * Japanese news pages (modelled on Fundus's Tokyo and Chunichi Shimbun pages): a short story of
 * text blocks, then in the same wrapper the site's widgets — reactions, "follow this category",
 * share buttons, comments — whose class names are all numbered component names (`cmp-misc023`),
 * and a rail of the section's latest stories, each a linked title, a linked summary and a date.
 */

const article = articleAt('https://news.example.jp/article/379018');

const STORY = [
  '東京都内の大学の新校舎建設工事を巡って、業務報酬名目で不正に約一億円を支払わせて大学に損害を与えたとして、警視庁は十三日、元理事長を背任の疑いで逮捕した。',
  '逮捕容疑では、二〇一八年七月から二〇二〇年二月まで、同大の新校舎二棟の建設工事を巡り、元職員の女性に業務の実態がないのに報酬を支払わせた疑いがある。',
  '元理事長は二〇一四年に副理事長、二〇一九年に理事長に就任した。捜査関係者によると、元職員の女性は同容疑者の側近で、支払われた金の一部が還流していたとみられる。',
  '大学を巡っては、二〇二三年三月に不透明な資金の流れがあるとして卒業生らが警視庁に告発状を提出し、捜査二課が関係先を家宅捜索するなどして調べていた。',
];

const LATEST = [
  [
    '南海トラフ再び臨時情報 宮崎で震度５弱',
    '十三日午後九時十九分ごろ、宮崎県で震度五弱の地震があった。気象庁によると、震源地は日向灘で…',
  ],
  [
    '冷水浴びせ合い豊漁祈る 北海道の神社',
    '北海道の神社で十三日夜、百九十年以上続く神事「寒中みそぎ」が始まり、行修者と呼ばれる若者が…',
  ],
  [
    '白川郷でライトアップ 深雪の集落',
    '世界文化遺産に登録されている岐阜県の白川郷で十三日、合掌造り集落のライトアップが始まった…',
  ],
  [
    '「核の恐怖、伝えられた」 被団協理事が報告会',
    'ノーベル平和賞を受賞した日本原水爆被害者団体協議会で四国地区代表理事を務める男性が…',
  ],
  [
    '大人としての決意新たに 都内各地で二十歳のつどい',
    '成人の日の十三日、東京都内各地で二十歳のつどいが開かれた。華やかな振り袖姿やスーツに身を…',
  ],
];

const card = ([title, summary]: string[], i: number): string =>
  `<li class="item"><div class="cmp-thmb001"><div class="detail">
    <p class="detail-ttl"><a href="/article/${i}">${title}</a></p>
    <p class="detail-sub"><a href="/article/${i}">${summary}</a></p>
    <p class="detail-info"><span>1月13日</span></p></div></div></li>`;

const WIDGETS = `
  <div class="cmp-misc023"><button>なるほど！</button><div class="container">
    <p>記事に『リアクション』ができます。ご利用には会員登録が必要です。</p>
    <a href="/guide">新規登録</a> <a href="/service/login">ログインする</a></div></div>
  <div class="cmp-lst016">カテゴリーをフォローする <a href="/n/national/">社会</a>
    『カテゴリーをフォロー』すると、マイページでまとめて記事を読むことができます。</div>
  <div class="cmp-misc022 mt-10"><a href="#">Xで共有する</a> <a href="#">Facebookで共有する</a>
    <a href="#">メールで送る</a> <a href="#">リンクをコピーする</a></div>
  <div class="cmp-misc024 mt-20" id="comment">コメントを書く
    <a href="/service/login">有料デジタル会員に登録してコメントを書く。(既に会員の方)ログインする。</a></div>`;

const PAGE = `<!doctype html><html lang="ja"><head><title>元理事長を逮捕</title>
<meta property="og:type" content="article"></head><body>
<header><nav><a href="/">トップ</a> <a href="/n/national/">社会</a> <a href="/n/politics/">政治</a></nav></header>
<main class="main-container">
  <div class="heading-area"><h1>元理事長を逮捕</h1></div>
  <div class="content-area"><div class="l-wrapper"><div class="l-container" id="entry">
    ${STORY.map((p) => `<div class="block">${p}</div>`).join('\n')}
    ${WIDGETS}
    <div class="cmp-m-catelst001"><h2>社会の新着</h2><ul class="list">${LATEST.map(card).join('')}</ul></div>
  </div></div></div>
</main></body></html>`;

describe('a short story among numbered widgets and a rail of the latest stories', () => {
  it('does not take widgets whose every class is numbered for cards of one shape', () => {
    const page = parseHtml(PAGE);
    expect(findItemGrid(page, measureTexts(page))?.container.attrs.class).toBe('list');
    // Cards numbered one by one are still one shape.
    const cards = parseHtml(
      `<div>${LATEST.map(([title, summary], i) => `<div class="post-${i} card"><a href="/${i}">${title}</a> ${summary}</div>`).join('')}</div>`,
    );
    const numbered = parseHtml(
      `<div>${LATEST.map(([title, summary], i) => `<div class="post-${i}"><a href="/${i}">${title}</a> ${summary}</div>`).join('')}</div>`,
    );
    expect(findItemGrid(cards, measureTexts(cards))?.items).toHaveLength(LATEST.length);
    expect(findItemGrid(numbered, measureTexts(numbered))?.items).toHaveLength(LATEST.length);
  });

  it('drops the rail of linked titles and summaries, which is not the page’s list of items', () => {
    const md = article(PAGE);
    for (const p of STORY) expect(md).toContain(p);
    for (const [title, summary] of LATEST) {
      expect(md).not.toContain(title);
      expect(md).not.toContain(summary);
    }
  });
});
