import { processHtml } from '@webcapture/content';
import { selectAll } from 'css-select';
import render from 'dom-serializer';
import type { AnyNode, Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';

function detach(node: AnyNode): void {
  const siblings = node.parent?.children;
  if (siblings) siblings.splice(siblings.indexOf(node as never), 1);
  node.parent = null;
}

/**
 * A `selector` target's text: the elements `include` matches (the whole body when it is empty),
 * without what `exclude` matches inside them, as markdown (raw mode: the caller chose the region,
 * so no article extraction second-guesses it).
 */
export function selectedMarkdown(
  html: string,
  url: string,
  selector: { include: readonly string[]; exclude: readonly string[] },
): string {
  const document = parseDocument(html);
  for (const selectorText of selector.exclude)
    for (const hit of selectAll(selectorText, document)) detach(hit);
  const chosen: Element[] = selector.include.flatMap((selectorText) =>
    selectAll<AnyNode, Element>(selectorText, document),
  );
  const body = selector.include.length ? chosen.map((el) => render(el)).join('\n') : render(document);
  if (!body.trim()) return '';
  return (
    processHtml(`<html><body>${body}</body></html>`, { url, outputs: ['markdown'], mode: 'raw' }).markdown ??
    ''
  );
}
