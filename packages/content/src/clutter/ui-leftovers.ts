import { splitWords } from '../class-words';
import { type Elem, findAll, findFirstWhere, innerText, removeNode } from '../parse';
import { HEADINGS } from '../tag-sets';
import { dropSponsoredCards, namesSponsored } from './sponsored-cards';

/*
 * What a page's menus and scripts leave inside the content once it is chosen, on every kind of
 * page. A navigation block (`<nav>`, `role="navigation"`: "Back to home page", a section's
 * sub-menu, a table of contents), which the strict attempts drop by its role and the relaxed ones
 * keep; and a link going nowhere (`href="#"`, `#top`, `javascript:`) that is the whole text of its
 * block: a control a script drives ("Add to Part List", "Click to see full view", "Back to top"),
 * not something the page says; and a tab list's labels ("Description", "Additional information"),
 * which name panels the page shows anyway, one below the other once its script is gone; and a
 * short live region, what a script announces to screen readers ("Slide 1 of 5", "image 1 of 11",
 * "Added to cart"); and a loading placeholder ("Loading...") its script replaces. Told by markup
 * alone, so no language is assumed.
 */

/** A navigation block longer than this is the page's items (a listing laid out as a menu). */
const MAX_NAV_TEXT = 1000;
/** A control's label is this short at most. */
const MAX_CONTROL_TEXT = 40;
/** A tab list this long, or holding a panel or a paragraph, wraps its panels (a misplaced role). */
const MAX_TABS_TEXT = 300;

function isTabLabels(el: Elem): boolean {
  return (
    findFirstWhere(el, (e) => e.tag === 'p' || e.attrs.role === 'tabpanel') === null &&
    innerText(el).length <= MAX_TABS_TEXT
  );
}

/** A live region this long, or holding blocks, is content updated in place (a live blog's feed). */
const MAX_ANNOUNCEMENT = 60;
/** Roles that are live regions of their own (ARIA: `status` is polite, `alert` assertive). */
const LIVE_ROLES = new Set(['status', 'alert']);
const BLOCK_TAGS = new Set(['p', 'div', 'ul', 'ol', 'table', 'section', 'article']);

function isAnnouncement(el: Elem, role: string | undefined): boolean {
  const live = el.attrs['aria-live'];
  if ((live === undefined || live === 'off') && !(role !== undefined && LIVE_ROLES.has(role))) return false;
  return (
    innerText(el).length <= MAX_ANNOUNCEMENT &&
    findFirstWhere(el, (e) => BLOCK_TAGS.has(e.tag) || HEADINGS.has(e.tag)) === null
  );
}

/** A class word naming a placeholder a script fills ("LoadingSpinner__text", "loader"). */
const LOADER_WORD = /^(?:loading|loader|spinner|placeholder)$/i;
/** What the class words are sought in: most classes hold none of these. */
const LOADER_HINT = /oad|pinner|laceholder/i;
/** A placeholder says a word or two; a block this long, or holding media or code, is content. */
const MAX_LOADER_TEXT = 30;
const KEPT_TAGS = new Set(['img', 'picture', 'video', 'pre', 'code']);

function isLoader(el: Elem): boolean {
  const cls = el.attrs.class;
  if (cls === undefined || !LOADER_HINT.test(cls) || HEADINGS.has(el.tag) || KEPT_TAGS.has(el.tag))
    return false;
  return (
    splitWords(cls).some((w) => LOADER_WORD.test(w)) &&
    innerText(el).length <= MAX_LOADER_TEXT &&
    findFirstWhere(el, (e) => KEPT_TAGS.has(e.tag)) === null
  );
}

/** A link a script handles: it leads nowhere but the top of the page. */
function leadsNowhere(el: Elem): boolean {
  const href = el.attrs.href?.trim();
  return href === '#' || href === '#top' || (href !== undefined && /^javascript:/i.test(href));
}

/** A heading's link (a card's title drawn as a link to '#') names something: it stays. */
function inHeading(el: Elem): boolean {
  for (let p: Elem | null = el; p; p = p.parent) if (HEADINGS.has(p.tag)) return true;
  return findFirstWhere(el, (e) => HEADINGS.has(e.tag)) !== null;
}

/** A control's label is a few words inline; a link wrapping paragraphs is a block drawn as a link. */
function isControl(el: Elem): boolean {
  if (el.tag !== 'a' || !leadsNowhere(el) || !el.parent) return false;
  const text = innerText(el);
  return (
    text !== '' &&
    text.length <= MAX_CONTROL_TEXT &&
    innerText(el.parent) === text &&
    !inHeading(el) &&
    findFirstWhere(el, (e) => BLOCK_TAGS.has(e.tag)) === null
  );
}

/**
 * Removes from `content` the navigation blocks, script controls, tab labels, announcements and
 * placeholders left in it, and the sponsored cards, in place.
 */
export function dropUiLeftovers(content: Elem): void {
  // The sponsored cards' labels are found in the same walk (sponsored-cards.ts).
  const sponsored: Elem[] = [];
  const found = findAll(content, (e) => {
    if (namesSponsored(e)) sponsored.push(e);
    // Asked of every element: its tag and role read once, text only of the few that qualify.
    if (e.tag === 'a') return isControl(e);
    const role = e.attrs.role;
    if (e.tag === 'nav' || role === 'navigation') return innerText(e).length <= MAX_NAV_TEXT;
    if (role === 'tablist') return isTabLabels(e);
    return isAnnouncement(e, role) || isLoader(e);
  });
  for (const el of found) removeNode(el);
  dropSponsoredCards(content, sponsored);
}
