import { type Elem, findAll, removeNode, textContent } from '../parse';

/*
 * Forum threads quote earlier posts in their replies ("X said: …", "Click to expand…"): the quoted
 * text is already in the thread, once in its own post, so each further copy only repeats it. A
 * quote is dropped when nearly all of its lines occur, word for word, in the thread's text outside
 * quotes. Quotes of text the page does not hold (an article, a post on another page) stay.
 */

/** Lines shorter than this say too little to count as repeated ("Thanks!", "+1"). */
const MIN_LINE = 20;
/** Share of a quote's line text that must be found elsewhere in the thread. */
const MIN_REPEATED_SHARE = 0.8;

const normalize = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Text of `el` outside blockquotes, in document order. */
function textOutsideQuotes(el: Elem, out: string[]): void {
  for (const child of el.children) {
    if (child.type === 3) out.push(child.text);
    else if (child.tag !== 'blockquote') {
      textOutsideQuotes(child, out);
      out.push(' ');
    }
  }
}

const INLINE = new Set([
  'a',
  'b',
  'strong',
  'em',
  'i',
  'span',
  'code',
  'small',
  'sup',
  'sub',
  'u',
  'time',
  'abbr',
]);

/** The text of `el` cut at its block elements and line breaks. */
function lines(el: Elem, out: string[]): void {
  for (const child of el.children) {
    if (child.type === 3) out[out.length - 1] += child.text;
    else if (child.tag === 'br') out.push('');
    else if (INLINE.has(child.tag)) out[out.length - 1] += textContent(child);
    else {
      out.push('');
      lines(child, out);
      out.push('');
    }
  }
}

/** Removes from `content` the blockquotes that repeat text the thread holds outside quotes. */
export function dropRepeatedQuotes(content: Elem): void {
  const quotes = findAll(content, (e) => e.tag === 'blockquote');
  if (quotes.length === 0) return;
  const parts: string[] = [];
  textOutsideQuotes(content, parts);
  const thread = normalize(parts.join(''));
  for (const quote of quotes) {
    if (!quote.parent) continue;
    let total = 0;
    let found = 0;
    const quoted = [''];
    lines(quote, quoted);
    for (const line of quoted) {
      const text = normalize(line);
      if (text.length < MIN_LINE) continue;
      total += text.length;
      if (thread.includes(text)) found += text.length;
    }
    if (total > 0 && found >= MIN_REPEATED_SHARE * total) removeNode(quote);
  }
}
