import { isChrome as isPageChrome } from '../boilerplate';
import { classAndId, type Elem, findAll, findFirstWhere } from '../parse';
import { HEADINGS } from '../tag-sets';
import type { TextMeasure } from '../text-measure';

/*
 * Service and product pages lay their content out as a column of sibling sections (a hero, a
 * feature grid, a specifications block, testimonials), each deep in its own wrappers. Paragraph
 * scores reach a section only divided by its depth, so the article scorer picks the best section
 * and its siblings fall below the merge threshold. A sibling is taken as a further section of the
 * content when it carries prose — enough text, little of it link text — and is not page chrome.
 * Recognised structurally, so no site or language is assumed.
 */

/** A section carries at least this much text… */
const MIN_SECTION_TEXT = 150;
/** …of which at most this share is link text. */
const MAX_SECTION_LINK_DENSITY = 0.2;

/** Besides page chrome (boilerplate.ts): boxes beside an article that are not its sections. */
const ASIDE_HINT = /(?:^|[\s_-])(?:author|bio|signup|subscription|cookies?|popup)(?:$|[\s_-])/i;

function isChrome(el: Elem): boolean {
  return el.tag === 'header' || isPageChrome(el) || ASIDE_HINT.test(classAndId(el));
}

/** The sections beside the content hold at least this share of its text: a column of sections… */
const MIN_SECTIONS_SHARE = 0.5;
/**
 * …and, beside long content (an article), there are at least two of them: one long sibling is as
 * often the next article of a feed.
 */
const MIN_SECTIONS = 2;
const LONG_CONTENT = 5000;

/** Sibling sections of `el` (isContentSection) and their text length. */
function siblingSections(el: Elem, measures: Map<Elem, TextMeasure>): { sections: Elem[]; text: number } {
  const sections: Elem[] = [];
  let text = 0;
  for (const sib of el.parent?.children ?? []) {
    if (sib === el || sib.type !== 1 || !isContentSection(sib, measures)) continue;
    sections.push(sib);
    text += measures.get(sib)?.text ?? 0;
  }
  return { sections, text };
}

function isColumn(count: number, text: number, own: number): boolean {
  return (count >= MIN_SECTIONS || own < LONG_CONTENT) && count > 0 && text >= MIN_SECTIONS_SHARE * own;
}

/**
 * The sections to merge beside `chosen`: its siblings that are content sections, when together
 * they hold a real share of its text (an article's author box or call to action does not).
 */
export function contentSections(chosen: Elem, measures: Map<Elem, TextMeasure>): Set<Elem> {
  const { sections, text } = siblingSections(chosen, measures);
  const own = measures.get(chosen)?.text ?? 0;
  return isColumn(sections.length, text, own) ? new Set(sections) : new Set();
}

/**
 * Lifts `chosen` to the ancestor (below or at `page`'s children) that sits in a column of content
 * sections, so that sibling merging sees them; `chosen` itself when there is none.
 */
export function sectionColumn(chosen: Elem, page: Elem, measures: Map<Elem, TextMeasure>): Elem {
  const own = measures.get(chosen)?.text ?? 0;
  for (let cur = chosen; cur.parent; cur = cur.parent) {
    // Content chosen inside chrome (a footer's blurb) is no section of the page.
    if (isChrome(cur)) return chosen;
    const { sections, text } = siblingSections(cur, measures);
    if (isColumn(sections.length, text, own)) return cur;
    if (cur.parent === page) break;
  }
  return chosen;
}

/** Whether `sibling` of the chosen content is a further section of it (see above). */
function isContentSection(sibling: Elem, measures: Map<Elem, TextMeasure>): boolean {
  const m = measures.get(sibling);
  if (!m || m.text < MIN_SECTION_TEXT || m.link > MAX_SECTION_LINK_DENSITY * m.text) return false;
  return !isChrome(sibling) && !hasLinkedHeading(sibling);
}

/** Teaser rails and author boxes link their headings (to the post, to the author's page). */
function hasLinkedHeading(el: Elem): boolean {
  return findAll(el, (e) => HEADINGS.has(e.tag)).some(
    (h) => findFirstWhere(h, (e) => e.tag === 'a') !== null,
  );
}
