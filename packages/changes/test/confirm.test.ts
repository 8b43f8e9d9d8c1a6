import { describe, expect, it } from 'vitest';
import {
  baselineVolatility,
  compareText,
  confirmDataChange,
  confirmTextChange,
  EMPTY_VOLATILE,
  textSnapshot,
  volatileState,
} from '../src';

const HEADER = '## [Myles Katherine Photography](https://example.com/)';
const BODY = [
  '# Autumn weddings',
  'We photographed three weddings in the valley this autumn, each in a different light.',
  'Price: $49.00',
];

/** The page as the content engine reads it: with or without the site's header line, edits applied. */
const read = (header: boolean, edit: (lines: string[]) => string[] = (lines) => lines) =>
  textSnapshot([...(header ? [HEADER] : []), ...edit([...BODY])].join('\n'));

const newPrice = (lines: string[]) => lines.map((line) => line.replace('$49.00', '$39.00'));

describe('confirmTextChange: a change is reported only for what a second fetch confirms', () => {
  it('reads a line only the first fetch lost as noise, learns it, and answers same', () => {
    const baseline = read(true);
    const first = read(false);
    expect(compareText(baseline, first, EMPTY_VOLATILE).status).toBe('changed');
    const confirmed = confirmTextChange(baseline, first, read(true), EMPTY_VOLATILE);
    expect(confirmed.status).toBe('same');
    expect(confirmed.volatile.lines).toContain(HEADER);
    // Learnt: the next check that loses the header on both fetches reads the same page.
    expect(compareText(baseline, read(false), confirmed.volatile).status).toBe('same');
  });

  it('reads a line only the first fetch added as noise', () => {
    const baseline = read(false);
    const confirmed = confirmTextChange(baseline, read(true), read(false), EMPTY_VOLATILE);
    expect(confirmed.status).toBe('same');
    expect(compareText(baseline, read(true), confirmed.volatile).status).toBe('same');
  });

  it('reports a real edit both fetches show, without the boundary line that flipped', () => {
    const baseline = read(true);
    const confirmed = confirmTextChange(
      baseline,
      read(false, newPrice),
      read(true, newPrice),
      EMPTY_VOLATILE,
    );
    expect(confirmed.status).toBe('changed');
    if (confirmed.status !== 'changed') return;
    expect(confirmed.diff.removed).toEqual(['Price: $49.00']);
    expect(confirmed.diff.added).toEqual(['Price: $39.00']);
    expect(confirmed.diff.unified).not.toContain('Myles Katherine');
  });

  it('learns a line that differs between the two fetches as a template, as at the baseline', () => {
    const ad = (offer: string) =>
      textSnapshot([...BODY, `Sponsored: this week's offer ${offer} for you`].join('\n'));
    const confirmed = confirmTextChange(ad('a1'), ad('b2'), ad('c3'), EMPTY_VOLATILE);
    expect(confirmed.status).toBe('same');
    expect(compareText(ad('a1'), ad('d4'), confirmed.volatile).status).toBe('same');
  });

  it('masks list items learnt from two fetches (they are compared as `- item`)', () => {
    const list = (offer: string) =>
      textSnapshot(['# Deals', '- Garden chair', `- Sponsored: offer ${offer} today only`].join('\n'));
    const volatile = baselineVolatility(list('a1'), list('b2'));
    expect(compareText(list('a1'), list('c3'), volatile).status).toBe('same');
    const edited = textSnapshot(['# Deals', '- Garden bench', '- Sponsored: offer c3 today only'].join('\n'));
    expect(compareText(list('a1'), edited, volatile).status).toBe('changed');
  });
});

describe('compareText: a line that comes and goes is volatile', () => {
  it('learns a line removed by a reported change when it comes back, and then when it goes again', () => {
    const gone = compareText(read(true), read(false), EMPTY_VOLATILE);
    expect(gone.status).toBe('changed'); // both fetches lost it: reported once
    expect(gone.volatile.departed).toContain(HEADER);
    // The baseline is now the page without the header; it comes back.
    const back = compareText(read(false), read(true), gone.volatile);
    expect(back.status).toBe('same');
    expect(back.volatile.lines).toContain(HEADER);
    expect(compareText(read(false), read(false), back.volatile).status).toBe('same');
    expect(compareText(read(false), read(true, newPrice), back.volatile).status).toBe('changed');
  });

  it('learns a line added by a reported change when it goes again', () => {
    const came = compareText(read(false), read(true), EMPTY_VOLATILE);
    expect(came.status === 'changed' && came.volatile.arrived).toContain(HEADER);
    expect(compareText(read(true), read(false), came.volatile).status).toBe('same');
  });

  it('still reports a price edited and then edited back: a line changed in place is not coming and going', () => {
    const down = compareText(read(true), read(true, newPrice), EMPTY_VOLATILE);
    expect(down.status).toBe('changed');
    const up = compareText(read(true, newPrice), read(true), down.volatile);
    expect(up.status).toBe('changed');
    expect(up.status === 'changed' && up.diff.added).toEqual(['Price: $49.00']);
  });

  it('keeps the learnt state small however much the page adds (the newest kept)', () => {
    let volatile = EMPTY_VOLATILE;
    for (let i = 0; i < 50; i++) {
      const paragraph = `Paragraph ${i}: ${'a long paragraph of news '.repeat(80)}`;
      const result = compareText(read(true), textSnapshot([...BODY, paragraph].join('\n')), volatile);
      expect(result.status).toBe('changed');
      volatile = result.volatile;
    }
    expect(JSON.stringify(volatile).length).toBeLessThan(25_000);
    expect(volatile.arrived.at(-1)).toMatch(/^Paragraph 49:/);
    expect(volatile.arrived.some((line) => line.startsWith('Paragraph 0:'))).toBe(false);
  });

  it('reads a monitor state stored before the comings and goings were kept', () => {
    const stored = { templates: [], lines: [HEADER], everyCheck: [], comparisons: 3 };
    expect(volatileState(stored)).toEqual({ ...EMPTY_VOLATILE, lines: [HEADER], comparisons: 3 });
    expect(volatileState(null)).toEqual(EMPTY_VOLATILE);
    expect(compareText(read(true), read(false), stored).status).toBe('same');
  });
});

describe('confirmDataChange', () => {
  it('keeps the operations both fetches show and drops a field that differs between them', () => {
    const confirmed = confirmDataChange(
      { price: 45, stock: 3 },
      { price: 39, stock: 7 },
      { price: 39, stock: 2 },
    );
    expect(confirmed).toEqual({
      status: 'changed',
      diff: { format: 'json', patch: [{ op: 'replace', path: '/price', value: 39 }] },
    });
  });

  it('answers same when the second fetch reads the baseline again', () => {
    expect(confirmDataChange({ price: 45 }, { price: 39 }, { price: 45 })).toEqual({ status: 'same' });
  });
});
