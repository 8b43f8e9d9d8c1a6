import { Parser } from 'htmlparser2';

const SKIP = new Set(['script', 'style', 'noscript', 'template']);
const BLOCK =
  /^(?:p|div|br|li|h[1-6]|tr|td|th|pre|blockquote|section|article|figure|figcaption|dd|dt|table|ul|ol)$/;

/** Visible text of an HTML fragment (no attribute values, so no URLs), blocks on new lines. */
export function htmlToText(html: string): string {
  const out: string[] = [];
  let skipDepth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIP.has(name)) skipDepth++;
        if (BLOCK.test(name)) out.push('\n');
      },
      onclosetag(name) {
        if (SKIP.has(name)) skipDepth--;
        if (BLOCK.test(name)) out.push('\n');
      },
      ontext(t) {
        if (skipDepth === 0) out.push(t);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return out.join('');
}
