import { type Elem, findAll, innerText, rawText, type UrlResolver } from '@webcapture/content';
import { addValue, type Entity, newEntity, type PageValue, type SourceKind } from './page-model';

const MAX_JSON_LD_DEPTH = 12;

function typeNames(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list
    .filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^https?:\/\/schema\.org\//i, '').replace(/^schema:/, ''));
}

/** JSON-LD as sites write it: with HTML comments, CDATA, trailing commas or control characters. */
function parseJsonLd(text: string): unknown {
  const cleaned = text
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '')
    .trim();
  try {
    return JSON.parse(cleaned);
  } catch {
    try {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: raw control characters break JSON.parse.
      return JSON.parse(cleaned.replace(/,\s*([}\]])/g, '$1').replace(/[\u0000-\u001f]+/g, ' '));
    } catch {
      return undefined;
    }
  }
}

/** Every JSON-LD node with a @type, nested ones included, @graph flattened and @id links followed. */
export function jsonLdEntities(doc: Elem): Entity[] {
  const scripts = findAll(doc, (e) => e.tag === 'script' && /ld\+json/i.test(e.attrs.type ?? ''));
  const entities: Entity[] = [];
  const byId = new Map<string, Entity>();
  const pendingRefs: { entity: Entity; key: string; value: PageValue; id: string }[] = [];

  const toEntity = (node: Record<string, unknown>, path: string, depth: number): Entity => {
    const types = typeNames(node['@type']);
    const entity = newEntity(types, 'json-ld', path);
    if (typeof node['@id'] === 'string') entity.id = node['@id'];
    entities.push(entity);
    for (const [key, raw] of Object.entries(node)) {
      if (key === '@context' || key === '@type') continue;
      const values = Array.isArray(raw) ? raw : [raw];
      for (const item of values) addJsonValue(entity, key, item, `${path}.${key}`, depth);
    }
    if (entity.id && (types.length || !byId.has(entity.id))) byId.set(entity.id, entity);
    return entity;
  };

  const addJsonValue = (entity: Entity, key: string, item: unknown, path: string, depth: number) => {
    if (item === null || item === undefined) return;
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
      addValue(entity, key, {
        value: typeof item === 'string' ? decodeEntities(item) : item,
        source: 'json-ld',
        path,
      });
      return;
    }
    if (depth >= MAX_JSON_LD_DEPTH || typeof item !== 'object') return;
    if (Array.isArray(item)) {
      for (const inner of item) addJsonValue(entity, key, inner, path, depth + 1);
      return;
    }
    const node = item as Record<string, unknown>;
    if ('@value' in node) {
      addJsonValue(entity, key, node['@value'], path, depth + 1);
      return;
    }
    const keys = Object.keys(node);
    if (keys.length === 1 && typeof node['@id'] === 'string') {
      const value: PageValue = { value: node['@id'], source: 'json-ld', path };
      addValue(entity, key, value);
      pendingRefs.push({ entity, key, value, id: node['@id'] });
      return;
    }
    const child = toEntity(node, path, depth + 1);
    child.parent = entity;
    addValue(entity, key, { value: child, source: 'json-ld', path });
  };

  scripts.forEach((script, index) => {
    const parsed = parseJsonLd(rawText(script));
    const roots = Array.isArray(parsed) ? parsed : [parsed];
    for (const root of roots) {
      if (!root || typeof root !== 'object') continue;
      const node = root as Record<string, unknown>;
      const graph = node['@graph'];
      const nodes = Array.isArray(graph) ? graph : graph && typeof graph === 'object' ? [graph] : [node];
      for (const item of nodes) {
        if (item && typeof item === 'object' && !Array.isArray(item)) {
          const record = item as Record<string, unknown>;
          const name = typeNames(record['@type'])[0] ?? 'Thing';
          toEntity(record, scripts.length > 1 ? `${name}[ld${index}]` : name, 0);
        }
      }
    }
  });
  // {"@id": "..."} references (Yoast's @graph): the value becomes the node it names.
  for (const ref of pendingRefs) {
    const target = byId.get(ref.id);
    if (target && target !== ref.entity) ref.value.value = target;
  }
  return entities;
}

