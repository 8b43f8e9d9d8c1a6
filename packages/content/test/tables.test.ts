import { describe, expect, it } from 'vitest';
import { convert, md } from './page';

describe('tables', () => {
  it('renders a data table with a header row as GFM', () => {
    const out = md(
      '<table><thead><tr><th>Name</th><th>Qty</th></tr></thead><tbody><tr><td>Apple</td><td>3</td></tr><tr><td>Pear</td><td>5</td></tr></tbody></table>',
    );
    expect(out).toBe('| Name | Qty |\n| --- | --- |\n| Apple | 3 |\n| Pear | 5 |');
  });

  it('escapes pipes and turns line breaks in cells into <br>', () => {
    const out = md(
      '<table><tr><th>Expr</th><th>Note</th></tr><tr><td>a | b</td><td>line1<br>line2</td></tr></table>',
    );
    expect(out).toContain('| a \\| b | line1<br>line2 |');
  });

  it('gives header-less data tables an empty header row (kind headerless)', () => {
    const rows = Array.from(
      { length: 4 },
      (_, i) => `<tr><td>r${i}a</td><td>r${i}b</td><td>r${i}c</td></tr>`,
    ).join('');
    const r = convert(`<table>${rows}</table>`, { includeMedia: true });
    expect(r.markdown).toBe(
      '|  |  |  |\n| --- | --- | --- |\n| r0a | r0b | r0c |\n| r1a | r1b | r1c |\n| r2a | r2b | r2c |\n| r3a | r3b | r3c |',
    );
    expect(r.tables).toEqual([{ kind: 'headerless', gfm: r.markdown, rows: 4, cols: 3 }]);
  });

  it('repeats merged cells into every covered slot and warns lossy_table', () => {
    const r = convert(
      '<table id="t1"><tr><th colspan="2">Both</th><th>C</th></tr><tr><td rowspan="2">tall</td><td>x</td><td>y</td></tr><tr><td>z</td><td>w</td></tr></table>',
      { includeWarnings: true },
    );
    expect(r.markdown).toBe('| Both | Both | C |\n| --- | --- | --- |\n| tall | x | y |\n| tall | z | w |');
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings?.[0]).toMatchObject({ code: 'lossy_table', element: 'table#t1' });
  });

  it('flattens a nested table into its cell and warns', () => {
    const r = convert(
      '<table><tr><th>Outer</th><th>Inner</th></tr><tr><td>o</td><td><table><tr><td>i1</td><td>i2</td></tr></table></td></tr></table>',
      { includeWarnings: true },
    );
    expect(r.markdown?.split('\n')[0]).toBe('| Outer | Inner |');
    expect(r.markdown).toContain('i1');
    expect(r.warnings?.map((w) => w.message)).toEqual(['nested table flattened into a cell']);
  });

  it('does not emit warnings unless asked', () => {
    const r = convert('<table><tr><th colspan="2">x</th></tr><tr><td>a</td><td>b</td></tr></table>');
    expect(r.warnings).toBeUndefined();
  });

  it('renders layout tables as blocks, not as tables', () => {
    const out = md('<table><tr><td><p>Main column text.</p></td><td><p>Side column.</p></td></tr></table>');
    expect(out).toBe('Main column text.\n\nSide column.');
  });

  it('treats role=presentation tables as layout even when large', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `<tr><td>a${i}</td><td>b${i}</td></tr>`).join('');
    expect(md(`<table role="presentation">${rows}</table>`)).not.toContain('|');
  });

  it('emits the caption before the table and lists tables with includeMedia', () => {
    const r = convert('<table><caption>Prices</caption><tr><th>A</th></tr><tr><td>1</td></tr></table>', {
      includeMedia: true,
    });
    expect(r.markdown).toBe('Prices\n\n| A |\n| --- |\n| 1 |');
    expect(r.tables).toEqual([{ kind: 'data', gfm: '| A |\n| --- |\n| 1 |', rows: 2, cols: 1 }]);
  });

  it('writes a full-width title row once instead of repeating it in every column', () => {
    const r = convert(
      '<table><tr><th colspan="3">By changesets</th></tr><tr><td>Ann</td><td>63</td><td>16%</td></tr><tr><td>Bob</td><td>56</td><td>14%</td></tr></table>',
      { includeWarnings: true },
    );
    expect(r.markdown?.split('\n')).toEqual([
      '| By changesets |  |  |',
      '| --- | --- | --- |',
      '| Ann | 63 | 16% |',
      '| Bob | 56 | 14% |',
    ]);
    expect(r.warnings?.map((w) => w.message)).toEqual([
      'full-width cell (title row) written once, in the first column',
    ]);
  });

  it('lays out a table whose cells hold data tables as blocks, keeping the inner tables', () => {
    const inner = (h: string) =>
      `<table><tr><th>${h}</th><th>n</th></tr><tr><td>Ann</td><td>1</td></tr><tr><td>Bob</td><td>2</td></tr></table>`;
    const out = md(
      `<table><tr><th colspan="2">Most active</th></tr><tr><td>${inner('By changesets')}</td><td>${inner('By lines')}</td></tr></table>`,
    );
    expect(out).toContain('| By changesets | n |\n| --- | --- |\n| Ann | 1 |');
    expect(out).toContain('| By lines | n |');
    expect(out).not.toContain('\\|');
  });
});
