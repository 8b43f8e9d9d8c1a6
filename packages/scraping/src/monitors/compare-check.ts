import {
  baselineVolatility,
  canonicalData,
  compareData,
  compareText,
  conditionsMet,
  EMPTY_VOLATILE,
  type TextSnapshot,
  type VolatileState,
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
  const volatile = (monitor.volatile as VolatileState | null) ?? EMPTY_VOLATILE;
  if (page.text && baseline.text) {
    const result = compareText(baseline.text, page.text, volatile);
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
  const current = canonicalData(page.data, monitor.schema ?? undefined);
  const result = compareData(baseline.data, current);
  if (result.status === 'same') return { status: 'same', diff: null, conditionsMet: [], volatile };
  return {
    status: 'changed',
    diff: result.diff,
    conditionsMet: conditionsMet(monitor.conditions, baseline.data, current),
    volatile,
    baseline: baselineOf(monitor, page),
  };
}
