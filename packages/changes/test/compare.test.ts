import { describe, expect, it } from 'vitest';
import {
  baselineVolatility,
  canonicalData,
  compareData,
  compareText,
  compileIgnorePatterns,
  conditionsMet,
  EMPTY_VOLATILE,
  textSnapshot,
} from '../src';

const page = (stamp: string, items: string[], extra = '') =>
  [
    '# Widget Pro',
    `Updated ${stamp} · You are visitor number ${Math.floor(Math.random() * 1e6)}`,
    'Price: $49.00',
    '',
    ...items.map((item) => `- ${item}`),
    '',
    `See [the manual](https://example.com/manual.pdf?cb=${Math.random()})`,
    extra,
  ].join('\n');

describe('compareText', () => {
  it('reads times, counters, cache-busters and shuffled lists as the same page', () => {
    const before = textSnapshot(page('3 minutes ago', ['red', 'green', 'blue']));
    const after = textSnapshot(page('2 hours ago', ['blue', 'red', 'green']));
    expect(compareText(before, after, EMPTY_VOLATILE).status).toBe('same');
  });

  it('reports an edited price with old and new text', () => {
    const before = textSnapshot(page('3 minutes ago', ['red']));
    const after = textSnapshot(page('3 minutes ago', ['red']).replace('$49.00', '$39.00'));
    const result = compareText(before, after, EMPTY_VOLATILE);
    expect(result.status).toBe('changed');
    if (result.status !== 'changed') return;
    expect(result.diff.removed).toEqual(['Price: $49.00']);
    expect(result.diff.added).toEqual(['Price: $39.00']);
    expect(result.diff.unified).toContain('-Price: $49.00');
    expect(result.diff.unified).toContain('+Price: $39.00');
  });

  it('reports a removed list item and an added paragraph', () => {
    const before = textSnapshot(page('now', ['red', 'green']));
    const removed = compareText(before, textSnapshot(page('now', ['red'])), EMPTY_VOLATILE);
    expect(removed.status === 'changed' && removed.diff.removed).toEqual(['- green']);
    const added = compareText(
      before,
      textSnapshot(page('now', ['green', 'red'], 'A new paragraph.')),
      EMPTY_VOLATILE,
    );
    expect(added.status === 'changed' && added.diff.added).toEqual(['A new paragraph.']);
  });

  it('keeps text after a nested list with the item holding the list, so shuffling the nested list is no change', () => {
    const course = (subItems: string[]) =>
      textSnapshot(
        [
          '- **Spring 2026**',
          '',
          '  Tuesdays evenings',
          '- **Objectives**',
          '',
          '  In this course:',
          '',
          ...subItems.map((item) => `  - ${item}`),
          '',
          '  **Outcomes**',
          '',
          '  At the end of this course, students will be certified.',
        ].join('\n'),
      );
    const before = course(['Students will evaluate options.', 'Students will plan campaigns.']);
    const after = course(['Students will plan campaigns.', 'Students will evaluate options.']);
    expect(compareText(before, after, EMPTY_VOLATILE).status).toBe('same');
    const edited = course(['Students will plan campaigns.', 'Students will evaluate channels.']);
    expect(compareText(before, edited, EMPTY_VOLATILE).status).toBe('changed');
  });

  it('masks what differed between the two baseline fetches', () => {
    const a = textSnapshot('# Radio\nNow playing: Blue Monday by New Order\nSchedule below');
    const b = textSnapshot('# Radio\nNow playing: Heroes by David Bowie\nSchedule below');
    const volatile = baselineVolatility(a, b);
    const c = textSnapshot('# Radio\nNow playing: Jolene by Dolly Parton\nSchedule below');
    expect(compareText(b, c, volatile).status).toBe('same');
    const edited = textSnapshot('# Radio\nNow playing: Jolene by Dolly Parton\nSchedule moved to Friday');
    expect(compareText(b, edited, volatile).status).toBe('changed');
  });

  it('learns a line that changed at every earlier check as noise', () => {
    const at = (quote: string) => textSnapshot(`# Home\nQuote of the hour: ${quote} — unknown\nAbout us`);
    const first = compareText(at('carpe diem'), at('veni vidi vici'), EMPTY_VOLATILE);
    expect(first.status).toBe('changed');
    const second = compareText(at('veni vidi vici'), at('alea iacta est'), first.volatile);
    expect(second.status).toBe('same');
    const third = compareText(at('alea iacta est'), at('cogito ergo sum'), second.volatile);
    expect(third.status).toBe('same');
  });

  it('removes text the ignore patterns match, compiled with RE2', () => {
    const ignore = compileIgnorePatterns(['Weather: \\S+']);
    const a = textSnapshot('Weather: sunny\nBody text', ignore);
    const b = textSnapshot('Weather: rainy\nBody text', ignore);
    expect(compareText(a, b, EMPTY_VOLATILE).status).toBe('same');
    expect(() => compileIgnorePatterns(['(a']).strip('x')).toThrow(/ignore\[0\]/);
    expect(() => compileIgnorePatterns(['(?=a)'])).toThrow(/RE2/);
  });
});

describe('compareData', () => {
  const schema = {
    type: 'object',
    properties: {
      tags: { type: 'array', uniqueItems: true, items: { type: 'string' } },
      steps: { type: 'array' },
    },
  };

  it('compares objects by value whatever the key order, and sets whatever the item order', () => {
    const a = canonicalData({ price: 40, tags: ['a', 'b'], name: ' Widget ' }, schema);
    const b = canonicalData({ name: 'Widget', tags: ['b', 'a'], price: 40 }, schema);
    expect(compareData(a, b).status).toBe('same');
  });

  it('keeps the order of arrays that are not sets and answers a JSON patch', () => {
    const a = canonicalData({ steps: ['mix', 'bake'] }, schema);
    const b = canonicalData({ steps: ['bake', 'mix'] }, schema);
    const result = compareData(a, b);
    expect(result.status).toBe('changed');
    expect(result.status === 'changed' && result.diff.patch.length).toBeGreaterThan(0);
  });

  it('fires a threshold condition only when it is crossed', () => {
    const condition = { path: '/price', below: 40 };
    expect(conditionsMet([condition], { price: '$45.00' }, { price: '$39.99' })).toEqual([condition]);
    expect(conditionsMet([condition], { price: 39 }, { price: 38 })).toEqual([]);
    expect(conditionsMet([condition], { price: 45 }, { price: 41 })).toEqual([]);
  });
});
