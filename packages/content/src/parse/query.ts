import type { Elem, Node } from './nodes';

/** Whether `el` is the page's declared main region: `<main>` or `role=main`. */
export function isMainRegion(el: Elem): boolean {
  return el.tag === 'main' || el.attrs.role === 'main';
}

/** Whether `node` is `root` or lies inside it (false once it has been removed from `root`). */
export function isWithin(node: Elem, root: Elem): boolean {
  for (let p: Elem | null = node; p; p = p.parent) if (p === root) return true;
  return false;
}

/** First descendant element with the tag, depth-first. */
export function findFirst(root: Elem, tag: string): Elem | null {
  for (const child of root.children) {
    if (child.type !== 1) continue;
    if (child.tag === tag) return child;
    const hit = findFirst(child, tag);
    if (hit) return hit;
  }
  return null;
}

/** First descendant element passing `test`, depth-first (`findAll(root, test)[0]` without walking on). */
export function findFirstWhere(root: Elem, test: (el: Elem) => boolean): Elem | null {
  for (const child of root.children) {
    if (child.type !== 1) continue;
    if (test(child)) return child;
    const hit = findFirstWhere(child, test);
    if (hit) return hit;
  }
  return null;
}

export function findAll(root: Elem, test: (el: Elem) => boolean, out: Elem[] = []): Elem[] {
  for (const child of root.children) {
    if (child.type !== 1) continue;
    if (test(child)) out.push(child);
    findAll(child, test, out);
  }
  return out;
}

/** The `<body>`, or the document itself for fragments. */
export function bodyOf(doc: Elem): Elem {
  return findFirst(doc, 'body') ?? doc;
}

export function hasAncestor(el: Node, tag: string, maxDepth = Number.POSITIVE_INFINITY): boolean {
  let depth = 0;
  for (let p = el.parent; p; p = p.parent) {
    if (depth++ >= maxDepth) return false;
    if (p.tag === tag) return true;
  }
  return false;
}

export function classAndId(el: Elem): string {
  const cls = el.attrs.class;
  const id = el.attrs.id;
  if (cls && id) return `${cls} ${id}`;
  return cls ?? id ?? '';
}

export function elementChildren(el: Elem): Elem[] {
  const out: Elem[] = [];
  for (const c of el.children) if (c.type === 1) out.push(c);
  return out;
}

/** A short CSS-like path (`table#prices.data`) identifying an element in warnings. */
export function describeElement(el: Elem): string {
  let s = el.tag;
  const id = el.attrs.id;
  if (id) s += `#${id.trim().split(/\s+/)[0]}`;
  const cls = el.attrs.class?.trim();
  if (cls) s += `.${cls.split(/\s+/).slice(0, 2).join('.')}`;
  return s;
}
