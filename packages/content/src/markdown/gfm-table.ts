import { type Elem, findAll } from '../parse';
import { rowCells, span, tableRows, tableSize } from '../table-kind';

export interface RenderedTable {
  kind: 'data' | 'headerless';
  gfm: string;
  rows: number;
  cols: number;
  caption: string;
  /** Why the GFM form is only an approximation; empty when it is faithful. */
  lossy: string[];
}

const BLOCKY_IN_CELL = new Set(['ul', 'ol', 'pre', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

function cellText(md: string): string {
  return md
    .trim()
    .replace(/\s*\n+\s*/g, '<br>')
    .replace(/\|/g, '\\|');
}

/**
 * Lays a data table out on a grid and writes it as a GFM table. Merged cells are repeated into
 * every slot they cover (the reading an LLM or spreadsheet expects), except a row that is one
 * cell spanning the whole width — a title or section row, written once in the first column so
 * its text is not multiplied by the column count. Tables without a header row get an empty one,
 * since GFM requires it.
 */
export function renderTable(table: Elem, renderCell: (cell: Elem) => string): RenderedTable | null {
  const rows = tableRows(table);
  if (rows.length === 0) return null;
  const lossy = new Set<string>();
  const grid: string[][] = [];
  const headerRows: boolean[] = [];
  const carry: Array<{ text: string; left: number } | undefined> = [];
  const width = tableSize(table).cols;
  rows.forEach((row, r) => {
    const out: string[] = [];
    let c = 0;
    const takeCarry = (): void => {
      for (let k = carry[c]; k && k.left > 0; k = carry[c]) {
        out[c] = k.text;
        k.left--;
        c++;
      }
    };
    const cells = rowCells(row);
    for (const cell of cells) {
      takeCarry();
      if (findAll(cell, (e) => e.tag === 'table').length) lossy.add('nested table flattened into a cell');
      else if (findAll(cell, (e) => BLOCKY_IN_CELL.has(e.tag)).length) {
        lossy.add('block content (lists, code, headings) flattened into a cell');
      }
      const text = cellText(renderCell(cell));
      const cs = span(cell, 'colspan');
      const rs = Math.min(span(cell, 'rowspan'), rows.length - r);
      const titleRow = cells.length === 1 && c === 0 && cs >= width && width > 1 && rs === 1;
      if (titleRow) lossy.add('full-width cell (title row) written once, in the first column');
      else if (cs > 1 || rs > 1) lossy.add('merged cells (colspan/rowspan) repeated in each covered cell');
      for (let k = 0; k < cs; k++) {
        out[c + k] = titleRow && k > 0 ? '' : text;
        carry[c + k] = rs > 1 ? { text, left: rs - 1 } : undefined;
      }
      c += cs;
    }
    while (c < carry.length) {
      const k = carry[c];
      if (k && k.left > 0) {
        out[c] = k.text;
        k.left--;
      }
      c++;
    }
    grid.push(out);
    headerRows.push(
      row.parent?.tag === 'thead' || (cells.length > 0 && cells.every((cell) => cell.tag === 'th')),
    );
  });
  const cols = grid.reduce((m, row) => Math.max(m, row.length), 0);
  if (cols === 0 || grid.every((row) => row.every((cell) => !cell))) return null;
  const hasHeader = headerRows[0] === true;
  if (hasHeader && headerRows[1] === true && grid.length > 2)
    lossy.add('several header rows; only the first is the GFM header');
  const line = (row: string[]): string => {
    let s = '|';
    for (let i = 0; i < cols; i++) s += ` ${row[i] ?? ''} |`;
    return s;
  };
  const out: string[] = [];
  const body = hasHeader ? grid.slice(1) : grid;
  out.push(line(hasHeader ? (grid[0] as string[]) : []));
  out.push(`|${' --- |'.repeat(cols)}`);
  for (const row of body) out.push(line(row));
  const captionEl = table.children.find((c) => c.type === 1 && c.tag === 'caption') as Elem | undefined;
  return {
    kind: hasHeader ? 'data' : 'headerless',
    gfm: out.join('\n'),
    rows: grid.length,
    cols,
    caption: captionEl ? cellText(renderCell(captionEl)).replace(/<br>/g, ' ') : '',
    lossy: [...lossy],
  };
}
