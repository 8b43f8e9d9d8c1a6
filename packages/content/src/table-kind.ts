import { type Elem, findFirstWhere } from './parse';

/** Rows of a table, not descending into nested tables. */
export function tableRows(table: Elem): Elem[] {
  const rows: Elem[] = [];
  const visit = (el: Elem): void => {
    for (const c of el.children) {
      if (c.type !== 1) continue;
      if (c.tag === 'tr') rows.push(c);
      else if (c.tag === 'thead' || c.tag === 'tbody' || c.tag === 'tfoot') visit(c);
    }
  };
  visit(table);
  return rows;
}

export function rowCells(row: Elem): Elem[] {
  const cells: Elem[] = [];
  for (const c of row.children) if (c.type === 1 && (c.tag === 'td' || c.tag === 'th')) cells.push(c);
  return cells;
}

export function span(cell: Elem, attr: 'colspan' | 'rowspan'): number {
  const n = Number.parseInt(cell.attrs[attr] ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 1000) : 1;
}

export function tableSize(table: Elem): { rows: number; cols: number } {
  const rows = tableRows(table);
  let cols = 0;
  for (const row of rows) {
    let width = 0;
    for (const cell of rowCells(row)) width += span(cell, 'colspan');
    if (width > cols) cols = width;
  }
  return { rows: rows.length, cols };
}

const DATA_TABLE_PARTS = new Set(['col', 'colgroup', 'tfoot', 'thead', 'th']);

/**
 * Data table (rows and columns of values) versus layout table (page structure). Markup hints
 * decide first; otherwise tables with one row or one column, or nested tables, are layout, and
 * larger grids are data.
 */
export function isDataTable(table: Elem): boolean {
  const role = table.attrs.role;
  if (role === 'presentation' || role === 'none') return false;
  if (table.attrs.datatable === '0') return false;
  if (table.attrs.summary) return true;
  const caption = table.children.find((c) => c.type === 1 && c.tag === 'caption');
  if (caption && caption.type === 1 && caption.children.length > 0) return true;
  if (findFirstWhere(table, (e) => DATA_TABLE_PARTS.has(e.tag)) !== null) return true;
  if (findFirstWhere(table, (e) => e.tag === 'table') !== null) return false;
  const { rows, cols } = tableSize(table);
  if (rows <= 1 || cols <= 1) return false;
  if (rows >= 10 || cols > 4) return true;
  return rows * cols > 10;
}
