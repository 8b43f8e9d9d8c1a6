export type Mode = 'article' | 'raw' | 'llm';
export type LinkStyle = 'inline' | 'references' | 'none' | 'text';
export type OutputFormat = 'html' | 'markdown' | 'links' | 'images' | 'metadata';

export interface ContentOptions {
  /** Final URL: base for absolutizing (a `<base href>` in the page takes precedence per HTML rules). */
  url: string;
  /** Compute only what is asked; metadata is always returned. */
  outputs: OutputFormat[];
  mode?: Mode;
  /** BM25 relevance filter over content blocks; '' disables. */
  query?: string;
  links?: LinkStyle;
  images?: LinkStyle;
  linksSummary?: boolean;
  imagesSummary?: boolean;
  /** Single newlines between blocks; default true in llm mode. */
  compact?: boolean;
  filterImages?: boolean;
  includeMedia?: boolean;
  includeWarnings?: boolean;
  includeStats?: boolean;
  /** Default true. */
  removeBase64Images?: boolean;
}

export interface LinkObject {
  url: string;
  text: string;
  isInternal: boolean;
  rel: string | null;
}

export interface ImageObject {
  url: string;
  alt: string;
  width: number;
  height: number;
  format: string;
  score: number;
}

export interface Metadata {
  title: string | null;
  description: string | null;
  language: string | null;
  canonicalUrl: string | null;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  byline: string | null;
  publishedAt: string | null;
  /** Added beyond the spec's list: site name from og:site_name or JSON-LD publisher. */
  siteName: string | null;
}

export interface TableItem {
  /** `data` (has a header row) or `headerless` (GFM header row left empty). */
  kind: string;
  gfm: string;
  rows: number;
  cols: number;
}

export interface Warning {
  code: string;
  message: string;
  element: string;
}

export interface Stats {
  chars: number;
  tokens: number;
  blocks: number;
}

export interface ContentResult {
  html?: string;
  markdown?: string;
  links?: string[] | LinkObject[];
  images?: string[] | ImageObject[];
  metadata: Metadata;
  tables?: TableItem[];
  warnings?: Warning[];
  stats?: Stats;
}
