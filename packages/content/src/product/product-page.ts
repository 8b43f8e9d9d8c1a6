import { classWords, dataNames } from '../class-words';
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
import { measureTexts, type TextMeasure } from '../text-measure';

/*
 * One product's page (it declares itself one: metadata.ts `declaresProduct`). Its main content is
 * the product — name, price, description, specifications — and the region the scorer picks around
 * it usually also holds what the shop adds beside every product: customer reviews and ratings
 * (schema.org Review markup, or a block whose class, id or a data- attribute names reviews or
 * ratings), its shipping and returns terms, and a grid comparing it with the range's other models,
 * which the product's main content leaves out. No site or language is assumed.
 */

/** schema.org review markup (microdata). */
const REVIEW_ITEMPROP = /^(?:reviews?|aggregateRating)$/i;
const REVIEW_ITEMTYPE = /schema\.org\/(?:Review|AggregateRating)\b/i;
/** A class or id word naming a reviews or ratings block ("product-reviews", "ratingsSummary"). */
const REVIEW_WORD = /^(?:reviews?|ratings?)$/i;
/**
 * …unless a word names them editorial ("editorialReviews"): the critics and authors a book's
 * publisher quotes, part of its description, not its customers' say.
 */
const EDITORIAL_WORD = /^editorial$/i;
/** What is left must still hold this much text, or nothing is removed. */
const MIN_LEFT = 200;
/**
 * A class or id word naming the shop's shipping and returns terms ("shipping-info", "returnsPolicy"),
 * written out beside every product; a block that short is the product's own shipping cost line.
 */
const SHIPPING_WORD = /^(?:shipping|delivery|returns)$/i;
/**
 * A class or id word naming a comparison with the shop's other models ("ProductComparison",
 * "compare-table"): without a heading of its own it is a widget set under every product of a range;
 * one the page titles ("Why choose the Pro?", "Which mat meets your needs?") is part of its pitch.
 */
const COMPARE_WORD = /^(?:compare|comparison)$/i;
const MIN_TERMS_TEXT = 150;
/**
 * Terms are a small part of the page; a block holding more than this share of the content is the
 * product itself, whose class may name a shipping property (WooCommerce's `shipping-taxable`).
 */
const MAX_TERMS_SHARE = 0.5;

function isReviews(el: Elem): boolean {
  const a = el.attrs;
  if (a.itemprop !== undefined && REVIEW_ITEMPROP.test(a.itemprop.trim())) return true;
  if (a.itemtype !== undefined && REVIEW_ITEMTYPE.test(a.itemtype)) return true;
  const named = classWords(el);
  if (named.some((w) => EDITORIAL_WORD.test(w))) return false;
  return named.some((w) => REVIEW_WORD.test(w)) || dataNames(el, REVIEW_WORD);
}

/** Removes customer reviews and ratings, shipping and returns terms and comparisons from a product page's `content`, in place. */
export function dropProductReviews(content: Elem): void {
  const measures = measureTexts(content);
  let total = measures.get(content)?.text ?? 0;
  const maxTerms = MAX_TERMS_SHARE * total;
  const isTerms = (el: Elem): boolean => {
    const text = measures.get(el)?.text ?? 0;
    return text >= MIN_TERMS_TEXT && text <= maxTerms && classWords(el).some((w) => SHIPPING_WORD.test(w));
  };
  for (const el of findAll(content, (e) => isReviews(e) || isTerms(e))) {
    const text = measures.get(el)?.text ?? 0;
    if (!isWithin(el, content) || total - text < MIN_LEFT) continue;
    removeNode(el);
    total -= text;
  }
  // The outermost comparison of each: one with a heading keeps the untitled parts inside it.
  const dropComparisons = (el: Elem): void => {
    for (const child of elementChildren(el)) {
      if (!classWords(child).some((w) => COMPARE_WORD.test(w))) {
        dropComparisons(child);
        continue;
      }
      const text = measures.get(child)?.text ?? 0;
      if (text < MIN_TERMS_TEXT || text > maxTerms || total - text < MIN_LEFT) continue;
      if (findFirstWhere(child, (e) => HEADINGS.has(e.tag) && (measures.get(e)?.text ?? 0) > 0)) continue;
      removeNode(child);
      total -= text;
    }
  };
  dropComparisons(content);
}

/*
 * Around its description, a product's page shows the controls to buy it: the price (with its
 * instalments and taxes), the variant pickers (colour swatches, sizes), the quantity, the stock
 * left, trust badges, the add-to-cart column with its wishlist and share actions. They are the
 * shop's form, not the product's main content, and the block of each names what it holds in its
 * class or id. A word naming more than a buy box and its sticky copy is a grid's items (a category
 * page calling itself a product), and a list item is another product's card: both keep their
 * prices. A block holding more than half the content is the product itself, whatever its class.
 */

