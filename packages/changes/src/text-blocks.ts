import type { IgnoreRules } from './ignore-patterns';
import { normaliseLine } from './normalise-text';

/**
 * Compared text as blocks: a line of prose, or a list (or table body) whose items are kept as a
 * set, so a shuffled "trending" list or re-ordered rows compare the same.
 */
export type TextBlock = { line: string } | { items: string[] };

const LIST_ITEM = /^\s*(?:[-*+]|\d{1,3}[.)])\s+/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|[\s:|-]+\|\s*$/;

/**
 * Splits markdown into normalised blocks. List markers (and ordered lists' numbers, which a
 * shuffle renumbers) are dropped from items; a table's header and rule stay lines of their own.
 */
export function textBlocks(markdown: string, ignore?: IgnoreRules): TextBlock[] {
  const blocks: TextBlock[] = [];
  let list: string[] | null = null;
  // The indentation of each item's marker in `list`: where an indented line belongs.
  let markers: number[] = [];
  let tableBody = false;
  const indentOf = (line: string) => line.length - line.trimStart().length;
  for (const raw of markdown.split('\n')) {
    const rule = TABLE_RULE.test(raw);
    const row = !rule && TABLE_ROW.test(raw);
    const item = LIST_ITEM.test(raw);
    const text = normaliseLine(ignore ? ignore.strip(raw) : raw).replace(LIST_ITEM, '');
    // Blank lines between items (a loose list) keep the list going.
    if (!text) continue;
    // An indented line under an item (its image, title and text on lines of their own) belongs to
    // that item, so a shuffle moves it with the item: the last item whose marker is indented less
    // (text after a nested list belongs to the item holding the list, not to its last sub-item).
    if (list && !tableBody && !item && /^\s{2,}\S/.test(raw)) {
      const indent = indentOf(raw);
      const owner = markers.findLastIndex((marker) => marker < indent);
      list[owner < 0 ? list.length - 1 : owner] += ` ${text}`;
      continue;
    }
    if ((row && tableBody) || (item && list && !tableBody)) {
      list?.push(text);
      if (item) markers.push(indentOf(raw));
      continue;
    }
    if (item) {
      list = [text];
      markers = [indentOf(raw)];
      tableBody = false;
      blocks.push({ items: list });
      continue;
    }
    blocks.push({ line: text });
    // A table's body rows (after its header and rule) form one set.
    list = rule ? [] : null;
    tableBody = rule;
    if (list) blocks.push({ items: list });
  }
  return blocks.filter((block) => !('items' in block) || block.items.length > 0);
}

/** The blocks as lines, list items sorted within their list: the text the diff is taken over. */
export function canonicalLines(
  blocks: readonly TextBlock[],
  mask: (line: string) => string | null,
): string[] {
  const lines: string[] = [];
  for (const block of blocks) {
    if ('line' in block) {
      const masked = mask(block.line);
      if (masked !== null) lines.push(masked);
      continue;
    }
    // Masked as the line it is compared as (`- item`): what is learnt from the compared lines then fits it.
    const items = block.items
      .map((item) => mask(`- ${item}`))
      .filter((item): item is string => item !== null);
    lines.push(...items.sort());
  }
  return lines;
}
