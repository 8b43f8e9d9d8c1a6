import { writtenGivenNamesFirst } from './bylines';
import { currencyOf } from './coerce';
import type { FillContext, Provenance } from './fill-context';
import {
  type Entity,
  isEntity,
  normKey,
  type PageValue,
  SOURCE_CONFIDENCE,
  type SourceKind,
} from './page-model';
import { coerceScalar } from './scalar';
import type { JsonSchema } from './schema';
import { cleanTitle, withoutShopDecorations } from './titles';
import { labelScore, pathsFor, tokens, wantedLabel } from './vocabulary';

interface Group {
  values: PageValue[];
  confidence: number;
}

type Obj = Record<string, unknown>;

const MAX_ARRAY_ITEMS = 200;
const NOT_FOUND = Symbol('not found');

function asObject(schema: JsonSchema): Obj {
  return schema && typeof schema === 'object' ? schema : {};
}

export function typesOf(schema: Obj): string[] {
  const t = schema.type;
  if (typeof t === 'string') return [t];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string');
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  if (Array.isArray(schema.enum)) {
    return [
      ...new Set(schema.enum.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v))),
    ];
  }
  if ('const' in schema) return [schema.const === null ? 'null' : typeof schema.const];
  return ['string'];
}

export function allowsNull(schema: Obj, ctx: FillContext): boolean {
  if (typesOf(schema).includes('null')) return true;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (
      Array.isArray(branches) &&
      branches.some((b) => allowsNull(asObject(ctx.compiled.resolve(b as JsonSchema)), ctx))
    )
      return true;
  }
  return false;
}

/** Words a property is described with: its name, title and description. */
function wordsOf(name: string, schema: Obj): string {
  return [
    name,
    typeof schema.title === 'string' ? schema.title : '',
    typeof schema.description === 'string' ? schema.description : '',
  ]
    .join(' ')
    .trim();
}

/** Values at a dotted path of an entity (`offers.price`: the price of every offer). */
function valuesAt(entity: Entity, path: string): PageValue[] {
  let current: PageValue[] = [{ value: entity, source: entity.source, path: entity.path }];
  for (const segment of path.split('.')) {
    const next: PageValue[] = [];
    for (const item of current) {
      if (!isEntity(item.value)) continue;
      if (segment === '@id') {
        if (item.value.id)
          next.push({ value: item.value.id, source: item.value.source, path: `${item.value.path}.@id` });
        continue;
      }
      const direct = item.value.props.get(segment);
      if (direct) next.push(...direct);
      else {
        // recipe_yield → recipeYield: the same key, written another way.
        const wanted = normKey(segment);
        for (const [key, values] of item.value.props) if (normKey(key) === wanted) next.push(...values);
      }
    }
    current = next;
    if (!current.length) break;
  }
  return current;
}

/** Everything that could fill a property, as groups (one path of one entity each), best first. */
function candidateGroups(
  name: string,
  schema: Obj,
  roots: Entity[],
  ctx: FillContext,
  withPage: boolean,
): Group[] {
  const title = typeof schema.title === 'string' ? schema.title : undefined;
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  const matches = pathsFor(name, title, description);
  const groups: Group[] = [];
  for (const root of roots) {
    for (const match of matches) {
      const values = valuesAt(root, match.path);
      if (values.length) groups.push({ values, confidence: SOURCE_CONFIDENCE[root.source] * match.quality });
    }
  }
  if (!withPage) return groups;
  const page = ctx.page;
  for (const match of matches) {
    const segments = match.path.split('.');
    const key =
      segments[0] === 'offers' || segments[0] === 'aggregateRating'
        ? segments[segments.length - 1]
        : segments[0];
    const values = key ? page.props.get(key) : undefined;
    if (values?.length) {
      for (const source of uniqueSources(values)) {
        const own = values.filter((v) => v.source === source);
        groups.push({ values: own, confidence: SOURCE_CONFIDENCE[source] * match.quality });
      }
    }
  }
  // Visible labels ("Item weight: 1.2 kg", a spec table row, a list under "Ingredients").
  const wanted = wantedLabel(name, title, description);
  const labelled: { score: number; values: PageValue[] }[] = [];
  for (const [label, values] of page.props) {
    if (
      !values.some(
        (v) => v.source === 'label' || v.source === 'table' || v.source === 'text' || v.source === 'list',
      )
    )
      continue;
    const score = labelScore(label, wanted);
    if (score >= 0.5) labelled.push({ score, values });
  }
  labelled.sort((a, b) => b.score - a.score);
  for (const { score, values } of labelled) {
    for (const source of uniqueSources(values)) {
      groups.push({
        values: values.filter((v) => v.source === source),
        confidence: SOURCE_CONFIDENCE[source] * score,
      });
    }
  }
  return groups;
}