/**
 * A class or id word naming a part of the buy box ("product-price", "variantSelector", "qty", the
 * "cart-col" holding the add-to-cart button, "product-actions", "wishlist-icon",
 * "payment-providers"), or what the shop sets around it: its banners ("live-banner", "chatBanner"),
 * selling points ("usps": free delivery, rewards), offers ("flash-sale", "member-offer", an
 * "order-countdown" timer) and the rails of other products it shows there ("recently-viewed",
 * "recommendations-title"), often empty until its script fills them.
 */
const BUY_WORD =
  /^(?:prices?|pricing|amount|tax|quantity|qty|variants?|variations?|swatch(?:es)?|stock|badge|cart|actions|payments?|banner|usps?|offers?|sale|countdown|timer|wishlist|recently|recommendations?)$/i;

/** Removes the buy box and the shop's banners and offers from a product page's `content`, in place. */
export function dropBuyControls(content: Elem): void {
  const measures = measureTexts(content);
  let total = measures.get(content)?.text ?? 0;
  const maxPart = MAX_TERMS_SHARE * total;
  const found: Array<{ el: Elem; word: string }> = [];
  const seen = new Map<string, number>();
  const walk = (el: Elem): void => {
    for (const child of el.children) {
      if (child.type !== 1 || child.tag === 'li') continue;
      let word = (measures.get(child)?.text ?? 0) <= maxPart ? buyWord(child) : undefined;
      if (word !== undefined && holdsProse(child, measures)) word = undefined;
      if (word === undefined) walk(child);
      else {
        found.push({ el: child, word });
        seen.set(word, (seen.get(word) ?? 0) + 1);
      }
    }
  };
  walk(content);
  for (const { el, word } of found) {
    const text = measures.get(el)?.text ?? 0;
    if ((seen.get(word) ?? 0) > MAX_BUY_CONTROLS || total - text < MIN_LEFT) continue;
    removeNode(el);
    total -= text;
  }
}

/** A paragraph this long says something of the product: its description sits in the buy column. */
const MIN_PROSE = 200;

function holdsProse(el: Elem, measures: Map<Elem, TextMeasure>): boolean {
  return findFirstWhere(el, (e) => e.tag === 'p' && (measures.get(e)?.text ?? 0) >= MIN_PROSE) !== null;
}

function buyWord(el: Elem): string | undefined {
  return classWords(el)
    .find((w) => BUY_WORD.test(w))
    ?.toLowerCase();
}

/*
 * Beside the product, shops show other products: "similar items", "customers also viewed",
 * "complete the look" — a run of product cards, each an image and a link to another product's
 * page with a short title and price. The product's main content is not other products, so such a
 * run goes, with the heading that introduces it when nothing else is left around it.
 */

/** A card is short: a title, a price, a rating line. */
const MAX_CARD_TEXT = 400;
/** A run of at least this many siblings… */
const MIN_CARDS = 3;
/** …most of them cards. */
const MIN_CARD_SHARE = 0.75;
/** A single run of cards holding more than this share of the content is its items. */
const MAX_CARDS_SHARE = 0.5;
/** What is left around a removed run, at most, for that wrapper (a heading, "See more") to go too. */
const MAX_WRAPPER_LEFT = 120;

function isCard(el: Elem, measures: Map<Elem, TextMeasure>): boolean {
  if ((measures.get(el)?.text ?? 0) > MAX_CARD_TEXT) return false;
  const link = el.tag === 'a' ? el : findFirstWhere(el, (e) => e.tag === 'a' && isPageLink(e));
  if (!link || !isPageLink(link)) return false;
  return findFirstWhere(el, (e) => e.tag === 'img' || e.tag === 'picture') !== null;
}

function isPageLink(a: Elem): boolean {
  const href = a.attrs.href?.trim() ?? '';
  return href !== '' && !href.startsWith('#') && !/^javascript:/i.test(href);
}

function isCardRun(el: Elem, measures: Map<Elem, TextMeasure>): boolean {
  const kids = elementChildren(el);
  if (kids.length < MIN_CARDS) return false;
  const cards = kids.filter((k) => isCard(k, measures)).length;
  return cards >= MIN_CARDS && cards >= MIN_CARD_SHARE * kids.length;
}

