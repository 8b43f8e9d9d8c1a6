import {
  type Elem,
  elementChildren,
  findAll,
  findFirstWhere,
  innerText,
  isWithin,
  removeNode,
} from '../parse';
import { HEADINGS } from '../tag-sets';
import { textLength } from '../text-measure';

/*
 * Under a story, news sites list other stories as cards: each list item is a link to another
 * page whose text is that page's headline (a heading) and perhaps its date or kicker ("Related",
 * "Recommended", "Top stories"). Conditional cleaning keeps lists whatever their link density —
 * an article's own list of sources is all links too — so these rails survive inside the chosen
 * region. A list whose every item is a linked heading and (almost) nothing outside links is a
 * rail of teasers, not the story's text; a list of sources has no headings in its items.
 */

/** Items needed before a list counts as a rail rather than a single "read next" link. */
const MIN_ITEMS = 2;
/** Share of an item's text inside links. */
const ITEM_LINK_SHARE = 0.8;

const length = (el: Elem): number => innerText(el).replace(/\s+/g, '').length;

function linkedLength(el: Elem): number {
  let n = 0;
  for (const a of findAll(el, (e) => e.tag === 'a')) n += length(a);
  return n;
}

function insideLink(el: Elem, stop: Elem): boolean {
  for (let p = el.parent; p && p !== stop; p = p.parent) if (p.tag === 'a') return true;
  return false;
}

/** A heading that is (or sits in) a link, holding text. */
function linkedHeading(item: Elem): boolean {
  return findAll(item, (e) => HEADINGS.has(e.tag)).some(
    (h) => length(h) > 0 && (insideLink(h, item) || linkedLength(h) >= ITEM_LINK_SHARE * length(h)),
  );
}

const BLOCKS = new Set(['p', 'div']);

/**
 * A card's title line without a heading tag: its first paragraph or block of text is all link, and
 * more text follows it (a linked summary, a date). An entry of a list of sources is one line.
 */
function linkedTitleLine(item: Elem): boolean {
  const first = findFirstWhere(
    item,
    (e) => BLOCKS.has(e.tag) && length(e) > 0 && !elementChildren(e).some((c) => BLOCKS.has(c.tag)),
  );
  return first !== null && length(first) < length(item) && linkedLength(first) >= length(first);
}

/** Whether `list` (a `ul`/`ol`) is a rail of linked headline cards (see above). */
export function isTeaserList(list: Elem): boolean {
  const items = elementChildren(list).filter((li) => li.tag === 'li' && length(li) > 0);
  if (items.length < MIN_ITEMS) return false;
  return items.every(
    (li) => (linkedHeading(li) || linkedTitleLine(li)) && linkedLength(li) >= ITEM_LINK_SHARE * length(li),
  );
}

/** Text of a teaser card: a kicker, a headline, perhaps a line of summary. */
const MAX_CARD_TEXT = 300;
/** Cards needed before short `<article>`s count as a rail rather than a quote or an aside. */
const MIN_CARDS = 3;
/** A paragraph of the story's prose, not a card's line of summary. */
const MIN_PARAGRAPH = 80;

/**
 * Under a story, other stories' teasers are often each an `<article>` of their own: a short one
 * whose link, an overlay labelled for screen readers only, is gone by now (screen-reader-text.ts).
 * When the content holds at least three and they are less than half its text, they go; a page
 * that is mostly such cards is an index of stories, and they are its items. An `<article>` naming
 * its author (`signed`: author class, microdata, rel), or without a headline (a heading or a
 * `<header>`), is a forum's post, not a teaser.
 */
export function dropTeaserArticles(content: Elem, signed: (el: Elem) => boolean): void {
  // An element's characters are at most its collapsed text's length and over half of it (no two
  // spaces adjoin): its text is built only when its measure leaves the count open.
  const isCard = (e: Elem): boolean => {
    if (e.tag !== 'article') return false;
    const collapsed = textLength(e, 2 * MAX_CARD_TEXT + 1);
    if (collapsed === 0 || collapsed > 2 * MAX_CARD_TEXT) return false;
    if (collapsed > MAX_CARD_TEXT && length(e) > MAX_CARD_TEXT) return false;
    return findFirstWhere(e, (h) => h.tag === 'header' || HEADINGS.has(h.tag)) !== null && !signed(e);
  };
  // Only cards after the story's last paragraph: a service page's feature cards sit between its
  // sections of prose.
  let cards: Elem[] = [];
  const isParagraph = (x: Elem): boolean => {
    if (x.tag !== 'p') return false;
    const collapsed = textLength(x, 2 * MIN_PARAGRAPH);
    return collapsed >= 2 * MIN_PARAGRAPH - 1 || (collapsed >= MIN_PARAGRAPH && length(x) >= MIN_PARAGRAPH);
  };
  for (const e of findAll(content, (x) => isCard(x) || isParagraph(x))) {
    if (e.tag === 'p' && !cards.some((card) => isWithin(e, card))) cards = [];
    else if (e.tag === 'article') cards.push(e);
  }
  if (cards.length < MIN_CARDS) return;
  const cardText = cards.reduce((n, card) => n + length(card), 0);
  if (cardText >= 0.5 * length(content)) return;
  for (const card of cards) removeNode(card);
}

/** A label introducing links to other stories ("Related", "Lesen Sie auch", "【関連記事】"). */
const RELATED_LABEL =
  /^[\s【[(「]*(related( articles| stories| posts)?|read (more|also|next)|more on this( topic)?|see also|lesen sie auch|mehr zum thema|à lire aussi|lire aussi|sur le même sujet|leer más|lea también|noticias relacionadas|leggi anche|les også|läs också|lees ook|関連記事|関連ニュース|관련 ?기사|相关阅读|相关新闻)[\s】\])」:：]*$/iu;
const MAX_LABEL = 40;

/**
 * A list of links under such a label: the story's "related articles", one line each, so neither a
 * heading nor a card marks them (a list of sources has no such label).
 */
export function dropRelatedLinkLists(content: Elem): void {
  for (const list of findAll(content, (e) => e.tag === 'ul' || e.tag === 'ol')) {
    const siblings = list.parent ? elementChildren(list.parent) : [];
    const label = siblings[siblings.indexOf(list) - 1];
    if (!label || length(label) > MAX_LABEL || !RELATED_LABEL.test(innerText(label))) continue;
    const items = elementChildren(list).filter((li) => li.tag === 'li' && length(li) > 0);
    if (items.length === 0 || !items.every((li) => linkedLength(li) >= ITEM_LINK_SHARE * length(li)))
      continue;
    removeNode(label);
    removeNode(list);
  }
}
