import { diffArrays } from 'diff';

/**
 * What a monitor has learnt of its page's volatile parts (kept with the monitor between checks):
 * line templates whose `*` stands for words that change ("Now playing: *"), exact lines that come
 * and go (a rotating banner), the templates that changed at every check so far, and the lines
 * reported changes removed or added (a line that later comes back, or goes again, is volatile).
 */
export interface VolatileState {
  templates: string[];
  lines: string[];
  /** Templates of lines that changed at every comparison since the baseline. */
  everyCheck: string[];
  comparisons: number;
  /** Lines a reported change removed outright (not edited in place). */
  departed: string[];
  /** Lines a reported change added outright. */
  arrived: string[];
}

export const EMPTY_VOLATILE: VolatileState = {
  templates: [],
  lines: [],
  everyCheck: [],
  comparisons: 0,
  departed: [],
  arrived: [],
};

/** A monitor's stored state as a VolatileState: null (no baseline yet) is empty, and fields a record written before them lacks are empty. */
export function volatileState(stored: unknown): VolatileState {
  if (typeof stored !== 'object' || stored === null) return EMPTY_VOLATILE;
  return { ...EMPTY_VOLATILE, ...(stored as Partial<VolatileState>) };
}

/**
 * Bounds on what is kept, so the monitor's record stays small whatever the page does (a DynamoDB
 * item holds 400 KB; a learnt line can be a long paragraph): per list, at most this many entries
 * and characters.
 */
const MAX_TEMPLATES = 200;
const MAX_LINES = 200;
const MAX_CHARACTERS = 20_000;
const WILDCARD = '*';

const words = (line: string) => line.split(' ').filter(Boolean);

/**
 * The template two versions of one line share: common words kept, each run of differing words
 * one `*`. Null when too little is common for the template to say which line it is (it would
 * then mask real edits too).
 */
export function lineTemplate(before: string, after: string): string | null {
  const parts = diffArrays(words(before), words(after));
  const out: string[] = [];
  let literal = 0;
  for (const part of parts) {
    if (!part.added && !part.removed) {
      out.push(...part.value);
      literal += part.value.length;
    } else if (out.at(-1) !== WILDCARD) out.push(WILDCARD);
  }
  const wildcards = out.length - literal;
  if (literal < 2 || literal < wildcards) return null;
  return out.join(' ');
}

/** Whether `line` fits `template` (`*` = one or more words). */
export function fitsTemplate(line: string, template: string): boolean {
  const have = words(line);
  const want = template.split(' ');
  // fits[i][j]: want[i..] matches have[j..]; filled from the end (linear in the product of lengths).
  let next = new Array<boolean>(have.length + 1).fill(false);
  next[have.length] = true;
  for (let i = want.length - 1; i >= 0; i--) {
    const row = new Array<boolean>(have.length + 1).fill(false);
    for (let j = have.length - 1; j >= 0; j--) {
      row[j] =
        want[i] === WILDCARD
          ? Boolean(next[j + 1] || row[j + 1])
          : want[i] === have[j] && Boolean(next[j + 1]);
    }
    next = row;
  }
  return Boolean(next[0]);
}

/**
 * A line as the comparison sees it: its template when it fits one, null (dropped) when it is a
 * known volatile line — or its template is (a templated line a confirmation fetch did not confirm).
 */
export function maskWith(state: VolatileState): (line: string) => string | null {
  const exact = new Set(state.lines);
  return (line) => {
    if (exact.has(line)) return null;
    const template = state.templates.find((candidate) => fitsTemplate(line, candidate));
    if (template === undefined) return line;
    return exact.has(template) ? null : template;
  };
}

/** How two versions of the compared lines differ: lines changed in place (pairs), and lines only one side has. */
export interface LineChanges {
  pairs: Array<[string, string]>;
  /** Lines of `before` removed without a line taking their place. */
  removedOnly: string[];
  /** Lines of `after` added without replacing one. */
  addedOnly: string[];
}

/** Pairs of lines that changed in place: removed lines matched to the added lines that follow them. */
export function changedPairs(before: readonly string[], after: readonly string[]): LineChanges {
  const changes: LineChanges = { pairs: [], removedOnly: [], addedOnly: [] };
  const parts = diffArrays([...before], [...after]);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!part?.removed) {
      if (part?.added) changes.addedOnly.push(...part.value);
      continue;
    }
    const following = parts[i + 1]?.added ? (parts[i + 1]?.value ?? []) : [];
    if (following.length) i++;
    part.value.forEach((line, n) => {
      const other = following[n];
      if (other === undefined) changes.removedOnly.push(line);
      else changes.pairs.push([line, other]);
    });
    changes.addedOnly.push(...following.slice(part.value.length));
  }
  return changes;
}

