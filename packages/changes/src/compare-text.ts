import { createTwoFilesPatch, diffArrays } from 'diff';
import type { IgnoreRules } from './ignore-patterns';
import { canonicalLines, type TextBlock, textBlocks } from './text-blocks';
import {
  changedPairs,
  comingAndGoing,
  type LineChanges,
  learnFromBaseline,
  learnFromChange,
  learnFromRefetch,
  learnFromSame,
  learnLines,
  maskWith,
  rememberChange,
  type VolatileState,
  volatileState,
} from './volatile';

/** A text diff as checks report it: a unified diff of the compared text, and its added and removed lines. */
export interface TextDiff {
  format: 'text';
  unified: string;
  added: string[];
  removed: string[];
}

export type TextComparison =
  | { status: 'same'; volatile: VolatileState }
  | { status: 'changed'; diff: TextDiff; volatile: VolatileState };

/** The page's text as a monitor keeps it between checks (its baseline). */
export interface TextSnapshot {
  blocks: TextBlock[];
}

export function textSnapshot(markdown: string, ignore?: IgnoreRules): TextSnapshot {
  return { blocks: textBlocks(markdown, ignore) };
}

/** Whether a page gave nothing to compare (an empty or script-only page reads as an error, not a removal). */
export function isEmptySnapshot(snapshot: TextSnapshot): boolean {
  return snapshot.blocks.length === 0;
}

const asRead = (snapshot: TextSnapshot) => canonicalLines(snapshot.blocks, (line) => line);

/** The baseline's volatile parts: what differs between two fetches made back to back. */
export function baselineVolatility(first: TextSnapshot, second: TextSnapshot): VolatileState {
  return learnFromBaseline(asRead(first), asRead(second));
}

/** Both sides' compared lines under the state's mask, and how they differ. */
function comparedLines(baseline: TextSnapshot, current: TextSnapshot, state: VolatileState) {
  const mask = maskWith(state);
  const before = canonicalLines(baseline.blocks, mask);
  const after = canonicalLines(current.blocks, mask);
  return { before, after, changes: changedPairs(before, after) };
}

const unchanged = ({ pairs, removedOnly, addedOnly }: LineChanges) =>
  !pairs.length && !removedOnly.length && !addedOnly.length;

/**
 * Compares a check's text with the baseline: both normalised, list items as sets, learnt volatile
 * lines masked. Noise: a change touching only lines that changed at every earlier check, and a
 * line that comes back after a reported change removed it (or goes after one added it) — that
 * line is learnt as volatile. `volatile` may be a monitor's stored state (volatileState).
 */
export function compareText(
  baseline: TextSnapshot,
  current: TextSnapshot,
  volatile: unknown,
): TextComparison {
  let state = volatileState(volatile);
  let compared = comparedLines(baseline, current, state);
  if (unchanged(compared.changes)) return { status: 'same', volatile: learnFromSame(state) };
  const flapping = comingAndGoing(state, compared.changes);
  if (flapping.length) {
    state = learnLines(state, flapping);
    compared = comparedLines(baseline, current, state);
    if (unchanged(compared.changes)) return { status: 'same', volatile: learnFromSame(state) };
  }
  const learnt = learnFromChange(state, compared.changes);
  if (learnt.noise) return { status: 'same', volatile: learnt.state };
  return {
    status: 'changed',
    diff: textDiff(compared.before, compared.after),
    volatile: rememberChange(learnt.state, compared.changes),
  };
}

const removedLines = ({ pairs, removedOnly }: LineChanges) => [
  ...pairs.map(([line]) => line),
  ...removedOnly,
];
const addedLines = ({ pairs, addedOnly }: LineChanges) => [...pairs.map(([, line]) => line), ...addedOnly];

/** The lines only one of the two lists has. */
function oneSided(a: readonly string[], b: readonly string[]): string[] {
  const inA = new Set(a);
  const inB = new Set(b);
  return [...a.filter((line) => !inB.has(line)), ...b.filter((line) => !inA.has(line))];
}

/**
 * A change compareText found, confirmed by a second fetch made right after the first (as a 404
 * is): what differs between the two fetches is volatile (as at the baseline), and a changed line
 * only one fetch shows — a main-content boundary that flips, a line under rotating noise — is
 * noise and learnt as volatile. What both fetches show is the change, reported as the first fetch
 * reads; when nothing is left the check is `same`. A real edit is in both fetches, so it stays.
 * `volatile` is the state the first comparison started from, not the one it answered.
 */
export function confirmTextChange(
  baseline: TextSnapshot,
  first: TextSnapshot,
  second: TextSnapshot,
  volatile: unknown,
): TextComparison {
  const state = learnFromRefetch(volatileState(volatile), asRead(first), asRead(second));
  const one = comparedLines(baseline, first, state).changes;
  const two = comparedLines(baseline, second, state).changes;
  const unconfirmed = [
    ...oneSided(removedLines(one), removedLines(two)),
    ...oneSided(addedLines(one), addedLines(two)),
  ];
  return compareText(baseline, first, learnLines(state, unconfirmed));
}

/** The unified diff of the compared lines, and their removed and added lines. */
function textDiff(before: readonly string[], after: readonly string[]): TextDiff {
  const parts = diffArrays([...before], [...after]);
  const removed = parts.filter((part) => part.removed).flatMap((part) => part.value);
  const added = parts.filter((part) => part.added).flatMap((part) => part.value);
  const unified = createTwoFilesPatch(
    'previous',
    'current',
    `${before.join('\n')}\n`,
    `${after.join('\n')}\n`,
    undefined,
    undefined,
    { context: 2 },
  );
  return { format: 'text', unified, added, removed };
}
