import { attributesObject, Elem, type Node, Text } from './nodes';

export function removeNode(node: Node): void {
  const parent = node.parent;
  if (!parent) return;
  const i = parent.children.indexOf(node);
  if (i >= 0) parent.children.splice(i, 1);
  node.parent = null;
}

export function replaceNode(old: Node, replacement: Node): void {
  const parent = old.parent;
  if (!parent) return;
  const i = parent.children.indexOf(old);
  if (i < 0) return;
  parent.children[i] = replacement;
  replacement.parent = parent;
  old.parent = null;
}

export function appendChild(parent: Elem, child: Node): void {
  if (child.parent) removeNode(child);
  child.parent = parent;
  parent.children.push(child);
}

/** Moves all children of `el` into its parent at its position, removing `el`. */
export function unwrap(el: Elem): void {
  const parent = el.parent;
  if (!parent) return;
  const i = parent.children.indexOf(el);
  for (const child of el.children) child.parent = parent;
  parent.children.splice(i, 1, ...el.children);
  el.children = [];
  el.parent = null;
}

export function cloneNode(node: Node, parent: Elem | null = null): Node {
  if (node.type === 3) {
    const text = new Text(node.text, parent);
    text.shape = node.shape;
    text.shaped = node.shaped;
    return text;
  }
  const el = new Elem(node.tag, Object.assign(attributesObject(), node.attrs), parent);
  // Filled in place: a first store to `children` after construction makes V8 deoptimize every
  // compiled walk of the tree that relied on the field never changing.
  for (const child of node.children) el.children.push(cloneNode(child, el));
  return el;
}