const unpaired = (changes: LineChanges) => [...changes.removedOnly, ...changes.addedOnly];

/**
 * Baseline learning: what differs between two fetches of the page made back to back is volatile
 * by definition (nobody edited it in between).
 */
export function learnFromBaseline(first: readonly string[], second: readonly string[]): VolatileState {
  const changes = changedPairs(first, second);
  const templates = changes.pairs.map(([a, b]) => lineTemplate(a, b));
  return {
    ...EMPTY_VOLATILE,
    templates: capped(
      templates.filter((t): t is string => t !== null),
      MAX_TEMPLATES,
    ),
    // A pair too different for a template, and lines only one fetch had, are masked as they are.
    lines: capped(
      [...unpaired(changes), ...changes.pairs.filter((_, i) => templates[i] === null).flat()],
      MAX_LINES,
    ),
  };
}

/**
 * What two fetches of one check made back to back taught (learnFromBaseline's templates and lines),
 * added to what was known: it is volatile for the same reason the baseline's differences are.
 */
export function learnFromRefetch(state: VolatileState, first: readonly string[], second: readonly string[]) {
  const fresh = learnFromBaseline(first, second);
  return learnLines(
    { ...state, templates: capped([...state.templates, ...fresh.templates], MAX_TEMPLATES) },
    fresh.lines,
  );
}

/** The state with `lines` masked from now on (as they read in the compared text: a line, `- item`, or a template). */
export function learnLines(state: VolatileState, lines: readonly string[]): VolatileState {
  return { ...state, lines: capped([...state.lines, ...lines], MAX_LINES) };
}

/**
 * The lines of a change that come and go: removed where an earlier reported change had added
 * them, or back where one had removed them. A person would not call such a line's return a
 * change: the page's boundary moves (a header the content engine keeps under some noise and drops
 * under other), and the line is masked from then on.
 */
export function comingAndGoing(state: VolatileState, changes: LineChanges): string[] {
  const departed = new Set(state.departed);
  const arrived = new Set(state.arrived);
  return unique([
    ...changes.removedOnly.filter((line) => arrived.has(line)),
    ...changes.addedOnly.filter((line) => departed.has(line)),
  ]);
}

/** After a reported change: the lines it removed or added outright, remembered for comingAndGoing. */
export function rememberChange(state: VolatileState, changes: LineChanges): VolatileState {
  return {
    ...state,
    departed: capped([...state.departed, ...changes.removedOnly], MAX_LINES),
    arrived: capped([...state.arrived, ...changes.addedOnly], MAX_LINES),
  };
}

/**
 * After a comparison that found changed lines: whether they are noise (every one of them fits a
 * template that changed at every earlier check), and the state to keep.
 */
export function learnFromChange(
  state: VolatileState,
  { pairs, removedOnly, addedOnly }: LineChanges,
): { noise: boolean; state: VolatileState } {
  const unpairedCount = removedOnly.length + addedOnly.length;
  const fitting = pairs.map(([a, b]) =>
    state.everyCheck.find((template) => fitsTemplate(a, template) && fitsTemplate(b, template)),
  );
  const noise = state.comparisons > 0 && unpairedCount === 0 && pairs.length > 0 && fitting.every(Boolean);
  const fresh = pairs.map(([a, b]) => lineTemplate(a, b)).filter((t): t is string => t !== null);
  const stillEvery = unique(fitting.filter((t): t is string => t !== undefined));
  return {
    noise,
    state: {
      ...state,
      templates: noise ? capped([...state.templates, ...stillEvery], MAX_TEMPLATES) : state.templates,
      // The first comparison starts the record; later ones keep only what changed again.
      everyCheck: state.comparisons === 0 ? unique(fresh) : stillEvery,
      comparisons: state.comparisons + 1,
    },
  };
}

/** A comparison with nothing changed: no template has changed at every check any more. */
export function learnFromSame(state: VolatileState): VolatileState {
  return { ...state, everyCheck: [], comparisons: state.comparisons + 1 };
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/**
 * Without repeats, the newest kept within `max` entries and MAX_CHARACTERS: what was learnt last
 * is what the page does now.
 */
function capped(values: readonly string[], max: number): string[] {
  const kept: string[] = [];
  let characters = 0;
  for (const value of unique([...values].reverse())) {
    if (kept.length >= max || characters + value.length > MAX_CHARACTERS) break;
    kept.push(value);
    characters += value.length;
  }
  return kept.reverse();
}
