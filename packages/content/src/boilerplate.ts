import {
  classAndId,
  cloneNode,
  type Elem,
  findAll,
  findFirst,
  findFirstWhere,
  innerText,
  isMainRegion,
  removeNode,
  textContent,
} from './parse';
import { isDataTable } from './table-kind';
import { PRUNED_CHROME_ROLES, PRUNED_CHROME_TAGS } from './tag-sets';

/*
 * Whole-page boilerplate pruning for llm mode. Unlike article extraction it keeps every content
 * region (listings, docs, product pages, tables) and removes only what is navigation or chrome.
 */

const CHROME_HINT =
  /(?:^|[\s_-])(?:nav|navbar|navigation|menu|breadcrumbs?|sidebar|footer|masthead|cookie|consent|gdpr|banner|social|share|sharing|newsletter|subscribe|related|recommended|promo|sponsor|advert|ads?|comments?|skip-link|pagination|pager|toolbar|popup|modal)(?:$|[\s_-])/i;
const CONTENT_HINT = /article|content|main|post|entry|story|body|text/i;
const LINK_DENSE = 0.5;
/** Titles are often links (blog posts, teasers); link density says nothing about them. */
const TITLE_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup']);

interface TextStats {
  text: number;
  link: number;
}

function gatherStats(el: Elem, stats: Map<Elem, TextStats>, inLink: boolean): TextStats {
  const s: TextStats = { text: 0, link: 0 };
  const isLink = inLink || el.tag === 'a';
  for (const c of el.children) {
    if (c.type === 3) {
      const n = c.text.trim().length;
      s.text += n;
      if (isLink) s.link += n;
    } else {
      const cs = gatherStats(c, stats, isLink);
      s.text += cs.text;
      s.link += cs.link;
    }
  }
  stats.set(el, s);
  return s;
}

export function isChrome(el: Elem): boolean {
  if (PRUNED_CHROME_TAGS.has(el.tag)) return true;
  const role = el.attrs.role;
  if (role && PRUNED_CHROME_ROLES.has(role)) return true;
  const hint = classAndId(el);
  return hint !== '' && CHROME_HINT.test(hint) && !CONTENT_HINT.test(hint);
}

/**
 * The page's declared main region when it holds most of the text; otherwise the body. Pages often
 * put the headline just above `<main>` (news sites mark only the article body): when the region
 * has no `<h1>` of its own, the page's first `<h1>` outside chrome is carried in at its top.
 */
function mainRegion(body: Elem): Elem {
  const mains = findAll(body, isMainRegion);
  if (mains.length !== 1) return body;
  const main = mains[0] as Elem;
  if (textContent(main).length < 0.3 * textContent(body).length) return body;
  if (!findFirst(main, 'h1')) {
    const headline = findFirstWhere(body, (e) => e.tag === 'h1' && !insideChrome(e) && innerText(e) !== '');
    if (headline) prependChild(main, cloneNode(headline) as Elem);
  }
  return main;
}

/** Inside something pruning would remove: chrome, or the page-level header. */
function insideChrome(el: Elem): boolean {
  for (let p = el.parent; p; p = p.parent) {
    if (isChrome(p) || (p.tag === 'header' && !hasContentAncestor(p))) return true;
  }
  return false;
}

function prependChild(parent: Elem, child: Elem): void {
  child.parent = parent;
  parent.children.unshift(child);
}

export function pruneBoilerplate(body: Elem): Elem {
  const root = mainRegion(body);
  removeChrome(root);
  // Link density is measured once the chrome is gone: a wrapper holding both a mega-menu and the
  // page's content is not navigation.
  const stats = new Map<Elem, TextStats>();
  gatherStats(root, stats, false);
  const visit = (el: Elem): void => {
    for (const c of el.children.slice()) {
      if (c.type !== 1) continue;
      const s = stats.get(c);
      if (
        s &&
        s.text > 0 &&
        s.link / s.text > LINK_DENSE &&
        !(c.tag === 'table' && isDataTable(c)) &&
        c.tag !== 'a' &&
        !TITLE_TAGS.has(c.tag) &&
        !isInlineLinkOnly(c)
      ) {
        removeNode(c);
        continue;
      }
      visit(c);
    }
  };
  visit(root);
  return root;
}

function removeChrome(el: Elem): void {
  for (const c of el.children.slice()) {
    if (c.type !== 1) continue;
    // Page headers carry the site name and menu; an article's own header keeps its title.
    if ((c.tag === 'header' && !hasContentAncestor(c)) || isChrome(c)) removeNode(c);
    else removeChrome(c);
  }
}

function hasContentAncestor(el: Elem): boolean {
  for (let p = el.parent; p; p = p.parent) if (p.tag === 'article' || p.tag === 'main') return true;
  return false;
}

/** A short inline wrapper around one link (a span, a `<p>` that is a single "Read more") is not navigation. */
function isInlineLinkOnly(el: Elem): boolean {
  return (
    (el.tag === 'span' || el.tag === 'strong' || el.tag === 'em' || el.tag === 'b') &&
    innerText(el).length < 80
  );
}
