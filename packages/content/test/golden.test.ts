import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ContentOptions, processHtml } from '../src';

const DIR = join(import.meta.dirname, 'golden');
const update = process.env.UPDATE_GOLDEN === '1';

interface Case {
  input: string;
  output: string;
  options: ContentOptions;
}

const cases: Case[] = [
  {
    input: 'readability-001.html',
    output: 'readability-001.article.md.golden',
    options: { url: 'http://fakehost/test/page.html', outputs: ['markdown'], mode: 'article' },
  },
  {
    input: 'readability-base-url-base-element.html',
    output: 'readability-base-url-base-element.article.md.golden',
    options: { url: 'http://fakehost/test/page.html', outputs: ['markdown'], mode: 'article' },
  },
  {
    input: 'usatoday-spacewalk.html',
    output: 'usatoday-spacewalk.llm.md.golden',
    options: {
      url: 'https://www.usatoday.com/story/tech/2013/07/18/astronaut-flooded-helmet/2552971/',
      outputs: ['markdown'],
      mode: 'llm',
    },
  },
  {
    input: 'usatoday-spacewalk.html',
    output: 'usatoday-spacewalk.metadata.json.golden',
    options: {
      url: 'https://www.usatoday.com/story/tech/2013/07/18/astronaut-flooded-helmet/2552971/',
      outputs: ['metadata'],
    },
  },
];

describe('golden outputs on corpus pages', () => {
  for (const c of cases) {
    it(`${c.input} → ${c.output}`, () => {
      const result = processHtml(readFileSync(join(DIR, c.input), 'utf8'), c.options);
      const actual = c.output.endsWith('.json.golden')
        ? `${JSON.stringify(result.metadata, null, 2)}\n`
        : `${result.markdown}\n`;
      const file = join(DIR, c.output);
      if (update || !existsSync(file)) writeFileSync(file, actual);
      expect(actual).toBe(readFileSync(file, 'utf8'));
    });
  }
});
