import { classAndId, type Elem, findAll, findFirstWhere, isMainRegion, isWithin } from '../parse';
import { CHROME_ROLES, CHROME_TAGS } from '../tag-sets';
import type { TextMeasure } from '../text-measure';

/*
 * Where the article scorer's choice lies on the page. Category pages and landing pages often have
 * little prose of their own (a grid of items, an SEO paragraph), and a stricter pass that strips
 * them by class name leaves the scorer to pick the longest text that remains: a rewards
 * programme's terms in the footer, a drawer of promotions, a cookie or shipping notice. A choice
 * inside the page's chrome (nav, footer, aside and their ARIA roles, overlays such as a
 * cookie-consent dialog), inside an element its class hides, or outside the main region the page
 * declares, is not the page's content: the attempt does not count as a success, and a more lenient
 * pass gets its turn.
 */

/** Overlays shown over the page on demand: a cookie-consent dialog, a drawer, a lightbox. */
const OVERLAY_ROLES = new Set(['dialog', 'alertdialog']);
const OVERLAY_HINT =
  /(?:^|[\s_-])(?:cookies?|consent|gdpr|modal|popup|overlay|drawer|offcanvas|lightbox)(?:$|[\s_-])/i;

const ARTICLE_TAGS = new Set(['article', 'main', 'h1']);

export function holdsArticle(el: Elem): boolean {
  return findFirstWhere(el, (e) => ARTICLE_TAGS.has(e.tag) || e.attrs.role === 'main') !== null;
}

function inChrome(el: Elem, page: Elem): boolean {
  for (let p: Elem | null = el; p && p !== page; p = p.parent) {
    if (CHROME_TAGS.has(p.tag) || CHROME_ROLES.has(p.attrs.role ?? '')) return true;
    // An "overlay" wrapping an article, the main region or the headline is the page (a theme's
    // off-canvas container, a layout flagged for a lightbox).
    const overlay = OVERLAY_ROLES.has(p.attrs.role ?? '') || OVERLAY_HINT.test(classAndId(p));
    if (overlay && !holdsArticle(p)) return true;
  }
  return false;
}

/**
 * A class that hides its element (Bootstrap's d-none, a screen-reader-only copy of the menu, a
 * collapsed promotion bar) unless a responsive class shows it again ("hidden lg:block").
 */
const HIDING_CLASS =
  /^(?:hidden|hide|is-hidden|d-none|visually-hidden|sr-only|screen-reader-text|invisible)$/i;
/** A hidden wrapper holding this share of the page's text is the whole page. */
const HIDDEN_PAGE_SHARE = 0.5;
const SHOWING_CLASS = /:(?:block|flex|grid|inline|table)|^d-\w+-(?:block|flex|grid|inline)/i;

/**
 * Whether `el` or an ancestor below `page` is hidden by its class (see above). A hidden wrapper of
 * most of the page is the page hidden until its script has run, not a hidden part of it.
 */
export function hiddenByClass(el: Elem, page: Elem, measures: Map<Elem, TextMeasure>): boolean {
  const pageText = measures.get(page)?.text ?? 0;
  for (let p: Elem | null = el; p && p !== page; p = p.parent) {
    const tokens = (p.attrs.class ?? '').split(/\s+/);
    if (!tokens.some((t) => HIDING_CLASS.test(t)) || tokens.some((t) => SHOWING_CLASS.test(t))) continue;
    if ((measures.get(p)?.text ?? 0) < HIDDEN_PAGE_SHARE * pageText) return true;
  }
  return false;
}

/** A declared main region holding at least this share of the page's text is where the content is. */
const MAIN_SHARE = 0.3;

/** The page's one `<main>` (or role=main) when it holds a real share of its text, else null. */
function declaredMain(page: Elem, measures: Map<Elem, TextMeasure>): Elem | null {
  const mains = findAll(page, isMainRegion);
  if (mains.length !== 1) return null;
  const main = mains[0] as Elem;
  const total = measures.get(page)?.text ?? 0;
  return (measures.get(main)?.text ?? 0) >= MAIN_SHARE * total ? main : null;
}

/**
 * The declared main region when `chosen` wraps it with more of the page around it (a layout wrapper
 * holding the header's mega-menu, a consent banner and the main region) and every headline of the
 * choice is inside it; else null. A headline above the main region keeps the wider choice: it is
 * the page's title.
 */
export function mainInside(chosen: Elem, page: Elem, measures: Map<Elem, TextMeasure>): Elem | null {
  const main = declaredMain(page, measures);
  if (main === null || main === chosen || !isWithin(main, chosen)) return null;
  if ((measures.get(chosen)?.text ?? 0) <= (measures.get(main)?.text ?? 0)) return null;
  const headlines = findAll(chosen, (e) => e.tag === 'h1');
  return headlines.every((h) => isWithin(h, main)) ? main : null;
}

/** Whether `chosen` lies in the page's chrome or beside its declared main region. */
export function outsideMainContent(chosen: Elem, page: Elem, measures: Map<Elem, TextMeasure>): boolean {
  if (chosen === page) return false;
  if (inChrome(chosen, page) || hiddenByClass(chosen, page, measures)) return true;
  const main = declaredMain(page, measures);
  return main !== null && !isWithin(chosen, main) && !isWithin(main, chosen);
}

/*
 * On one product's page the scorer can choose a single block of it — the specifications table, the
 * customer reviews — and leave out the product's name and description beside it. The nearest
 * wrapper holding the page's one headline (the product's name) is the product's page when it adds
 * little text and few links: the buy column and the description, not the shop's menus or another
 * product's rail.
 */

/** The wrapper holds at most this many times the chosen block's text. */
const TITLED_TEXT_RATIO = 3;
/** …and at most this share of link text. */
const TITLED_LINK_DENSITY = 0.3;

/**
 * The nearest wrapper of `chosen` holding the product's name when it is bounded as above; else null.
 * The name is the page's one `<h1>`, or, when none is left, where the header repeating the title was
 * (`titleHolder`).
 */
export function titledRegion(
  chosen: Elem,
  page: Elem,
  measures: Map<Elem, TextMeasure>,
  titleHolder: Elem | null,
): Elem | null {
  const headlines = findAll(page, (e) => e.tag === 'h1');
  const h1 = headlines.length === 1 ? (headlines[0] as Elem) : headlines.length === 0 ? titleHolder : null;
  if (h1 === null || isWithin(h1, chosen)) return null;
  const own = measures.get(chosen)?.text ?? 0;
  for (let p = chosen.parent; p && p !== page; p = p.parent) {
    if (!isWithin(h1, p)) continue;
    const m = measures.get(p);
    if (!m || m.text > TITLED_TEXT_RATIO * own || m.link > TITLED_LINK_DENSITY * m.text) return null;
    return p;
  }
  return null;
}
