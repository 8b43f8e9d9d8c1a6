import type { Elem } from '../parse';
import type { UrlResolver } from '../parse/url-resolver';
import type { Metadata } from '../types';
import { bylineName } from './byline';
import { collect, DATE_META } from './collector';
import { firstDate } from './dates';
import { decodeEntities } from './entities';
import { isUrl, readJsonLd } from './json-ld';
import { DISCUSSION_TYPE, declaresProduct, LIST_TYPE, productDescription } from './page-kind';
import { articleTitle } from './title';

function firstOf(...vals: Array<string | undefined | null>): string | null {
  for (const v of vals) {
    const t = v?.trim();
    if (t) return t;
  }
  return null;
}

export interface MetadataExtras {
  /** Readability-style article title used to drop duplicate headings from the article. */
  articleTitle: string;
  firstParagraph: string | null;
  /** The page declares itself a forum thread or Q&A page (schema.org, JSON-LD or microdata). */
  discussion: boolean;
  /** The page declares itself one product's page (`declaresProduct`). */
  product: boolean;
  /** A product page's description in its JSON-LD Product (`productDescription`). */
  productDescription: string | null;
  /** The page declares itself one story (OpenGraph `og:type` article, no item list in JSON-LD). */
  story: boolean;
}

/**
 * Metadata from, in order of trust: JSON-LD article objects, Dublin Core / OpenGraph / Twitter
 * / Parse.ly meta tags, microdata, then page heuristics (title cleanup, byline elements).
 */
export function extractMetadata(
  doc: Elem,
  resolver: UrlResolver,
): { metadata: Metadata; extras: MetadataExtras } {
  const c = collect(doc);
  const v = c.values;
  let cachedTitle: string | null = null;
  const pageTitle = (): string => {
    cachedTitle ??= articleTitle(c.title, c.headings, c.h1s);
    return cachedTitle;
  };
  const ld = readJsonLd(c.jsonLd, pageTitle);
  const ip = c.itemprops;
  const articleAuthor = v['article:author'] && !isUrl(v['article:author']) ? v['article:author'] : undefined;
  // The document's title as the page states it (OpenGraph's has its own field, ogTitle); the
  // article's headline, cleaned of site-name decoration, is what extraction matches headings to.
  const title =
    firstOf(
      c.title,
      v['og:title'],
      c.h1s.find((h) => h.trim() !== ''),
    ) ?? firstOf(ld.title, v['dc:title'], v['dcterm:title'], v['twitter:title'], v['parsely-title']);
  const resolve = (u: string | null): string | null => (u ? resolver.resolve(u) : null);
  const metadata: Metadata = {
    title: title ?? (pageTitle() || ld.title || ip.headline || null),
    description: firstOf(
      ld.description,
      v['dc:description'],
      v['dcterm:description'],
      v['og:description'],
      v['weibo:article:description'],
      v['weibo:webpage:description'],
      v.description,
      v['twitter:description'],
      ip.description,
    ),
    language: firstOf(
      c.lang,
      v['content-language'],
      v['dc:language'],
      v.language,
      v['og:locale']?.replace('_', '-'),
    ),
    canonicalUrl: resolve(firstOf(c.canonical, v['og:url'])),
    ogTitle: firstOf(v['og:title']),
    ogDescription: firstOf(v['og:description']),
    ogImage: resolve(firstOf(v['og:image'], v['twitter:image'])),
    byline: firstOf(
      ld.byline,
      v['dc:creator'],
      v['dcterm:creator'],
      v.author,
      v['parsely-author'],
      articleAuthor,
      ip.author,
      c.bylineText,
      c.byPattern,
    ),
    publishedAt: firstDate(
      ld.datePublished,
      v['article:published_time'],
      v['parsely-pub-date'],
      ip.datePublished,
      ...[...DATE_META].map((k) => v[`date:${k}`]),
      v['dc:date'],
      v['dcterm:date'],
      v.date,
      v['time:datetime'],
      v['time:first'],
    ),
    siteName: firstOf(ld.siteName, v['og:site_name']),
  };
  for (const k of ['title', 'description', 'ogTitle', 'ogDescription', 'byline', 'siteName'] as const) {
    const value = metadata[k];
    if (value) metadata[k] = decodeEntities(value);
  }
  if (metadata.byline) metadata.byline = bylineName(metadata.byline) || null;
  const discussion = c.discussionItem || c.jsonLd.some((j) => DISCUSSION_TYPE.test(j));
  const product = declaresProduct(c);
  return {
    metadata,
    extras: {
      articleTitle: pageTitle(),
      firstParagraph: c.firstParagraph,
      discussion,
      product,
      productDescription: product ? productDescription(c.jsonLd) : null,
      story: c.ogType === 'article' && !c.jsonLd.some((j) => LIST_TYPE.test(j)),
    },
  };
}
