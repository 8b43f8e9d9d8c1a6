/** Where a candidate value was read, strongest first. */
export type SourceKind =
  | 'json-ld'
  | 'microdata'
  | 'rdfa'
  | 'meta'
  | 'label'
  | 'heading'
  | 'list'
  | 'table'
  | 'text'
  | 'page';

/** How much a source is trusted before coercion; the value's confidence starts here. */
export const SOURCE_CONFIDENCE: Record<SourceKind, number> = {
  'json-ld': 0.95,
  microdata: 0.9,
  rdfa: 0.88,
  meta: 0.8,
  label: 0.7,
  heading: 0.7,
  list: 0.6,
  table: 0.6,
  text: 0.5,
  page: 0.5,
};

/** One value on the page: text or a number/boolean from structured data, or a nested entity. */
export interface PageValue {
  value: string | number | boolean | Entity;
  source: SourceKind;
  /** A short path (`Product.offers.price`, `meta[property=og:title]`) or quoted text. */
  path: string;
}

/** A thing the page describes (a schema.org item, or the page's own label–value pairs). */
export interface Entity {
  /** schema.org type names without the vocabulary URL (`Product`, `Recipe`). */
  types: string[];
  /** Property name (as written: `recipeIngredient`, `og:title`, a label's text) → its values. */
  props: Map<string, PageValue[]>;
  source: SourceKind;
  path: string;
  id?: string;
  /** The item this one is a value of (a ProductGroup above its variant Product). */
  parent?: Entity;
}

export function newEntity(types: string[], source: SourceKind, path: string): Entity {
  return { types, props: new Map(), source, path };
}

export function addValue(entity: Entity, key: string, value: PageValue): void {
  const list = entity.props.get(key);
  if (list) list.push(value);
  else entity.props.set(key, [value]);
}

export function isEntity(value: unknown): value is Entity {
  return typeof value === 'object' && value !== null && 'props' in value && 'types' in value;
}

/** Lower-case, letters and digits only: `recipe_ingredient` and `recipeIngredient` meet. */
export function normKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}
