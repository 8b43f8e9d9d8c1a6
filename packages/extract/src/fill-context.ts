import type { UrlResolver } from '@webcapture/content';
import type { Entity, SourceKind } from './page-model';
import type { CompiledSchema } from './schema';

/** Where one value of the answer came from. */
export interface Provenance {
  source: SourceKind;
  /** A short path into the page's data (`Product.offers.price`, `meta[property=og:title]`) or quoted text. */
  path: string;
  /** 0..1: the source's strength × how directly the property's name matched × how lossless the coercion was. */
  confidence: number;
}

export interface FillContext {
  compiled: CompiledSchema;
  entities: Entity[];
  page: Entity;
  resolver: UrlResolver;
  fields: Record<string, Provenance>;
}
