import { classAndId, type Elem, findFirstWhere } from '../parse';
import { textLength } from '../text-measure';
import { linkDensity } from './tree-walk';

export const UNLIKELY =
  /-ad-|ai2html|banner|breadcrumbs|combx|comment|community|cover-wrap|disqus|extra|footer|gdpr|header|last-?edit|legends|menu|related|remark|replies|rss|shoutbox|sidebar|skyscraper|social|sponsor|supplemental|ad-break|agegate|pagination|pager|popup|yom-remote/i;

export const MAYBE_CANDIDATE = /and|article|body|column|content|main|mathjax|shadow/i;

export const POSITIVE =
  /article|body|content|entry|hentry|h-entry|main|page|pagination|post|text|blog|story/i;

/** Not Readability's "scroll": layouts name their scroll-snap sections and scrolling rows by it. */
export const NEGATIVE =
  /-ad-|hidden|^hid$| hid$| hid |^hid |banner|combx|comment|com-|contact|footer|gdpr|masthead|media|meta|outbrain|promo|related|share|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|widget/i;

/**
 * On a page that declares itself a forum thread or Q&A page (schema.org DiscussionForumPosting,
 * QAPage), replies and answers are the content: their comment/reply class names are not hints.
 */
export const UNLIKELY_IN_THREADS = new RegExp(
  UNLIKELY.source.replace(/\|(?:comment|community|remark|replies)(?=\|)/g, ''),
  'i',
);

export const NEGATIVE_IN_THREADS = new RegExp(NEGATIVE.source.replace(/\|(?:comment|com-)(?=\|)/g, ''), 'i');

/**
 * Inside the page's declared main region a "banner" is the hero of a landing page's section
 * (`banner_section`, a page builder's banner block holding the section's copy), not the site's
 * header or an advert: those are outside `<main>`. Elsewhere, a banner holding a heading over a
 * paragraph of prose is such a section too (`cmp-cta__banner`).
 */
const withoutBanner = (re: RegExp): RegExp => new RegExp(re.source.replace('|banner|', '|'), 'i');

export const UNLIKELY_IN_MAIN = withoutBanner(UNLIKELY);

export const UNLIKELY_IN_MAIN_THREADS = withoutBanner(UNLIKELY_IN_THREADS);

export const NEGATIVE_IN_MAIN = withoutBanner(NEGATIVE);

export const NEGATIVE_IN_MAIN_THREADS = withoutBanner(NEGATIVE_IN_THREADS);

const BANNER = /banner/i;

/** "banner" in the class or id (`classAndId` without joining them). */
export const isBanner = (el: Elem): boolean => {
  const { class: cls, id } = el.attrs;
  return (cls !== undefined && BANNER.test(cls)) || (id !== undefined && BANNER.test(id));
};

export const UNLIKELY_ROLES = new Set([
  'menu',
  'menubar',
  'complementary',
  'navigation',
  'alert',
  'alertdialog',
  'dialog',
]);

/**
 * Class words that do not say what the hint words in them say: page builders name every block of
 * a page a "widget" (Elementor's `elementor-widget-text-editor`), and a layout utility clipping
 * overflow (`overflow-hidden`, `overflow-x-hidden`, camelCase `panel--overflowHidden`), a field
 * whose label is hidden (Drupal's `field--label-hidden`) or a block hidden only in a quick-add
 * dialog (Shopify themes' `quick-add-hidden`, on a product's description) hides nothing of the element.
 */
const MISLEADING_WORDS =
  /\belementor-widget(?!-(?:posts|archive|loop|portfolio|sidebar|wp-widget|nav-menu|share|social|form|login|search|breadcrumbs|post-navigation|post-info|author-box|comments))|\b(?:overflow(?:-?[xy])?-?|label-|quick-add-)hidden\b/gi;

export const classHint = (hint: string): string => hint.replace(MISLEADING_WORDS, '');

export const BYLINE = /byline|author|dateline|writtenby|p-author/i;

/** A post's author line: author class or id, or author microdata / rel. */
export function isAuthor(el: Elem): boolean {
  if (BYLINE.test(classAndId(el)) || (el.attrs.itemprop?.includes('author') ?? false)) return true;
  return (
    findFirstWhere(el, (e) => e.attrs.rel === 'author' || (e.attrs.itemprop?.includes('author') ?? false)) !==
    null
  );
}

const SECTION_HEADINGS = new Set(['h2', 'h3', 'h4']);

/**
 * On one product's page, a block named a header holding a heading (the product's name too) over
 * a paragraph of prose with few links is the header of the product or of one of its sections — a
 * course's title over its summary, a feature's headline over its copy — not the site's header,
 * whose links outweigh any prose.
 */
const HEADER_WORD = /header/gi;

const HEADER_HEADINGS = new Set(['h1', ...SECTION_HEADINGS]);

/** Characters of a paragraph of a section's copy, and the link density it stays under. */
const SECTION_COPY = 150;

const SECTION_LINK_DENSITY = 0.2;

/** A section's copy: a heading over a paragraph of prose, few links (an advert or a site header has none). */
export function holdsSectionCopy(el: Elem, headings: ReadonlySet<string> = SECTION_HEADINGS): boolean {
  if (!findFirstWhere(el, (e) => headings.has(e.tag))) return false;
  return (
    findFirstWhere(el, (e) => e.tag === 'p' && textLength(e) >= SECTION_COPY) !== null &&
    linkDensity(el) < SECTION_LINK_DENSITY
  );
}

/** A product's or its section's header (see `HEADER_WORD`): unlikely by that word alone, and holding copy. */
export function isProductHeader(el: Elem, match: string, unlikely: RegExp): boolean {
  return !unlikely.test(match.replace(HEADER_WORD, '')) && holdsSectionCopy(el, HEADER_HEADINGS);
}
