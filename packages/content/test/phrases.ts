import { expect } from 'vitest';

/** Markdown reduced to its words, so phrases match across links, emphasis and line breaks. */
export const words = (s: string): string =>
  s
    .replace(/\]\([^)]*\)/g, ' ')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.join(' ') ?? '';

/** Every `present` phrase is in `md` and no `absent` one, word for word. */
export function expectPhrases(md: string, present: string[], absent: string[]): void {
  const text = ` ${words(md)} `;
  for (const p of present) expect(text, `missing: ${p}`).toContain(` ${words(p)} `);
  for (const p of absent) expect(text, `leaked: ${p}`).not.toContain(` ${words(p)} `);
}
