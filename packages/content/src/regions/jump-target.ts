import { appendChild, type Elem, findAll } from '../parse';
import type { TextMeasure } from '../text-measure';

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
  // The chosen content's ancestors: a skip link's target (`#main`) holds what is left of the page.
  const shared = new Set<Elem>();
  for (let p: Elem | null = origin; p; p = p.parent) shared.add(p);
  for (const target of findAll(page, (e) => e.attrs.id !== undefined && targets.has(e.attrs.id))) {
    const section = jumpedSection(target, origin, shared, measures);
    if (section) {
      appendChild(content, section);
      return;
    }
  }
}

/** The branch of the page holding `target` apart from the content's, when it is prose below it. */
function jumpedSection(
  target: Elem,
  origin: Elem,
  shared: ReadonlySet<Elem>,
  measures: ReadonlyMap<Elem, TextMeasure>,
): Elem | null {
  if (shared.has(target)) return null;
  let section = target;
  while (section.parent && !shared.has(section.parent)) section = section.parent;
  const fork = section.parent;
  if (!fork) return null;
  // The copy goes on below: a target above the content is the page's header ("back to top").
  // A section beside the content in the element it was taken from was left out of its merge.
  if (fork !== origin) {
    let side = origin;
    while (side.parent !== fork) side = side.parent as Elem;
    if (fork.children.indexOf(section) < fork.children.indexOf(side)) return null;
  }
  const measure = measures.get(section);
  if (!measure || measure.text < MIN_SECTION_TEXT || measure.link > MAX_SECTION_LINK_DENSITY * measure.text)
    return null;
  return section;
}
