import { type Elem, findAll, findFirstWhere, innerText, removeNode } from '../parse';

/*
 * News sites with endless scroll serve the next story (or several) under the one asked for, each a
 * complete `<article>` with its own main heading. The scorer sees one long column of prose and
 * takes them all. When the page's stories are `<article>` elements with an `<h1>` each and one of
 * those headings is the page's title, the stories after it are other pages' content and go.
 */

/** Share of the heading's words that must appear in the title for it to be the page's story. */
const TITLE_MATCH = 0.75;

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function matchesTitle(heading: string, title: string): boolean {
  const h = words(heading);
  if (!h.length) return false;
  const t = new Set(words(title));
  return h.filter((w) => t.has(w)).length >= TITLE_MATCH * h.length;
}

function firstHeading(story: Elem): Elem | null {
  return findFirstWhere(story, (e) => e.tag === 'h1');
}

/** Removes the stories that follow the page's own (see above) from `page`, in place. */
export function dropFollowingStories(page: Elem, title: string): void {
  if (!title.trim()) return;
  const stories = findAll(page, (e) => e.tag === 'article').filter(
    (a) => !hasAncestor(a, 'article') && firstHeading(a) !== null,
  );
  if (stories.length < 2) return;
  const own = stories.findIndex((a) => matchesTitle(innerText(firstHeading(a) as Elem), title));
  if (own < 0) return;
  for (const story of stories.slice(own + 1)) removeNode(story);
}

function hasAncestor(el: Elem, tag: string): boolean {
  for (let p = el.parent; p; p = p.parent) if (p.tag === tag) return true;
  return false;
}
