/** Plain text from our own Markdown output: syntax markers dropped, text and table cells kept. */
export function markdownToText(md: string): string {
  return md
    .replace(/^(?:```|~~~)\S*$/gm, '')
    .replace(/^\s*\|?(?:\s*:?-{3,}:?\s*\|)+\s*$/gm, '')
    .replace(/^(\s*)(?:#{1,6} |> ?)/gm, '$1')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|~~|\*)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\\([\\`*_[\]<>#|.-])/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
