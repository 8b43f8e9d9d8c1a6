export * from './records';

/**
 * A recording's id: its source's (`sc_…`, `ss_…`) ULID under `rc_`. One source makes at most
 * one recording, so a job that runs twice overwrites the same recording instead of leaving two.
 */
export function recordingIdFor(sourceId: string): string {
  return `rc_${sourceId.slice(sourceId.indexOf('_') + 1)}`;
}
