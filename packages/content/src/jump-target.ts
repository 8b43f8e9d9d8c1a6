import { appendChild, type Elem, findAll, findFirstWhere } from './dom';
import type { TextMeasure } from './text-measure';

/** A section a jump link leads to is the rest of the copy when it says at least this much. */
const MIN_SECTION_TEXT = 500;
/** …and is prose, not a list of links (a footer's sitemap, a "back to top" target's header). */
const MAX_SECTION_LINK_DENSITY = 0.3;

/**
 * A category page's intro above its grid ends with a jump link ("Read more ↓") to the rest of its
 * copy, printed below the grid and outside the region the grid and intro share (a buying guide
 * after `<main>`). The section holding the link's target, up to the branch of the page that parts
 * from the chosen content's, joins the end of `content` when it is prose. `origin` is the element
 * the chosen content was taken from, still in `page`; `measures` are the page's before the taking.
 */
export function appendJumpedSection(
  content: Elem,
  page: Elem,
  origin: Elem,
  measures: ReadonlyMap<Elem, TextMeasure>,
): void {
  const targets = new Set<string>();
  const ids = new Set<string>();
  for (const el of findAll(content, (e) => e.tag === 'a' || e.attrs.id !== undefined)) {
    if (el.attrs.id) ids.add(el.attrs.id);
    const href = el.tag === 'a' ? el.attrs.href : undefined;
    if (href && href.length > 1 && href.startsWith('#')) targets.add(href.slice(1));
  }
  for (const id of ids) targets.delete(id);
  if (targets.size === 0) return;
  const target = findFirstWhere(page, (e) => e.attrs.id !== undefined && targets.has(e.attrs.id));
  if (!target) return;
  const shared = new Set<Elem>();
  for (let p: Elem | null = origin; p; p = p.parent) shared.add(p);
  let section = target;
  while (section.parent && !shared.has(section.parent)) section = section.parent;
  if (!section.parent) return;
  const measure = measures.get(section);
  if (!measure || measure.text < MIN_SECTION_TEXT || measure.link > MAX_SECTION_LINK_DENSITY * measure.text)
    return;
  appendChild(content, section);
}
