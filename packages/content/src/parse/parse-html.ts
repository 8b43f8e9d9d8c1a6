import { Parser } from 'htmlparser2';
import { Elem, type Node, Text } from './nodes';
import { findFirst, isWithin } from './query';
import { FastTokenizer } from './tokenizer';
import { TreeBuilder } from './tree-builder';
import { removeNode } from './tree-edit';

/**
 * Parses HTML into an Elem tree rooted at a synthetic `#document` element. Comments are dropped.
 * `fast: false` uses htmlparser2's own tokenizer and Parser (the tests check both build the same tree,
 * but for a `<![CDATA[` in HTML content, which only the fast tokenizer ends at `>` as browsers do).
 */
export function parseHtml(html: string, fast = true): Elem {
  const built = fast ? buildTree(html) : parseWithHtmlparser2(html);
  const root = built.root;
  parsedBase.set(root, built.base);
  if (built.bodies.length > 1) mergeBodies(built.bodies);
  parsedContainers.set(root, built.containers);
  return root;
}

type Built = Pick<TreeBuilder, 'root' | 'base' | 'bodies' | 'containers'>;

function buildTree(html: string): Built {
  const builder = new TreeBuilder(html);
  const inForeignContent = html.includes('<![CDATA[') ? () => builder.inForeignContent() : null;
  const tokenizer = new FastTokenizer({ decodeEntities: true }, builder, inForeignContent);
  if (html) tokenizer.write(html);
  tokenizer.end();
  return builder;
}

function parseWithHtmlparser2(html: string): Built {
  const built: Built = { root: new Elem('#document', {}, null), base: null, bodies: [], containers: [] };
  let current = built.root;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const el = new Elem(name, attribs, current);
        current.children.push(el);
        current = el;
        if (built.base === null && name === 'base') built.base = el;
        else if (name === 'noscript' || name === 'template') built.containers.push(el);
        else if (name === 'body') built.bodies.push(el);
      },
      onclosetag() {
        if (current.parent) current = current.parent;
      },
      ontext(data) {
        const last = current.children[current.children.length - 1];
        if (last !== undefined && last.type === 3) last.text += data;
        else current.children.push(new Text(data, current));
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return built;
}

/**
 * A page that pastes a second document into its head (`<html><head>…<body>` before its own
 * `</head><body>`) opens several bodies; a browser makes them one. Their content is moved into
 * the first body outside any `<head>`, in document order, so the page's text is not left in a
 * body that findFirst never reaches.
 */
function mergeBodies(bodies: Elem[]): void {
  const inHead = (el: Elem): boolean => {
    for (let p = el.parent; p; p = p.parent) if (p.tag === 'head') return true;
    return false;
  };
  const target = bodies.find((b) => !inHead(b)) ?? (bodies[bodies.length - 1] as Elem);
  const before: Node[] = [];
  let seen = false;
  for (const body of bodies) {
    if (body === target) {
      seen = true;
      continue;
    }
    if (isWithin(body, target) || isWithin(target, body)) continue;
    const moved = body.children.splice(0);
    for (const child of moved) child.parent = target;
    if (seen) target.children.push(...moved);
    else before.push(...moved);
    removeNode(body);
  }
  target.children.unshift(...before);
}

/** The `<noscript>` and `<template>` elements of each document parseHtml built, in document order. */
const parsedContainers = new WeakMap<Elem, Elem[]>();

/**
 * The `<noscript>` and `<template>` elements of a tree from parseHtml, in document order, as they
 * were parsed (some may have been moved or detached since); null for other trees. Saves a walk of
 * the whole page to find what most pages have a few of.
 */
export function parsedNoscriptsAndTemplates(doc: Elem): readonly Elem[] | null {
  return parsedContainers.get(doc) ?? null;
}

/** The first `<base>` of each document parseHtml built, noted while parsing. */
const parsedBase = new WeakMap<Elem, Elem | null>();

/**
 * The document's first `<base>` element (document order, as `findFirst`) as it was parsed: for a
 * tree from parseHtml it is known without walking the whole page, which has none most often.
 */
export function baseElement(doc: Elem): Elem | null {
  const parsed = parsedBase.get(doc);
  return parsed !== undefined ? parsed : findFirst(doc, 'base');
}
