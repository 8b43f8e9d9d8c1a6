import { createTwoFilesPatch, diffArrays } from 'diff';
import type { IgnoreRules } from './ignore-patterns';
import { canonicalLines, type TextBlock, textBlocks } from './text-blocks';
import {
  changedPairs,
  learnFromBaseline,
  learnFromChange,
  learnFromSame,
  maskWith,
  type VolatileState,
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

/** The baseline's volatile parts: what differs between two fetches made back to back. */
export function baselineVolatility(first: TextSnapshot, second: TextSnapshot): VolatileState {
  const lines = (snapshot: TextSnapshot) => canonicalLines(snapshot.blocks, (line) => line);
  return learnFromBaseline(lines(first), lines(second));
}

/**
 * Compares a check's text with the baseline: both normalised, list items as sets, learnt volatile
 * lines masked; a change touching only lines that changed at every earlier check is noise.
 */
export function compareText(
  baseline: TextSnapshot,
  current: TextSnapshot,
  volatile: VolatileState,
): TextComparison {
  const mask = maskWith(volatile);
  const before = canonicalLines(baseline.blocks, mask);
  const after = canonicalLines(current.blocks, mask);
  const parts = diffArrays(before, after);
  const removed = parts.filter((part) => part.removed).flatMap((part) => part.value);
  const added = parts.filter((part) => part.added).flatMap((part) => part.value);
  if (!removed.length && !added.length) return { status: 'same', volatile: learnFromSame(volatile) };
  const { pairs, unpaired } = changedPairs(before, after);
  const learnt = learnFromChange(volatile, pairs, unpaired.length);
  if (learnt.noise) return { status: 'same', volatile: learnt.state };
  const unified = createTwoFilesPatch(
    'previous',
    'current',
    `${before.join('\n')}\n`,
    `${after.join('\n')}\n`,
    undefined,
    undefined,
    { context: 2 },
  );
  return { status: 'changed', diff: { format: 'text', unified, added, removed }, volatile: learnt.state };
}
