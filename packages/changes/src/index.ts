/*
 * Change detection for monitors, pure (no I/O): normalising a page's text so that what changes on
 * every request reads the same, comparing it with a baseline (list items as sets, learnt volatile
 * lines masked), comparing extracted data as values, and the conditions on data fields.
 */
export * from './compare-data';
export * from './compare-text';
export * from './ignore-patterns';
export { normaliseLine } from './normalise-text';
export type { TextBlock } from './text-blocks';
export { EMPTY_VOLATILE, type VolatileState, volatileState } from './volatile';
