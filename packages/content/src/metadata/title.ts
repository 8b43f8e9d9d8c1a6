const TITLE_SEPARATORS = '\\|\\-–—\\\\\\/>»';

const HAS_SEPARATOR = new RegExp(`\\s[${TITLE_SEPARATORS}]\\s`);

function wordCount(s: string): number {
  return s.split(/\s+/).length;
}

/** The page title without site-name decoration ("Story | Site" → "Story"), as Readability does it. */
export function articleTitle(docTitle: string, headings: string[], h1s: string[]): string {
  const orig = docTitle.trim();
  let cur = orig;
  let hierarchical = false;
  if (HAS_SEPARATOR.test(cur)) {
    hierarchical = /\s[\\/>»]\s/.test(cur);
    const all = [...orig.matchAll(new RegExp(`\\s[${TITLE_SEPARATORS}]\\s`, 'gi'))];
    cur = orig.substring(0, all[all.length - 1]?.index ?? orig.length);
    if (wordCount(cur) < 3)
      cur = orig.replace(new RegExp(`^[^${TITLE_SEPARATORS}]*[${TITLE_SEPARATORS}]`, 'gi'), '');
  } else if (cur.includes(': ')) {
    if (!headings.some((h) => h === cur)) {
      cur = orig.substring(orig.lastIndexOf(':') + 1);
      if (wordCount(cur) < 3) cur = orig.substring(orig.indexOf(':') + 1);
      else if (wordCount(orig.substring(0, orig.indexOf(':'))) > 5) cur = orig;
    }
  } else if ((cur.length > 150 || cur.length < 15) && h1s.length === 1) {
    cur = h1s[0] as string;
  }
  cur = cur.trim().replace(/\s{2,}/g, ' ');
  const wc = wordCount(cur);
  if (
    wc <= 4 &&
    (!hierarchical || wc !== wordCount(orig.replace(new RegExp(`\\s[${TITLE_SEPARATORS}]\\s`, 'g'), '')) - 1)
  ) {
    cur = orig;
  }
  return cur;
}
