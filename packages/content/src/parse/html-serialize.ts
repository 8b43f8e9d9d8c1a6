import type { Elem, Node } from './nodes';
import type { UrlResolver } from './url-resolver';

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
const URL_ATTRS = new Set([
  'href',
  'src',
  'action',
  'poster',
  'cite',
  'background',
  'longdesc',
  'formaction',
]);

function escapeText(s: string): string {
  return /[&<>\u00a0]/.test(s)
    ? s.replace(/[&<>\u00a0]/g, (c) =>
        c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&nbsp;',
      )
    : s;
}

function escapeAttr(s: string): string {
  return /[&"\u00a0]/.test(s)
    ? s.replace(/[&"\u00a0]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&nbsp;'))
    : s;
}

function absolutizeSrcset(value: string, resolver: UrlResolver): string {
  return value
    .split(',')
    .map((part) => {
      const [url, ...descriptor] = part.trim().split(/\s+/);
      const abs = url ? resolver.resolve(url) : null;
      return abs ? [abs, ...descriptor].join(' ') : part.trim();
    })
    .join(', ');
}

/** Serializes a tree back to HTML with every URL attribute made absolute. */
export function serializeHtml(root: Elem, resolver: UrlResolver): string {
  const out: string[] = [];
  const write = (node: Node): void => {
    if (node.type === 3) {
      out.push(escapeText(node.text));
      return;
    }
    const tag = node.tag;
    if (tag === '#document') {
      out.push('<!DOCTYPE html>');
      for (const c of node.children) write(c);
      return;
    }
    let open = `<${tag}`;
    for (const name in node.attrs) {
      let value = node.attrs[name] as string;
      if (URL_ATTRS.has(name)) value = resolver.resolve(value) ?? value;
      else if (name === 'srcset') value = absolutizeSrcset(value, resolver);
      open += value === '' ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`;
    }
    out.push(`${open}>`);
    if (VOID.has(tag)) return;
    for (const c of node.children) write(c);
    out.push(`</${tag}>`);
  };
  write(root);
  return out.join('');
}