function uniqueSources(values: PageValue[]): SourceKind[] {
  return [...new Set(values.map((v) => v.source))];
}

/** People named together: "Anna Martel und Lea Wagner", "A, B & C". */
const PEOPLE_WORDS = /\b(authors?|writers?|creators?|contributors?|bylines?|people|persons?|names)\b/i;
const NAME_LIST = /\s*(?:[,;|&]|\s(?:and|und|et|y|e|og|och|en|i|und)\s)\s*/i;
/**
 * One person written surname first, as catalogues do ("Ferchault, Guy", "Tolkien, J. R. R."): a
 * single capitalised word, one comma, then given names or initials — not a list of two people.
 */
const SURNAME_FIRST = /^\p{Lu}[\p{L}'’-]+,\s+(?:\p{Lu}[\p{L}'’-]*\.?\s*){1,3}$/u;
/** Initials spelled out after them: "J. R. R. (John Ronald Reuel)". */
const EXPANDED_INITIALS = /\s*\((?:\p{Lu}[\p{L}'’-]+\s*){1,4}\)/gu;

/** Flattens recipe steps (HowToSection → its HowToSteps) and comma lists for arrays of strings. */
function arrayItems(values: PageValue[], itemSchema: Obj, words: string, page: Entity): PageValue[] {
  const out: PageValue[] = [];
  const itemTypes = typesOf(itemSchema);
  const people = itemTypes.includes('string') && PEOPLE_WORDS.test(words);
  for (const v of values) {
    if (isEntity(v.value)) {
      const inner = v.value.props.get('itemListElement');
      if (inner && !itemTypes.includes('object')) out.push(...arrayItems(inner, itemSchema, words, page));
      else out.push(v);
    } else if (people && typeof v.value === 'string' && v.value.length < 300) {
      const name = v.value.replace(EXPANDED_INITIALS, '').trim();
      if (SURNAME_FIRST.test(name)) out.push({ ...v, value: writtenGivenNamesFirst(name, page) ?? name });
      else for (const part of name.split(NAME_LIST)) if (part.trim()) out.push({ ...v, value: part.trim() });
    } else if (
      typeof v.value === 'string' &&
      values.length === 1 &&
      itemTypes.includes('string') &&
      /[,;|]/.test(v.value) &&
      v.value.length < 1000
    ) {
      for (const part of v.value.split(/\s*[,;|]\s*/)) if (part) out.push({ ...v, value: part });
    } else out.push(v);
  }
  return out;
}

/**
 * Fills the subschema from the candidate groups: each candidate is coerced, then checked against
 * the subschema with ajv; the first that passes is placed. Returns NOT_FOUND when none does.
 */
function fillFromGroups(
  schema: Obj,
  groups: Group[],
  words: string,
  pointer: string,
  ctx: FillContext,
): unknown {
  const valid = (value: unknown) => validAt(schema, value, ctx);
  const branches = branchesOf(schema, ctx);
  for (const branch of branches) {
    const types = typesOf(branch).filter((t) => t !== 'null');
    for (const type of types) {
      if (type === 'array') {
        const itemSchema = asObject(ctx.compiled.resolve((branch.items ?? {}) as JsonSchema));
        for (const group of groups) {
          const items: unknown[] = [];
          const fields: Record<string, Provenance> = {};
          const saved = ctx.fields;
          ctx.fields = fields;
          for (const item of arrayItems(group.values, itemSchema, words, ctx.page)) {
            if (items.length >= MAX_ARRAY_ITEMS) break;
            const placed = fillFromGroups(
              itemSchema,
              [{ values: [item], confidence: group.confidence }],
              words,
              `${pointer}/${items.length}`,
              ctx,
            );
            if (placed !== NOT_FOUND) {
              const text = JSON.stringify(placed);
              if (!items.some((existing) => JSON.stringify(existing) === text)) items.push(placed);
              else
                for (const key of Object.keys(fields))
                  if (key.startsWith(`${pointer}/${items.length}`)) delete fields[key];
            }
          }
          ctx.fields = saved;
          if (items.length && valid(items)) {
            Object.assign(ctx.fields, fields);
            const first = group.values[0];
            if (first && !typesOf(itemSchema).includes('object')) {
              ctx.fields[pointer] = {
                source: first.source,
                path: first.path,
                confidence: round(group.confidence),
              };
            }
            return items;
          }
        }
        continue;
      }
      if (type === 'object') {
        for (const group of groups) {
          for (const candidate of group.values) {
            const saved = ctx.fields;
            const fields: Record<string, Provenance> = {};
            ctx.fields = fields;
            let placed: unknown = NOT_FOUND;
            if (isEntity(candidate.value))
              placed = fillObject(branch, [candidate.value], pointer, ctx, false);
            else placed = wrapScalar(branch, candidate, group.confidence, pointer, ctx);
            ctx.fields = saved;
            if (placed !== NOT_FOUND && valid(placed)) {
              Object.assign(ctx.fields, fields);
              return placed;
            }
          }
        }
        continue;
      }
      for (const group of groups) {
        for (const candidate of group.values) {
          const placed = coerceScalar(candidate.value, type, branch, words, ctx);
          if (placed && valid(placed.value)) {
            ctx.fields[pointer] = {
              source: candidate.source,
              path: candidate.path,
              confidence: round(group.confidence * placed.confidence),
            };
            return placed.value;
          }
        }
      }
    }
  }
  return NOT_FOUND;
}

function branchesOf(schema: Obj, ctx: FillContext): Obj[] {
  const out: Obj[] = [schema];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const b of list) out.push(asObject(ctx.compiled.resolve(b as JsonSchema)));
  }
  const allOf = schema.allOf;
  if (Array.isArray(allOf))
    for (const b of allOf)
      out.push({ ...asObject(ctx.compiled.resolve(b as JsonSchema)), ...schema, allOf: undefined });
  // The parent's own `type` only counts when it says something.
  return out.filter(
    (b, i) =>
      i > 0 ||
      b.type !== undefined ||
      b.properties ||
      b.items ||
      b.enum ||
      !(schema.anyOf || schema.oneOf || schema.allOf),
  );
}

/** A text where an object is wanted ("Jane Doe" for author {name, url}): it fills the name-like property. */
function wrapScalar(
  schema: Obj,
  candidate: PageValue,
  confidence: number,
  pointer: string,
  ctx: FillContext,
): unknown {
  const props = asObject(schema.properties as JsonSchema);
  const names = Object.keys(props);
  const target =
    names.find((n) => /^(name|title|text|value|amount|price)$/i.test(n)) ??
    names.find((n) => typesOf(asObject(ctx.compiled.resolve(props[n] as JsonSchema))).includes('string'));
  if (!target) return NOT_FOUND;
  const sub = asObject(ctx.compiled.resolve(props[target] as JsonSchema));
  const placed = fillFromGroups(
    sub,
    [{ values: [candidate], confidence: confidence * 0.9 }],
    wordsOf(target, sub),
    `${pointer}/${escapePointer(target)}`,
    ctx,
  );
  if (placed === NOT_FOUND) return NOT_FOUND;
  const out: Obj = { [target]: placed };
  // A price text also carries its currency: "1.299,00 €" → {amount: 1299, currency: "EUR"}.
  const currencyKey = names.find((n) => /currency/i.test(n));
  if (currencyKey && typeof candidate.value === 'string') {
    const code = currencyOf(candidate.value);
    if (code) {
      out[currencyKey] = code;
      ctx.fields[`${pointer}/${escapePointer(currencyKey)}`] = {
        source: candidate.source,
        path: candidate.path,
        confidence: round(confidence * 0.85),
      };
    }
  }
  return out;
}

/** A value against a subschema; true when ajv cannot address it (the final check still applies). */
function validAt(schema: Obj, value: unknown, ctx: FillContext): boolean {
  const pointer = ctx.compiled.pointerOf(schema);
  return pointer === undefined ? true : ctx.compiled.validateAt(pointer, value);
}

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const round = (n: number) => Math.round(n * 100) / 100;

/** Missing required properties found while filling, by pointer (for the failure answer). */
export class MissingRequired {
  constructor(readonly pointers: string[]) {}
}

/**
 * Fills an object schema from entities (first is the primary one), and from the page itself
 * when `withPage`. Optional properties without a valid value are left out (or null when only
 * null fits the schema's "required" list); a required one without → NOT_FOUND (or thrown at
 * the root, naming every missing property).
 */
export function fillObject(
  schema: Obj,
  roots: Entity[],
  pointer: string,
  ctx: FillContext,
  withPage: boolean,
  atRoot = false,
): unknown {
  const props = asObject(schema.properties as JsonSchema);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Obj = {};
  const missing: string[] = [];
  for (const [name, raw] of Object.entries(props)) {
    const sub = asObject(ctx.compiled.resolve(raw as JsonSchema));
    const here = `${pointer}/${escapePointer(name)}`;
    const words = wordsOf(name, sub);
    let groups = candidateGroups(name, sub, roots, ctx, withPage);
    if (typesOf(sub).includes('array') && withPage) groups = [...groups, ...siblingGroups(sub, ctx)];
    let placed = fillFromGroups(sub, groups, words, here, ctx);
    if (typeof placed === 'string' && withPage && namesTheThing(name, sub))
      placed = tidyName(placed, sub, ctx);
    if (placed !== NOT_FOUND) out[name] = placed;
    else if (required.has(name)) {
      if (allowsNull(sub, ctx) && validAt(sub, null, ctx)) {
        out[name] = null;
        ctx.fields[here] = { source: 'page', path: 'not found on the page', confidence: 0 };
      } else missing.push(here);
    }
  }
  if (missing.length) {
    if (atRoot) throw new MissingRequired(missing);
    return NOT_FOUND;
  }
  return out;
}

/** Whether a property asks for the thing's own name or title (not an author's, a company's). */
function namesTheThing(name: string, schema: Obj): boolean {
  const match = pathsFor(
    name,
    typeof schema.title === 'string' ? schema.title : undefined,
    typeof schema.description === 'string' ? schema.description : undefined,
  ).find((m) => m.quality < 1);
  return !!match && (match.path === 'name' || match.path === 'headline' || match.path === 'title');
}

/** A name without the decorations the page's heading does without (titles.ts), when still valid. */
function tidyName(value: string, schema: Obj, ctx: FillContext): string {
  const texts = (key: string) => (ctx.page.props.get(key) ?? []).map((v) => String(v.value));
  const authors = [...ctx.page.props.entries()]
    .filter(([key]) => /^(author|authors?|by|written by)$/i.test(key))
    .flatMap(([, values]) => values.map((v) => String(v.value)));
  // Markup that marks "Lord of the Rings" in "The <b>Lord of the Rings</b> is a trilogy by …":
  // the page's lead sentence writes the title with its article.
  const lead = texts('@work').find(
    (t) => /^(?:the|an?)\s/i.test(t) && t.replace(/^\S+\s+/, '').toLowerCase() === value.toLowerCase(),
  );
  const clean = lead ?? withoutShopDecorations(cleanTitle(value, texts('@heading'), texts('@site')), authors);
  return clean && clean !== value && validAt(schema, clean, ctx) ? clean : value;
}

/** Listing pages: several items of one type (product cards in microdata) fill an array of objects. */
function siblingGroups(schema: Obj, ctx: FillContext): Group[] {
  const items = asObject(ctx.compiled.resolve((schema.items ?? {}) as JsonSchema));
  if (!typesOf(items).includes('object')) return [];
  const byType = new Map<string, Entity[]>();
  for (const entity of ctx.entities) {
    const type = entity.types[0];
    if (!type || BOILERPLATE_TYPES.has(type)) continue;
    const list = byType.get(`${entity.source}:${type}`) ?? [];
    list.push(entity);
    byType.set(`${entity.source}:${type}`, list);
  }
  const groups: Group[] = [];
  const names = Object.keys(asObject(items.properties as JsonSchema));
  for (const [, list] of byType) {
    if (list.length < 2) continue;
    const first = list[0] as Entity;
    const coverage = names.filter((n) => pathsFor(n).some((m) => valuesAt(first, m.path).length)).length;
    if (coverage === 0) continue;
    groups.push({
      values: list.map((e) => ({ value: e, source: e.source, path: e.path })),
      confidence: SOURCE_CONFIDENCE[first.source] * 0.8 * (coverage / Math.max(1, names.length)),
    });
  }
  return groups.sort((a, b) => b.confidence - a.confidence);
}

export const BOILERPLATE_TYPES = new Set([
  'WebSite',
  'BreadcrumbList',
  'Breadcrumb',
  'SiteNavigationElement',
  'SearchAction',
  'EntryPoint',
  'ReadAction',
  'ListItem',
  'ImageObject',
  'WPHeader',
  'WPFooter',
  'WPSideBar',
  'Organization',
  'Person',
  'Offer',
  'AggregateRating',
  'Rating',
  'PostalAddress',
  'Brand',
  'HowToStep',
  'HowToSection',
  'NutritionInformation',
  'PropertyValue',
  'MonetaryAmount',
  'QuantitativeValue',
  'Country',
  'Place',
  'GeoCoordinates',
  'CollectionPage',
  'WebPageElement',
]);

const TYPE_WORDS: Record<string, string[]> = {
  product: ['Product', 'ProductGroup', 'IndividualProduct', 'Vehicle', 'Car'],
  recipe: ['Recipe'],
  article: [
    'Article',
    'NewsArticle',
    'BlogPosting',
    'ReportageNewsArticle',
    'TechArticle',
    'AnalysisNewsArticle',
    'OpinionNewsArticle',
    'ScholarlyArticle',
    'LiveBlogPosting',
  ],
  news: ['NewsArticle', 'ReportageNewsArticle', 'Article'],
  blog: ['BlogPosting', 'Article'],
  post: ['BlogPosting', 'Article', 'SocialMediaPosting', 'DiscussionForumPosting'],
  book: ['Book'],
  job: ['JobPosting'],
  event: [
    'Event',
    'MusicEvent',
    'SportsEvent',
    'TheaterEvent',
    'BusinessEvent',
    'EducationEvent',
    'Festival',
  ],
  movie: ['Movie'],
  course: ['Course'],
  video: ['VideoObject'],
  review: ['Review'],
  listing: ['ItemList', 'CollectionPage'],
  list: ['ItemList'],
  place: ['Place', 'LocalBusiness', 'Restaurant'],
  restaurant: ['Restaurant', 'LocalBusiness'],
  business: ['LocalBusiness', 'Organization'],
};

/** The entity the schema most likely describes: most properties filled, its type named by the schema. */
export function rankRoots(schema: Obj, ctx: FillContext): Entity[] {
  const props = Object.entries(asObject(schema.properties as JsonSchema));
  const text = `${typeof schema.title === 'string' ? schema.title : ''} ${typeof schema.description === 'string' ? schema.description : ''} ${props.map(([n]) => n).join(' ')}`;
  const named = new Set<string>();
  for (const word of tokens(text))
    for (const type of TYPE_WORDS[word] ?? TYPE_WORDS[word.replace(/s$/, '')] ?? []) named.add(type);
  const scored = ctx.entities.map((entity, index) => {
    let score = 0;
    for (const [name, raw] of props) {
      const sub = asObject(ctx.compiled.resolve(raw as JsonSchema));
      const matches = pathsFor(
        name,
        typeof sub.title === 'string' ? sub.title : undefined,
        typeof sub.description === 'string' ? sub.description : undefined,
      );
      if (matches.some((m) => valuesAt(entity, m.path).length)) score += 1;
    }
    if (entity.types.some((t) => named.has(t))) score += 3;
    if (entity.types.some((t) => BOILERPLATE_TYPES.has(t)) && !entity.types.some((t) => named.has(t)))
      score -= 2;
    if (entity.types.includes('WebPage') && !named.has('WebPage')) score -= 1;
    return {
      entity,
      score: score + (entity.source === 'json-ld' ? 0.2 : entity.source === 'microdata' ? 0.1 : 0),
      index,
    };
  });
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  const best = scored[0];
  if (!best || best.score <= 0.5) return [];
  const roots = [best.entity];
  // What a variant does not say, its group may (a ProductGroup's brand above its variant Product).
  for (let up = best.entity.parent; up && roots.length < 4; up = up.parent) {
    if (!up.types.some((t) => BOILERPLATE_TYPES.has(t))) roots.push(up);
  }
  // The same thing in another source (a microdata Product beside the JSON-LD one) backs it up.
  for (const source of ['json-ld', 'microdata', 'rdfa'] as SourceKind[]) {
    if (source === best.entity.source) continue;
    const same = scored.find(
      (s) =>
        s.entity.source === source &&
        s.score > 0.5 &&
        s.entity.types.some((t) => best.entity.types.includes(t)),
    );
    if (same) roots.push(same.entity);
  }
  return roots;
}

export { NOT_FOUND };
