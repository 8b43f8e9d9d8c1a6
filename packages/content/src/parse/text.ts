import type { Node } from './nodes';

/** Elements whose content is never page text. */
const RAW_TEXT_TAGS = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'textarea', 'xmp']);

export function isRawTextTag(tag: string): boolean {
  return RAW_TEXT_TAGS.has(tag);
}

/** Concatenated text, skipping script-like content. */
export function textContent(node: Node): string {
  if (node.type === 3) return node.text;
  if (RAW_TEXT_TAGS.has(node.tag)) return '';
  let out = '';
  for (const child of node.children) out += child.type === 3 ? child.text : textContent(child);
  return out;
}

const NON_SPACE = /\S/;

/**
 * Whether `textContent(node).trim()` is non-empty, found without building the text: stops at the
 * first text node with a character other than whitespace (`\S` and `trim` agree on whitespace).
 */
export function hasText(node: Node): boolean {
  if (node.type === 3) return NON_SPACE.test(node.text);
  if (RAW_TEXT_TAGS.has(node.tag)) return false;
  for (const child of node.children) if (hasText(child)) return true;
  return false;
}

/** All descendant text, including script-like content (for JSON-LD bodies). */
export function rawText(node: Node): string {
  if (node.type === 3) return node.text;
  let out = '';
  for (const child of node.children) out += rawText(child);
  return out;
}

const WS_RUN = /\s+/g;

/** Text with whitespace runs collapsed to one space and ends trimmed (what a reader sees). */
export function innerText(node: Node): string {
  return textContent(node).replace(WS_RUN, ' ').trim();
}
