import {
  baselineVolatility,
  canonicalData,
  compareData,
  compareText,
  conditionsMet,
  confirmDataChange,
  confirmTextChange,
  EMPTY_VOLATILE,
  type TextComparison,
  type TextSnapshot,
  type VolatileState,
  volatileState,
} from '@webcapture/changes';
import type { MonitorCondition, MonitorRecord } from '@webcapture/service';
import type { PageRead } from './monitored-page';

type Content = Extract<PageRead, { kind: 'content' }>;

/** What a monitor keeps as its baseline (in S3): the compared text, or the data in canonical form. */
export interface Baseline {
  text: TextSnapshot | null;
  data: unknown;
}

export interface Comparison {
  status: 'new' | 'same' | 'changed';
  diff: unknown;
  conditionsMet: MonitorCondition[];
  volatile: VolatileState;
  /** The baseline to keep from now on, when this check replaces it. */
  baseline?: Baseline;
}

/** The first good check: the baseline, with what differs from a second fetch made right after masked as volatile. */
export function firstBaseline(monitor: MonitorRecord, page: Content, second: PageRead | null): Comparison {
  const volatile =
    page.text && second?.kind === 'content' && second.text
      ? baselineVolatility(page.text, second.text)
      : EMPTY_VOLATILE;
  return {
    status: 'new',
    diff: null,
    conditionsMet: monitor.target === 'schema' ? conditionsMet(monitor.conditions, null, page.data) : [],
    volatile,
    baseline: baselineOf(monitor, page),
  };
}

function baselineOf(monitor: MonitorRecord, page: Content): Baseline {
  return { text: page.text, data: page.text ? null : canonicalData(page.data, monitor.schema ?? undefined) };
}

/** A later check against the baseline: text through changes' normalised comparison, data as values. */
export function compareWithBaseline(monitor: MonitorRecord, baseline: Baseline, page: Content): Comparison {
  if (page.text && baseline.text) {
    return textComparison(monitor, page, compareText(baseline.text, page.text, monitor.volatile));
  }
  const current = canonicalData(page.data, monitor.schema ?? undefined);
  return dataComparison(monitor, baseline, page, compareData(baseline.data, current));
}

/**
 * A `changed` comparison (compareWithBaseline of `page`) confirmed by `again`, a second fetch made
 * right after: only what both fetches show is the change; the rest is learnt as volatile (text)
 * and the check is `same` when nothing is left.
 */
export function confirmWithBaseline(
  monitor: MonitorRecord,
  baseline: Baseline,
  page: Content,
  again: Content,
): Comparison {
  if (page.text && baseline.text && again.text) {
    return textComparison(
      monitor,
      page,
      confirmTextChange(baseline.text, page.text, again.text, monitor.volatile),
    );
  }
  const canonical = (read: Content) => canonicalData(read.data, monitor.schema ?? undefined);
  return dataComparison(
    monitor,
    baseline,
    page,
    confirmDataChange(baseline.data, canonical(page), canonical(again)),
  );
}

function textComparison(monitor: MonitorRecord, page: Content, result: TextComparison): Comparison {
  if (result.status === 'same')
    return { status: 'same', diff: null, conditionsMet: [], volatile: result.volatile };
  return {
    status: 'changed',
    diff: result.diff,
    conditionsMet: [],
    volatile: result.volatile,
    baseline: baselineOf(monitor, page),
  };
}

function dataComparison(
  monitor: MonitorRecord,
  baseline: Baseline,
  page: Content,
  result: ReturnType<typeof compareData>,
): Comparison {
  const volatile = volatileState(monitor.volatile);
  if (result.status === 'same') return { status: 'same', diff: null, conditionsMet: [], volatile };
  const current = canonicalData(page.data, monitor.schema ?? undefined);
  return {
    status: 'changed',
    diff: result.diff,
    conditionsMet: conditionsMet(monitor.conditions, baseline.data, current),
    volatile,
    baseline: baselineOf(monitor, page),
  };
}
