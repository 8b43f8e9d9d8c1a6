import { type Elem, elementChildren } from '../parse';
import type { TextMeasure } from '../text-measure';

/*
 * Pages whose main content is a run of entries of one shape — a forum thread's posts, a Q&A
 * page's answers, a listing's items — make the article scorer pick the single best entry. When
 * the chosen element sits inside such a run, the content is the run's container. Entries are
 * recognised structurally (siblings with the same tag and class signature, each carrying prose
 * rather than links), so no site or language is assumed.
 */

/** How far above the chosen element the run may start. */
const MAX_LEVELS = 8;
/** An entry carries at least this much text… */
const MIN_ENTRY_TEXT = 40;
/** …and is mostly not link text. */
const MAX_ENTRY_LINK_DENSITY = 0.5;
/** Entries besides the one holding the chosen element. */
const MIN_OTHER_ENTRIES = 2;
/** The run holds at least this share of its container's text. */
const MIN_RUN_SHARE = 0.6;

/** Tag and class tokens without digits (ids, counters and state classes vary between entries). */
export function signature(el: Elem): string {
  const cls = (el.attrs.class ?? '')
    .split(/\s+/)
    .filter((t) => t && !/\d/.test(t) && !/^(?:is-|has-)?(?:odd|even|first|last|active|selected)$/i.test(t))
    .sort()
    .join('.');
  return `${el.tag}.${cls}`;
}

function isEntry(el: Elem, measures: Map<Elem, TextMeasure>): boolean {
  const m = measures.get(el);
  return m !== undefined && m.text >= MIN_ENTRY_TEXT && m.link / m.text <= MAX_ENTRY_LINK_DENSITY;
}

/**
 * The container of the run of same-shaped entries that `chosen` belongs to, or null. `page` bounds
 * the walk; `measures` are text/link lengths of the page's elements (text-measure.ts).
 */
export function repeatedEntryContainer(
  chosen: Elem,
  page: Elem,
  measures: Map<Elem, TextMeasure>,
): Elem | null {
  let child = chosen;
  for (let level = 0, parent = chosen.parent; parent && parent !== page && level < MAX_LEVELS; level++) {
    if (isEntry(child, measures)) {
      // The run's shape is its most common entry signature; the chosen entry may differ from
      // the rest (a thread's opening post is often marked up apart from the replies).
      const bySig = new Map<string, number[]>();
      for (const sib of elementChildren(parent)) {
        if (sib === child || !isEntry(sib, measures)) continue;
        const sig = signature(sib);
        const texts = bySig.get(sig) ?? [];
        texts.push(measures.get(sib)?.text ?? 0);
        bySig.set(sig, texts);
      }
      let best: number[] = [];
      for (const texts of bySig.values()) if (texts.length > best.length) best = texts;
      const runText = (measures.get(child)?.text ?? 0) + best.reduce((s, t) => s + t, 0);
      const total = measures.get(parent)?.text ?? 0;
      if (best.length >= MIN_OTHER_ENTRIES && total > 0 && runText / total >= MIN_RUN_SHARE) return parent;
    }
    child = parent;
    parent = parent.parent;
  }
  return null;
}

/** Extra text an ancestor adds must be at least this share prose (not link text). */
const MAX_EXTRA_LINK_DENSITY = 0.3;
/** …and grow the region by at least this share of its text. */
const MIN_EXTRA_RATIO = 0.3;

/**
 * Widens `chosen` up its ancestors while what each adds is prose (at most 30% link text, the
 * chrome that article preparation strips already gone) and grows the region by a real share: a
 * thread whose replies nest below the opening post, a product's description beside its specs, a
 * service page's sections beside the highest-scoring one. Small additions (a caption, a date
 * line) are walked past without being taken, so an article does not take its wrapper's extras.
 */
export function proseRegion(chosen: Elem, page: Elem, measures: Map<Elem, TextMeasure>): Elem {
  let cur = chosen;
  for (let parent = chosen.parent; parent && parent !== page; parent = parent.parent) {
    const a = measures.get(parent);
    const c = measures.get(cur);
    if (!a || !c) break;
    const extra = a.text - c.text;
    const extraLink = a.link - c.link;
    if (extra > 0 && extraLink / extra > MAX_EXTRA_LINK_DENSITY) break;
    if (extra >= MIN_EXTRA_RATIO * c.text) cur = parent;
  }
  return cur;
}
