// One parse per page: bytes to text (charset), text to our own tree (tokenizer, tree builder),
// the tree's queries, text and edits, and back to HTML (html-serialize).
export { decodeHtml } from './charset';
export { serializeHtml } from './html-serialize';
export { attributesObject, Elem, type Node, Text } from './nodes';
export { baseElement, parsedNoscriptsAndTemplates, parseHtml } from './parse-html';
export {
  bodyOf,
  classAndId,
  describeElement,
  elementChildren,
  findAll,
  findFirst,
  findFirstWhere,
  hasAncestor,
  isMainRegion,
  isWithin,
} from './query';
export { hasText, innerText, isRawTextTag, rawText, textContent } from './text';
export { appendChild, cloneNode, removeNode, replaceNode, unwrap } from './tree-edit';
export { UrlResolver } from './url-resolver';
