const NAMED_ENTITIES: Record<string, string> = {
  quot: '"',
  amp: '&',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
};

/**
 * Decodes entities left in a metadata value: CMSs often escape meta `content` twice
 * (`content="That&amp;#039;s"`), which parsing decodes only once. Invalid code points become U+FFFD.
 */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(quot|amp|apos|lt|gt|nbsp));/gi, (m, hex, dec, named) => {
    if (named) return NAMED_ENTITIES[named.toLowerCase()] ?? m;
    const cp = hex ? Number.parseInt(hex, 16) : Number.parseInt(dec, 10);
    if (!cp || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(cp);
  });
}