/** Text of the buttons in `wrapper` outside `run`: a carousel's "Skip forwards" controls say nothing of it. */
function buttonText(wrapper: Elem, run: Elem, measures: Map<Elem, TextMeasure>): number {
  let n = 0;
  for (const b of findAll(wrapper, (e) => e.tag === 'button'))
    if (!isWithin(b, run)) n += measures.get(b)?.text ?? 0;
  return n;
}

/** Removes runs of other products' cards from a product page's `content`, in place. */
export function dropProductCards(content: Elem): void {
  const measures = measureTexts(content);
  const runs = findAll(content, (e) => isCardRun(e, measures));
  const outer = runs.filter((r) => !runs.some((o) => o !== r && isWithin(r, o)));
  const cardText = outer.reduce((n, r) => n + (measures.get(r)?.text ?? 0), 0);
  // One run of cards holding most of the text is the page's own list of items (a category page
  // that calls itself a product); rails of other products come several to a page.
  if (outer.length === 1 && cardText > MAX_CARDS_SHARE * (measures.get(content)?.text ?? 0)) return;
  for (const run of outer) {
    const runText = measures.get(run)?.text ?? 0;
    let target = run;
    for (let p = run.parent; p && p !== content; p = p.parent) {
      if ((measures.get(p)?.text ?? 0) - runText - buttonText(p, run, measures) > MAX_WRAPPER_LEFT) break;
      target = p;
    }
    removeNode(target);
  }
}

/*
 * A product page the scorer could not narrow down keeps the shop's menus: lists whose every item is
 * a link (departments, help pages, account links). A product's own lists say something of it.
 */

/** A menu has at least this many items… */
const MIN_MENU_ITEMS = 5;
/** …each of them a link, for this share of its text at least. */
const MIN_MENU_LINK = 0.9;

function isMenu(el: Elem, measures: Map<Elem, TextMeasure>): boolean {
  if (el.tag !== 'ul' && el.tag !== 'ol') return false;
  const items = elementChildren(el);
  if (items.length < MIN_MENU_ITEMS) return false;
  return items.every((li) => {
    const m = measures.get(li);
    return li.tag === 'li' && m !== undefined && m.text > 0 && m.link >= MIN_MENU_LINK * m.text;
  });
}

/** Removes the shop's menus from a product page's `content`, in place. */
export function dropShopMenus(content: Elem): void {
  const measures = measureTexts(content);
  let total = measures.get(content)?.text ?? 0;
  for (const el of findAll(content, (e) => isMenu(e, measures))) {
    const text = measures.get(el)?.text ?? 0;
    if (!isWithin(el, content) || total - text < MIN_LEFT) continue;
    removeNode(el);
    total -= text;
  }
}

/*
 * Many shops declare nothing (no Product markup, no og:type product), yet their product's page
 * shows what makes it one: a control to buy that one product — a form posting to the cart, a
 * button named add-to-cart, or a button saying "Add to cart", "Buy now" in the page's language.
 * A category page shows one per item, so one or two (a sticky bar repeats the buy box) make a
 * product's page.
 */

/** A form action adding to the cart (Shopify `/cart/add`, `?add-to-cart=`, `addToBasket`). */
const CART_ACTION = /cart\/add|add[-_]?to[-_]?(?:cart|basket)|basket\/add/i;
/** A button's or input's name adding to the cart (WooCommerce `add-to-cart`). */
const CART_NAME = /^add[-_]?to[-_]?(?:cart|basket)$/i;
/** A buy button's label, in the languages shops are written in most. */
const BUY_LABEL =
  /^\s*(?:add to (?:cart|bag|basket|trolley)|buy(?: it)? now|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello|in (?:de )?winkelwagen|do koszyka|lägg i varukorgen|adicionar ao carrinho|カートに入れる|加入购物车|в корзину)/i;
/** At most this many buy controls of a kind: a buy box and its sticky copy. */
const MAX_BUY_CONTROLS = 2;

function isButton(el: Elem): boolean {
  return el.tag === 'button' || (el.tag === 'input' && /^(?:submit|button)$/i.test(el.attrs.type ?? ''));
}

/** `body` offers one product for sale (see above). */
export function sellsOneProduct(body: Elem): boolean {
  let forms = 0;
  let named = 0;
  let labelled = 0;
  for (const el of findAll(body, (e) => e.tag === 'form' || isButton(e))) {
    if (el.tag === 'form') {
      if (CART_ACTION.test(el.attrs.action ?? '')) forms++;
      continue;
    }
    if (CART_NAME.test(el.attrs.name ?? '')) named++;
    if (BUY_LABEL.test(el.tag === 'input' ? (el.attrs.value ?? '') : innerText(el))) labelled++;
  }
  const most = Math.max(forms, named, labelled);
  return most > 0 && most <= MAX_BUY_CONTROLS;
}
