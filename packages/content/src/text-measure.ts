import { type Elem, isRawTextTag, type Node } from './dom';

export interface TextMeasure {
  /** `innerText(el).length`: whitespace runs count as one character, ends trimmed. */
  text: number;
  /** Text length of the links inside (not counting `el` itself), in-page `#anchors` weighted 0.3. */
  link: number;
}

/** What `\s` matches, by UTF-16 code unit. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

export function linkWeight(a: Elem): number {
  const href = a.attrs.href;
  return href && /^#.+/.test(href) ? 0.3 : 1;
}

/**
 * Text and link lengths of every element under `root` from one walk, for link density. Asking each
 * element separately re-reads its whole subtree, and article scoring asks for hundreds of nested
 * candidates (up to the body): that was most of article mode's time. The walk lays the text out as
 * one whitespace-collapsed stream; an element's innerText is its slice of the stream without a
 * space at either end, which is exactly what collapsing and trimming its own text gives.
 */
export function measureTexts(root: Elem): Map<Elem, TextMeasure> {
  const measures = new Map<Elem, TextMeasure>();
  const spaceAt: boolean[] = [];
  let length = 0;
  let afterSpace = true;

  const visit = (el: Elem): TextMeasure => {
    const start = length;
    let link = 0;
    for (const child of el.children) {
      if (child.type === 3) appendText(child);
      else if (!isRawTextTag(child.tag)) {
        const inner = visit(child);
        link += inner.link + (child.tag === 'a' ? inner.text * linkWeight(child) : 0);
      }
    }
    let text = length - start;
    if (text > 0 && spaceAt[start]) text--;
    if (text > 0 && spaceAt[length - 1]) text--;
    const measure = { text, link };
    measures.set(el, measure);
    return measure;
  };

  const appendText = (node: Node & { type: 3 }): void => {
    const { text } = node;
    for (let i = 0; i < text.length; i++) {
      const space = isSpace(text.charCodeAt(i));
      if (space && afterSpace) continue;
      spaceAt[length++] = space;
      afterSpace = space;
    }
  };

  visit(root);
  return measures;
}
