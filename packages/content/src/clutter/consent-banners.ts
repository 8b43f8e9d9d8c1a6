import { type Elem, findFirstWhere, textContent } from '../parse';
import { holdsArticle } from '../regions/chosen-region';
import { textLength } from '../text-measure';

/*
 * A cookie-consent banner is on most pages captured in Europe, often inside the page's header
 * wrapper or beside the content: a paragraph or two of prose the scorer may prefer to a product
 * page's lists and specs, and what is left of a wrapper once cleaning has taken the rest. It goes
 * before the page is scored. A banner is told by its structure rather than its place: a block named
 * for cookies or consent, or a dialog or region, whose text speaks of cookies or consent (in the
 * languages of the pages captured) and that offers buttons to answer it. A block holding the
 * article, the main region or the headline, or most of the page's text, is never a banner.
 */
const CONSENT_NAME = /(?:^|[\s_-])(?:cookies?|consent|gdpr|cmp)(?:$|[\s_-])/i;
const BANNER_ROLES = new Set(['dialog', 'alertdialog', 'region', 'banner']);
const CONSENT_WORDS =
  /cookie|consent|gdpr|datenschutz|einwillig|consentement|consenso|consentimiento|toestemming|samtycke|samtykke|zgod[ay]|souhlas|hozzájárul|согласи/i;
/** A block holding this share of the page's text is the page, whatever it is named. */
const MAX_PAGE_SHARE = 0.5;

function isButton(el: Elem): boolean {
  return (
    el.tag === 'button' ||
    el.attrs.role === 'button' ||
    (el.tag === 'input' && /^(?:button|submit)$/i.test(el.attrs.type ?? ''))
  );
}

function isConsentBanner(el: Elem, pageText: () => number): boolean {
  const { class: cls, id, role } = el.attrs;
  const named = (cls !== undefined && CONSENT_NAME.test(cls)) || (id !== undefined && CONSENT_NAME.test(id));
  if (!named && !BANNER_ROLES.has(role ?? '')) return false;
  // The words hold no whitespace: found in the text as it is, without collapsing it.
  return (
    CONSENT_WORDS.test(textContent(el)) &&
    textLength(el) < MAX_PAGE_SHARE * pageText() &&
    findFirstWhere(el, isButton) !== null &&
    !holdsArticle(el)
  );
}

/**
 * Whether an element of `page` is a cookie-consent banner, asked of its elements in document order
 * (the outermost element of each banner, removed before later ones are asked). The page is measured
 * on the first candidate: most pages have none.
 */
export function consentBannerTest(page: Elem): (el: Elem) => boolean {
  let measured: number | null = null;
  const pageText = (): number => {
    measured ??= textLength(page);
    return measured;
  };
  return (el) => isConsentBanner(el, pageText);
}
