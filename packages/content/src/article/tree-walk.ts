import {
  Elem,
  elementChildren,
  findAll,
  hasText,
  isMainRegion,
  isRawTextTag,
  type Node,
  removeNode,
  replaceNode,
} from '../parse';
import { linkText, textLength } from '../text-measure';

export const DIV_TO_P_ELEMS = new Set(['blockquote', 'dl', 'div', 'img', 'ol', 'p', 'pre', 'table', 'ul']);

const PHRASING_ELEMS = new Set([
  'abbr',
  'audio',
  'b',
  'bdo',
  'br',
  'button',
  'cite',
  'code',
  'data',
  'datalist',
  'dfn',
  'em',
  'embed',
  'i',
  'img',
  'input',
  'kbd',
  'label',
  'mark',
  'math',
  'meter',
  'noscript',
  'object',
  'output',
  'progress',
  'q',
  'ruby',
  'samp',
  'script',
  'select',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'textarea',
  'time',
  'var',
  'wbr',
]);

export function linkDensity(el: Elem): number {
  const text = textLength(el);
  return text === 0 ? 0 : linkText(el) / text;
}

export function isPhrasingContent(node: Node): boolean {
  if (node.type === 3) return true;
  if (PHRASING_ELEMS.has(node.tag)) return true;
  return (
    (node.tag === 'a' || node.tag === 'del' || node.tag === 'ins') && node.children.every(isPhrasingContent)
  );
}

export function isWhitespace(node: Node): boolean {
  return node.type === 3 ? node.text.trim().length === 0 : node.tag === 'br';
}

export function hasSingleTagInside(el: Elem, tag: string): boolean {
  const kids = elementChildren(el);
  if (kids.length !== 1 || kids[0]?.tag !== tag) return false;
  return !el.children.some((n) => n.type === 3 && /\S$/.test(n.text));
}

export function hasChildBlockElement(el: Elem): boolean {
  return el.children.some((n) => n.type === 1 && (DIV_TO_P_ELEMS.has(n.tag) || hasChildBlockElement(n)));
}

export function isElementWithoutContent(el: Elem): boolean {
  if (hasText(el)) return false;
  const kids = elementChildren(el);
  if (kids.length === 0) return true;
  const breaks = findAll(el, (e) => e.tag === 'br' || e.tag === 'hr').length;
  return kids.length === breaks;
}

export function nextNode(node: Elem, ignoreSelfAndKids = false): Elem | null {
  if (!ignoreSelfAndKids) {
    const first = node.children.find((c) => c.type === 1);
    if (first) return first as Elem;
  }
  for (let n: Elem | null = node; n; n = n.parent) {
    const sib = nextElementSibling(n);
    if (sib) return sib;
  }
  return null;
}

function nextElementSibling(node: Node): Elem | null {
  const parent = node.parent;
  if (!parent) return null;
  const kids = parent.children;
  for (let i = kids.indexOf(node) + 1; i < kids.length; i++) {
    const k = kids[i];
    if (k?.type === 1) return k;
  }
  return null;
}

export function removeNodeAndGetNext(node: Elem): Elem | null {
  const next = nextNode(node, true);
  removeNode(node);
  return next;
}

export function setTag(el: Elem, tag: string): Elem {
  el.tag = tag;
  return el;
}

export function ancestors(node: Elem, maxDepth: number): Elem[] {
  const out: Elem[] = [];
  for (let p = node.parent; p && out.length < maxDepth; p = p.parent) out.push(p);
  return out;
}

/** Whether `a` comes before `b` in document order (neither contains the other). */
export function precedes(a: Elem, b: Elem): boolean {
  const pathA = [a, ...ancestors(a, 1000)].reverse();
  const pathB = [b, ...ancestors(b, 1000)].reverse();
  let i = 0;
  while (pathA[i] === pathB[i]) i++;
  const parent = pathA[i - 1];
  if (!parent) return false;
  return parent.children.indexOf(pathA[i] as Elem) < parent.children.indexOf(pathB[i] as Elem);
}

export function nextNonWhitespaceSibling(node: Node): Node | null {
  const parent = node.parent;
  if (!parent) return null;
  const kids = parent.children;
  for (let i = kids.indexOf(node) + 1; i < kids.length; i++) {
    const k = kids[i] as Node;
    if (k.type === 1 || k.text.trim()) return k;
  }
  return null;
}

/** Whether `el` is or lies in script-like content, which text measures leave out. */
export function inRawText(el: Elem): boolean {
  for (let p: Elem | null = el; p; p = p.parent) if (isRawTextTag(p.tag)) return true;
  return false;
}

/** Whether an element between `el` and `page` (both left out) is a main region. */
export function inMainRegion(el: Elem, page: Elem): boolean {
  for (let p = el.parent; p && p !== page; p = p.parent) if (isMainRegion(p)) return true;
  return false;
}

/** `<br><br>` runs mean paragraph breaks on old pages; turn them into real paragraphs. */
export function replaceBrs(brs: Elem[]): void {
  for (const br of brs) {
    if (!br.parent) continue;
    let next = nextNonWhitespaceSibling(br);
    let replaced = false;
    while (next && next.type === 1 && next.tag === 'br') {
      replaced = true;
      const after = nextNonWhitespaceSibling(next);
      removeNode(next);
      next = after;
    }
    if (!replaced) continue;
    const parent = br.parent;
    const p = new Elem('p', {}, null);
    replaceNode(br, p);
    const siblings = parent.children;
    const i = siblings.indexOf(p) + 1;
    while (i < siblings.length) {
      const sib = siblings[i] as Node;
      if (sib.type === 1 && sib.tag === 'br') {
        const nn = nextNonWhitespaceSibling(sib);
        if (nn && nn.type === 1 && nn.tag === 'br') break;
      }
      if (!isPhrasingContent(sib)) break;
      siblings.splice(i, 1);
      sib.parent = p;
      p.children.push(sib);
    }
    while (p.children.length && isWhitespace(p.children[p.children.length - 1] as Node)) p.children.pop();
    if (parent.tag === 'p') parent.tag = 'div';
  }
}
