import { extractArticle } from './article';
import { pruneBoilerplate } from './boilerplate';
import { cleanupPage } from './cleanup/page-cleanup';
import { dropUiLeftovers } from './clutter/ui-leftovers';
import { MarkdownRenderer } from './markdown/renderer';
import { collectMedia } from './media/collect-media';
import { bylineName, extractMetadata, type MetadataExtras } from './metadata';
import { bodyOf, cloneNode, type Elem, findFirst, innerText, parseHtml } from './parse';
import { decodeHtml } from './parse/charset';
import { serializeHtml } from './parse/html-serialize';
import { UrlResolver } from './parse/url-resolver';
import { carryProductDescription, carryProductName, productName } from './product/product-description';
import { dropBuyControls, sellsOneProduct } from './product/product-page';
import { bm25Reject } from './query-filter/bm25';
import { estimateTokens } from './token-estimate';
import type { ContentOptions, ContentResult, Mode } from './types';

// Parse, text and URL primitives for packages that read pages their own way (extract).
export { type Elem, findAll, innerText, type Node, parseHtml, rawText, textContent } from './parse';
export { UrlResolver } from './parse/url-resolver';
export { type Bm25Collection, bm25TermScore, bm25Terms } from './query-filter/bm25';
export { stem } from './query-filter/porter-stemmer';
export { estimateTokens } from './token-estimate';
export type {
  ContentOptions,
  ContentResult,
  ImageObject,
  LinkObject,
  LinkStyle,
  Metadata,
  Mode,
  OutputFormat,
  Stats,
  TableItem,
  Warning,
} from './types';
export { decodeHtml };

/** Parses `html` once and derives every requested output from that tree. Pure: no I/O. */
export function processHtml(html: string, options: ContentOptions): ContentResult {
  const { doc, resolver, metadata, extras } = readPage(html, options);
  const removeBase64Images = removesBase64Images(options);
  const outputs = new Set(options.outputs);
  const result: ContentResult = { metadata };

  // Serialize before markdown work: article extraction works on the page tree itself, but the
  // html output must be the cleaned page exactly.
  if (outputs.has('html')) result.html = serializeHtml(doc, resolver);
  const body = bodyOf(doc);
  const media =
    outputs.has('links') || outputs.has('images') ? collectMedia(body, resolver, removeBase64Images) : null;
  if (media && outputs.has('links')) {
    result.links = options.includeMedia ? media.links : media.links.map((l) => l.url);
  }
  if (media && outputs.has('images')) {
    result.images = options.includeMedia ? media.images : media.images.map((i) => i.url);
  }

  if (outputs.has('markdown')) {
    const mode: Mode = options.mode ?? 'article';
    // Article extraction works on `body` in place and builds the page again when it needs it.
    const reread = (): Elem => bodyOf(readPage(html, options).doc);
    const root = contentRoot(body, reread, mode, extras.articleTitle, result, extras);
    if (!metadata.description) metadata.description = firstParagraph(root) ?? extras.firstParagraph;
    const query = options.query?.trim().slice(0, 200) ?? '';
    const renderer = new MarkdownRenderer({
      links: options.links ?? 'inline',
      images: options.images ?? 'inline',
      resolver,
      compact: options.compact ?? mode === 'llm',
      filterImages: options.filterImages ?? mode === 'llm',
      dropNoise: mode === 'llm',
      removeBase64Images,
      skip: query ? bm25Reject(root, query) : undefined,
      collectMedia: !!(options.linksSummary || options.imagesSummary),
    });
    const md = renderer.render(root);
    let markdown = md.markdown;
    if (options.linksSummary)
      markdown += summary(
        'Links',
        md.links.map((l) => `[${l.text || l.url}](${l.url})`),
      );
    if (options.imagesSummary)
      markdown += summary(
        'Images',
        md.images.map((i) => `![${i.alt}](${i.url})`),
      );
    result.markdown = markdown;
    if (options.includeMedia) result.tables = md.tables;
    if (options.includeWarnings) result.warnings = md.warnings;
    if (options.includeStats) {
      result.stats = { chars: markdown.length, tokens: estimateTokens(markdown), blocks: md.blocks };
    }
  } else if (!metadata.description) metadata.description = extras.firstParagraph;
  return result;
}

const removesBase64Images = (options: ContentOptions): boolean => options.removeBase64Images ?? true;

/** The page's tree, cleaned, with what was read before cleaning. */
function readPage(html: string, options: ContentOptions) {
  const doc = parseHtml(html);
  const resolver = new UrlResolver(options.url, doc);
  const { metadata, extras } = extractMetadata(doc, resolver);
  cleanupPage(doc, { removeBase64Images: removesBase64Images(options) });
  return { doc, resolver, metadata, extras };
}

function contentRoot(
  body: Elem,
  reread: () => Elem,
  mode: Mode,
  title: string,
  result: ContentResult,
  declared: MetadataExtras,
): Elem {
  if (mode === 'raw') return body;
  if (mode === 'llm') return pruneBoilerplate(cloneNode(body) as Elem);
  // A page declaring nothing (or only a story: a shop SEO plugin's default) but offering one
  // product to buy is one product's page too.
  const product = declared.product || (!declared.discussion && sellsOneProduct(body));
  // Its name opens a declared product's content; a page only offering something to buy may be a
  // story with a shop box, whose headline goes as a story's does.
  const name = declared.product ? productName(body) : null;
  const article = extractArticle(body, reread, title, { ...declared, product });
  if (product) {
    let page: Elem | null = null;
    const original = (): Elem => (page ??= reread());
    // The page's description is a summary for search results, shown whole when shown: compared whole.
    carryProductDescription(article.content, original, result.metadata.description, Number.POSITIVE_INFINITY);
    carryProductDescription(article.content, original, declared.productDescription);
    dropBuyControls(article.content);
    carryProductName(article.content, name);
  }
  dropUiLeftovers(article.content);
  if (!result.metadata.byline && article.byline) result.metadata.byline = bylineName(article.byline) || null;
  return article.content;
}

function firstParagraph(root: Elem): string | null {
  const p = findFirst(root, 'p');
  const text = p ? innerText(p) : '';
  return text || null;
}

function summary(title: string, items: string[]): string {
  const unique = [...new Set(items)];
  if (!unique.length) return '';
  return `\n\n## ${title}\n\n${unique.map((s, i) => `${i + 1}. ${s}`).join('\n')}`;
}
