import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A clone holds only this repository: every link the README gives must open inside it.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENTS = ['README.md', 'packages/sdk/README.md'];

/** Markdown link targets outside code blocks, without their #anchor. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);
}

describe('the README’s links', () => {
  for (const document of DOCUMENTS) {
    it(`${document}: every relative link names a file or folder of this repository`, () => {
      const targets = linkTargets(readFileSync(resolve(ROOT, document), 'utf8'));
      const broken = targets
        .filter((target) => !/^(https?:|mailto:|#)/.test(target))
        .map((target) => resolve(ROOT, dirname(document), target.split('#')[0] as string))
        .filter((path) => relative(ROOT, path).startsWith('..') || !existsSync(path))
        .map((path) => relative(ROOT, path));
      expect(broken).toEqual([]);
    });
  }

  it('README.md stays a short guide: under 400 lines, pointing at nothing outside the repository', () => {
    const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThan(400);
    expect(readme).not.toContain('../shared');
    // The contents table is links: a regex that found none would pass the test above vacuously.
    expect(linkTargets(readme).length).toBeGreaterThan(5);
  });
});
