/** What one pass over the unmodified document collects for metadata (collector.ts). */
export interface Collected {
  values: Record<string, string>;
  /** Keys whose value came from a `property` attribute (RDFa), which beats `name` for the same key. */
  fromProperty: Set<string>;
  title: string;
  lang: string | null;
  canonical: string | null;
  jsonLd: string[];
  /** The first value of each of ITEMPROPS_READ (collector.ts). */
  itemprops: Record<string, string>;
  headings: string[];
  h1s: string[];
  bylineText: string | null;
  /** A short element that reads "By Jane Roe" (no byline markup at all). */
  byPattern: string | null;
  firstParagraph: string | null;
  /** A microdata `itemtype` declares the page a discussion (DISCUSSION_TYPE). */
  discussionItem: boolean;
  /** Microdata `itemtype`s declaring a product (PRODUCT_TYPE) and a list of items (LIST_TYPE). */
  productItems: number;
  listItem: boolean;
  ogType: string;
}
