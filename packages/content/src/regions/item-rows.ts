import { type Elem, elementChildren } from '../parse';
import type { TextMeasure } from '../text-measure';

/*
 * Grid layouts (Bootstrap's `.row > .col-md-4`, Foundation's rows) often lay item cards out in rows
 * of two to four: no single element holds four cards side by side, so the cards are only seen as a
 * grid across the rows. Rows are recognised structurally — same-shaped siblings, each holding at
 * least two cards of one shape (a news page's teaser rows mix a lead story with smaller ones) —
 * and their cards are grouped by shape across rows.
 */

/** Rows of one shape under the container… */
const MIN_ROWS = 2;
/** …each holding at least this many cards. */
const MIN_ROW_ITEMS = 2;

/** A row's cells, below the wrappers of one child each that a layout puts around a row. */
function cellsOf(row: Elem): Elem[] {
  let cells = elementChildren(row);
  while (cells.length === 1) cells = elementChildren(cells[0] as Elem);
  return cells;
}

/** Whether `els` (at least one) all have the first one's shape; asked of every container of a page. */
function oneShape(els: Elem[], shape: (el: Elem) => string): boolean {
  const first = shape(els[0] as Elem);
  for (let i = 1; i < els.length; i++) if (shape(els[i] as Elem) !== first) return false;
  return true;
}

/**
 * Groups of same-shaped cards laid out in rows under `container` (the cards of all rows, grouped
 * by `shape`), each drawing on at least two rows; none when the container's children are no rows.
 */
export function rowItemGroups(
  container: Elem,
  measures: Map<Elem, TextMeasure>,
  shape: (el: Elem) => string,
): Elem[][] {
  const rows = elementChildren(container).filter((r) => (measures.get(r)?.text ?? 0) > 0);
  if (rows.length < MIN_ROWS || !oneShape(rows, shape)) return [];
  return cardGroups(rows, shape);
}

/**
 * The card groups of `rows` (see rowItemGroups). Apart from the test asked of every container, as
 * few are rows: V8's optimizing compiler compiled both whole, costing more than it saved.
 */
function cardGroups(rows: Elem[], shape: (el: Elem) => string): Elem[][] {
  const groups = new Map<string, { items: Elem[]; rows: number }>();
  for (const row of rows) {
    const cells = cellsOf(row);
    if (cells.length < MIN_ROW_ITEMS || !oneShape(cells, shape)) return [];
    const seen = new Set<string>();
    for (const cell of cells) {
      const sig = shape(cell);
      const group = groups.get(sig) ?? { items: [], rows: 0 };
      group.items.push(cell);
      if (!seen.has(sig)) group.rows++;
      seen.add(sig);
      groups.set(sig, group);
    }
  }
  return [...groups.values()].filter((g) => g.rows >= MIN_ROWS).map((g) => g.items);
}
