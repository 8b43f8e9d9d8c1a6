import type { Elem } from '../parse';
import { countInText, textLength } from '../text-measure';
import type { AttemptState as Attempt } from './attempt-state';
import { ancestors, linkDensity } from './tree-walk';

const COMMAS = /[\u002C\u060C\uFE50\uFE10\uFE11\u2E41\u2E34\u2E32\uFF0C]/g;

const TOP_CANDIDATES = 5;

export function scoreElements(attempt: Attempt, page: Elem, toScore: Elem[]): Elem[] {
  const candidates: Elem[] = [];
  for (const el of toScore) {
    if (!el.parent) continue;
    const length = attempt.measures.get(el)?.text ?? textLength(el);
    if (length < 25) continue;
    const anc = ancestors(el, 5);
    if (anc.length === 0) continue;
    const score = 2 + countInText(el, COMMAS) + Math.min(Math.floor(length / 100), 3);
    // A loop, not a callback made for each element scored.
    for (let level = 0; level < anc.length; level++) {
      const a = anc[level] as Elem;
      // The body is a candidate like any other element (its parent is <html>); detached nodes are not.
      if (!a.parent && a !== page) continue;
      if (!attempt.scores.has(a)) {
        attempt.initialize(a);
        candidates.push(a);
      }
      const divider = level === 0 ? 1 : level === 1 ? 2 : level * 3;
      attempt.scores.set(a, (attempt.scores.get(a) ?? 0) + score / divider);
    }
  }
  return candidates;
}

/**
 * The candidates' scores scaled by their link density, and the best of them, best first. Apart
 * from the assembly: run once per attempt, that has no loop hot enough to be worth V8's
 * optimizing compiler, which compiled it whole for this one.
 */
export function rankCandidates(attempt: Attempt, candidates: Elem[]): Elem[] {
  const top: Elem[] = [];
  const measures = attempt.measures;
  for (const c of candidates) {
    const measure = measures.get(c);
    const density = measure ? (measure.text === 0 ? 0 : measure.link / measure.text) : linkDensity(c);
    const s = attempt.score(c) * (1 - density);
    attempt.scores.set(c, s);
    let i = 0;
    while (i < top.length && attempt.score(top[i] as Elem) >= s) i++;
    if (i < TOP_CANDIDATES) {
      top.splice(i, 0, c);
      if (top.length > TOP_CANDIDATES) top.pop();
    }
  }
  return top;
}
