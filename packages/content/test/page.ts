import { type ContentOptions, type ContentResult, processHtml } from '../src';

/** Processes a small hand-written page at a fixed URL; options override the markdown defaults. */
export function convert(html: string, options: Partial<ContentOptions> = {}): ContentResult {
  return processHtml(html, {
    url: 'https://example.com/dir/page.html',
    outputs: ['markdown'],
    mode: 'raw',
    ...options,
  });
}

export function md(html: string, options: Partial<ContentOptions> = {}): string {
  return convert(html, options).markdown ?? '';
}

/** Article-mode markdown of small pages as served from `url` (the URL page types are told by). */
export function articleAt(url: string): (html: string) => string {
  return (html) => md(html, { mode: 'article', url });
}