const ENTITY_MAP: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/** JSON-LD strings sometimes carry HTML entities and tags (WordPress recipe plugins). */
function decodeEntities(text: string): string {
  if (!/[&<]/.test(text)) return text;
  // Some sites encode twice ("L&amp;#8217;atelier"): a second pass finishes the job.
  return decodeOnce(decodeOnce(text));
}

function decodeOnce(text: string): string {
  if (!/[&<]/.test(text)) return text;
  return text
    .replace(/<[^>]{1,200}>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (all, code: string) => {
      const lower = code.toLowerCase();
      if (ENTITY_MAP[lower]) return ENTITY_MAP[lower];
      if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 32);
      if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)) || 32);
      return all;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The value of an itemprop / RDFa property element, by the HTML microdata rules. */
function elementValue(el: Elem, resolver: UrlResolver, rdfa: boolean): string {
  const a = el.attrs;
  if (rdfa && a.content !== undefined) return a.content;
  switch (el.tag) {
    case 'meta':
      return a.content ?? '';
    case 'audio':
    case 'embed':
    case 'iframe':
    case 'img':
    case 'source':
    case 'track':
    case 'video':
      return resolver.resolve(a.src) ?? a.src ?? '';
    case 'a':
    case 'area':
    case 'link':
      return resolver.resolve(a.href) ?? a.href ?? '';
    case 'object':
      return resolver.resolve(a.data) ?? '';
    case 'data':
    case 'meter':
      return a.value ?? innerText(el);
    case 'time':
      return a.datetime ?? innerText(el);
    default:
      return a.content ?? innerText(el);
  }
}

/** Microdata (itemscope/itemprop) and RDFa Lite (typeof/property) items, nested ones as values. */
export function markupEntities(doc: Elem, resolver: UrlResolver): Entity[] {
  const entities: Entity[] = [];
  const visit = (el: Elem, owner: { micro: Entity | null; rdfa: Entity | null }) => {
    let next = owner;
    const a = el.attrs;
    const microScope = a.itemscope !== undefined;
    const rdfaScope = a.typeof !== undefined && a.typeof !== '';
    let created: Entity | null = null;
    if (microScope) {
      created = makeEntity(a.itemtype ?? '', 'microdata', entities, owner.micro, a.itemprop);
      next = { ...next, micro: created };
    } else if (rdfaScope) {
      created = makeEntity(a.typeof ?? '', 'rdfa', entities, owner.rdfa, a.property);
      next = { ...next, rdfa: created };
    }
    const props = a.itemprop?.trim();
    if (props && owner.micro) {
      for (const name of props.split(/\s+/)) {
        const key = name.replace(/^https?:\/\/schema\.org\//i, '');
        const value: PageValue =
          microScope && created
            ? { value: created, source: 'microdata', path: `${owner.micro.path}.${key}` }
            : {
                value: elementValue(el, resolver, false),
                source: 'microdata',
                path: `${owner.micro.path}.${key}`,
              };
        addValue(owner.micro, key, value);
      }
    }
    const property = (a.property ?? '').trim();
    if (property && owner.rdfa && !/^(og|twitter|article|product|fb):/i.test(property)) {
      for (const name of property.split(/\s+/)) {
        const key = name.replace(/^(schema|https?:\/\/schema\.org\/):?/i, '');
        const value: PageValue =
          rdfaScope && created && !microScope
            ? { value: created, source: 'rdfa', path: `${owner.rdfa.path}.${key}` }
            : { value: elementValue(el, resolver, true), source: 'rdfa', path: `${owner.rdfa.path}.${key}` };
        addValue(owner.rdfa, key, value);
      }
    }
    for (const child of el.children) if (child.type === 1) visit(child, next);
  };
  visit(doc, { micro: null, rdfa: null });
  return entities;
}

/** A new item; nested under `owner` when its element is also a property of it (`itemprop="offers"`). */
function makeEntity(
  typeAttr: string,
  source: SourceKind,
  into: Entity[],
  owner: Entity | null,
  propAttr: string | undefined,
): Entity {
  const types = typeAttr
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => t.replace(/^.*[/#:]/, ''));
  const entity = newEntity(types, source, types[0] ?? 'Thing');
  const prop = propAttr?.trim().split(/\s+/)[0];
  if (prop && owner) {
    entity.path = `${owner.path}.${prop}`;
    entity.parent = owner;
  }
  into.push(entity);
  return entity;
}
