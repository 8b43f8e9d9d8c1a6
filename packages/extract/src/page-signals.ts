import { type Elem, findAll, innerText, type UrlResolver } from '@webcapture/content';
import { bylines, creativeWorkSentence, pageDates, type WorkSentence } from './bylines';
import { addValue, type Entity, newEntity, type SourceKind } from './page-model';
import {
  BLOCKS,
  buyButtons,
  cityOfPlace,
  markedFields,
  nextSibling,
  ratingText,
  textLines,
} from './text-lines';
import { firstLine, isSiteName, siteNames, withoutSiteName } from './titles';

/** Meta tags (OpenGraph, Twitter, Dublin Core, article:, product:, plain names) → schema.org names. */
const META_NAMES: Record<string, string[]> = {
  'og:title': ['name', 'headline'],
  'twitter:title': ['name', 'headline'],
  'dc.title': ['name', 'headline'],
  'dcterms.title': ['name', 'headline'],
  'og:description': ['description'],
  description: ['description'],
  'twitter:description': ['description'],
  'dc.description': ['description'],
  'dcterms.description': ['description'],
  'og:image': ['image'],
  'og:image:url': ['image'],
  'og:image:secure_url': ['image'],
  'twitter:image': ['image'],
  'twitter:image:src': ['image'],
  'og:url': ['url'],
  'og:site_name': ['publisher', 'siteName'],
  'application-name': ['publisher'],
  'og:type': ['@type'],
  'article:published_time': ['datePublished'],
  'article:published': ['datePublished'],
  'og:published_time': ['datePublished'],
  'dc.date': ['datePublished'],
  datepublished: ['datePublished'],
  datecreated: ['datePublished'],
  datemodified: ['dateModified'],
  'dc.date.issued': ['datePublished'],
  'dcterms.date': ['datePublished'],
  'dcterms.created': ['datePublished'],
  date: ['datePublished'],
  pubdate: ['datePublished'],
  'publish-date': ['datePublished'],
  publishdate: ['datePublished'],
  'sailthru.date': ['datePublished'],
  'parsely-pub-date': ['datePublished'],
  'article:modified_time': ['dateModified'],
  'og:updated_time': ['dateModified'],
  'dcterms.modified': ['dateModified'],
  author: ['author'],
  'article:author': ['author'],
  'dc.creator': ['author'],
  'dcterms.creator': ['author'],
  byl: ['author'],
  'parsely-author': ['author'],
  'sailthru.author': ['author'],
  'twitter:creator': ['author'],
  keywords: ['keywords'],
  news_keywords: ['keywords'],
  'article:tag': ['keywords'],
  'article:section': ['articleSection'],
  'product:price:amount': ['price'],
  'og:price:amount': ['price'],
  'product:price:currency': ['priceCurrency'],
  'og:price:currency': ['priceCurrency'],
  'product:availability': ['availability'],
  'og:availability': ['availability'],
  'product:brand': ['brand'],
  'og:brand': ['brand'],
  'product:retailer_item_id': ['sku'],
  'product:condition': ['itemCondition'],
  'dc.language': ['inLanguage'],
  'dc.publisher': ['publisher'],
  'dc.subject': ['keywords'],
  'dc.identifier': ['identifier'],
};

const FORUM_LEAD_IN = /^\s*(?:view (?:topic|thread)|topic|thread)\s*[-–:|]\s*/i;
/** Labels of where something is: their "City ST" value also names the city. */
const PLACE_LABEL = /^(?:(?:job )?location|where|place|venue address)$/i;
/** Labels longer than this are sentences, not labels. */
const MAX_LABEL_CHARS = 40;
const MAX_VALUE_CHARS = 300;
const LABEL_TEXT = /^([^:\n]{2,40}?)\s*[:：]\s+(.{1,300})$/;

/**
 * Everything the page says outside schema.org items: meta tags, the title and main heading, and
 * the visible label–value pairs (definition lists, two-column rows, "Label: value" lines) and
 * lists under headings. Keys are schema.org names for meta, and the label's own text otherwise.
 */
export function pageEntity(doc: Elem, resolver: UrlResolver): Entity {
  const page = newEntity(['WebPage'], 'page', 'page');
  const add = (key: string, value: string, source: SourceKind, path: string) => {
    // Direction marks and zero-width spaces pad some shops' label values ("Publisher ‏ : ‎ Avery").
    const text = value
      .replace(/[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) return;
    addValue(page, key, { value: text, source, path });
    // "Location: Kirkland WA": the place a label gives is also a city, when a state follows it.
    const city = source !== 'meta' && PLACE_LABEL.test(key) ? cityOfPlace(text) : null;
    if (city) addValue(page, 'City', { value: city, source, path });
  };

  for (const meta of findAll(doc, (e) => e.tag === 'meta')) {
    const name = (meta.attrs.property ?? meta.attrs.name ?? meta.attrs.itemprop ?? '').toLowerCase().trim();
    const content = meta.attrs.content;
    if (!name || content === undefined) continue;
    const targets = META_NAMES[name];
    if (!targets) continue;
    const attr = meta.attrs.property ? 'property' : 'name';
    const resolved =
      targets[0] === 'image' || targets[0] === 'url' ? (resolver.resolve(content) ?? content) : content;
    for (const key of targets) add(key, resolved, 'meta', `meta[${attr}=${name}]`);
  }
  const canonical = findAll(doc, (e) => e.tag === 'link' && /\bcanonical\b/i.test(e.attrs.rel ?? ''))[0];
  if (canonical) add('url', resolver.resolve(canonical.attrs.href) ?? '', 'meta', 'link[rel=canonical]');
  const lang = findAll(doc, (e) => e.tag === 'html')[0]?.attrs.lang;
  if (lang) add('inLanguage', lang, 'meta', 'html[lang]');

  const title = findAll(doc, (e) => e.tag === 'title')[0];
  const titleText = title ? innerText(title) : '';
  const sites = siteNames(doc, resolver.pageHost);
  for (const site of sites) add('@site', site, 'page', 'site name');
  const h1 = mainHeading(doc, titleText, sites);
  const work = creativeWorkSentence(doc);
  if (work) add('@work', work.title, 'page', work.path);
  if (h1) {
    add('name', h1, 'heading', 'h1');
    add('headline', h1, 'heading', 'h1');
    add('@heading', h1, 'heading', 'h1');
  }
  if (titleText) {
    // Forum software puts its page kind first: "View topic - 2025-26 Season: MLS is Back!".
    const clean = withoutSiteName(titleText, sites).replace(FORUM_LEAD_IN, '');
    const text = clean !== titleText ? clean : (titleText.split(/\s+[|–—·»]\s+|\s+-\s+(?=[^-]+$)/)[0] ?? '');
    add('name', text, 'page', 'title');
    add('headline', text, 'page', 'title');
  } else if (!h1 && !page.props.has('name')) {
    // A bare page (a snippet, a feed item): its first sub-heading, else the work its lead sentence
    // names ("The Hobbit is a novel by …"), else its first line.
    const sub = findAll(doc, (e) => e.tag === 'h2' || e.tag === 'h3')[0];
    const line = sub ? innerText(sub) : (work?.title ?? firstLine(doc));
    const [source, path]: [SourceKind, string] = sub
      ? ['heading', sub.tag]
      : work
        ? ['page', work.path]
        : ['page', 'first line'];
    if (line) {
      add('name', line, source, path);
      add('headline', line, source, path);
    }
  }

  bylines(doc, page, sites, resolver, add);
  pageDates(doc, add);
  labelValuePairs(doc, add);
  headedLists(doc, add);
  pricesInText(doc, add);
  availabilityText(doc, add);
  textLines(doc, add);
  markedFields(doc, add);
  buyButtons(doc, add);
  firstImage(doc, resolver, add);
  bodyText(doc, add);
  if (work) workFacts(work, page, add);
  return page;
}

/** Label texts that name who wrote or when and by whom it was published. */
const AUTHOR_LABEL = /^(?:authors?|by|written by|writers?)$/i;
const PUBLISHED_LABEL = /^(?:publishers?|published(?: by| on)?|publication date|date published)$/i;

/**
 * What a work's lead sentence says of its makers, behind everything the page marks as such: the
 * authors only when the page has no byline, meta author or "Author:" label; the publisher and date
 * only when nothing else gives them (a sentence is the weakest place to read them).
 */
function workFacts(
  work: WorkSentence,
  page: Entity,
  add: (key: string, value: string, source: SourceKind, path: string) => void,
) {
  const labels = [...page.props.keys()];
  if (!page.props.has('author') && !labels.some((l) => AUTHOR_LABEL.test(l)))
    add('author', work.authors, 'page', work.path);
  if (labels.some((l) => PUBLISHED_LABEL.test(l))) return;
  if (work.publisher && !page.props.has('publisher')) add('publisher', work.publisher, 'page', work.path);
  if (work.date && !page.props.has('datePublished')) add('datePublished', work.date, 'page', work.path);
}

/** The h1 that names the page: of several, the one sharing most words with the <title>; never the site's logo. */
function mainHeading(doc: Elem, title: string, sites: string[]): string | null {
  const headings = findAll(doc, (e) => e.tag === 'h1')
    .map((e) => innerText(e))
    .filter((t) => t.length > 0 && t.length <= 300 && !isSiteName(t, sites));
  if (headings.length <= 1) return headings[0] ?? null;
  const titleWords = new Set(
    title
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 2),
  );
  let best = headings[0] ?? null;
  let bestScore = -1;
  for (const heading of headings) {
    const words = heading
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 2);
    const score = words.filter((w) => titleWords.has(w)).length / Math.max(1, words.length);
    if (score > bestScore) {
      bestScore = score;
      best = heading;
    }
  }
  return best;
}

const STOCK_WORDING = /\b(in stock|out of stock|sold out|available|unavailable|pre-?order|backorder)\b/i;

/** Stock wording in an element whose class or id says stock or availability. */
function availabilityText(
  doc: Elem,
  add: (key: string, value: string, source: SourceKind, path: string) => void,
) {
  for (const el of findAll(doc, (e) => /stock|availab/i.test(`${e.attrs.class ?? ''} ${e.attrs.id ?? ''}`))) {
    const text = innerText(el);
    if (text.length > 60) continue;
    const match = STOCK_WORDING.exec(text);
    if (match) {
      add(
        'availability',
        match[0],
        'text',
        `.${(el.attrs.class ?? el.attrs.id ?? '').split(/\s+/)[0]} "${text.slice(0, 40)}"`,
      );
      return;
    }
  }
}

/** Image files and words that are a site's furniture, not the page's picture. */
const FURNITURE =
  /logo|icon|avatar|sprite|spinner|pixel|badge|banner|placeholder|blank|spacer|flag|\.svg(?:$|\?)/i;
const FURNITURE_PLACES = new Set(['header', 'nav', 'footer', 'aside', 'noscript']);
const MIN_IMAGE_SIDE = 100;

/**
 * The first picture of the page's content, behind the meta images: an <img> outside the header,
 * navigation and footer that is no logo, icon or tracking pixel and not drawn small.
 */
function firstImage(
  doc: Elem,
  resolver: UrlResolver,
  add: (key: string, value: string, source: SourceKind, path: string) => void,
) {
  for (const img of findAll(doc, (e) => e.tag === 'img')) {
    const src = img.attrs.src ?? img.attrs['data-src'] ?? '';
    if (
      !src ||
      src.startsWith('data:') ||
      FURNITURE.test(`${src} ${img.attrs.class ?? ''} ${img.attrs.alt ?? ''}`)
    )
      continue;
    const sides = [img.attrs.width, img.attrs.height].map((v) => Number.parseInt(v ?? '', 10));
    if (sides.some((n) => Number.isFinite(n) && n < MIN_IMAGE_SIDE)) continue;
    let inFurniture = false;
    for (let up = img.parent; up && !inFurniture; up = up.parent) inFurniture = FURNITURE_PLACES.has(up.tag);
    if (inFurniture) continue;
    const url = resolver.resolve(src);
    if (url) add('image', url, 'page', 'img');
    return;
  }
}

function labelKey(text: string): string {
  return text
    .replace(/[:：]\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function labelValuePairs(
  doc: Elem,
  add: (key: string, value: string, source: SourceKind, path: string) => void,
) {
  for (const dl of findAll(doc, (e) => e.tag === 'dl')) {
    let label: string | null = null;
    for (const child of dl.children) {
      if (child.type !== 1) continue;
      const items = child.tag === 'div' ? child.children.filter((c): c is Elem => c.type === 1) : [child];
      for (const item of items) {
        if (item.tag === 'dt') label = labelKey(innerText(item));
        else if (item.tag === 'dd' && label && label.length <= MAX_LABEL_CHARS) {
          const value = innerText(item);
          if (value.length <= MAX_VALUE_CHARS) add(label, value, 'label', `dt "${label}"`);
        }
      }
    }
  }
  for (const row of findAll(doc, (e) => e.tag === 'tr')) {
    const cells = row.children.filter((c): c is Elem => c.type === 1 && (c.tag === 'td' || c.tag === 'th'));
    if (cells.length !== 2) continue;
    const [head, cell] = cells as [Elem, Elem];
    const label = labelKey(innerText(head));
    const value = innerText(cell);
    if (label && label.length <= MAX_LABEL_CHARS && value && value.length <= MAX_VALUE_CHARS) {
      add(label, value, 'table', `tr "${label}"`);
    }
  }
  let rated = false;
  for (const el of findAll(
    doc,
    (e) => e.tag === 'li' || e.tag === 'p' || e.tag === 'div' || e.tag === 'span',
  )) {
    if (el.children.some((c) => c.type === 1 && BLOCKS.has(c.tag))) {
      boldLabelBeforeBlock(el, add);
      continue;
    }
    const text = innerText(el);
    if (text.length > MAX_LABEL_CHARS + MAX_VALUE_CHARS + 2) continue;
    // "<span>4</span> stars - <span>33</span> reviews": the first such element only (the next
    // are reviews' own stars).
    if (!rated && ratingText(text.replace(/\s+/g, ' ').trim(), add)) {
      rated = true;
      continue;
    }
    const first = el.children.find((c) => c.type === 1 || c.text.trim());
    // <li><strong>Brand</strong> Acme</li>: a bold lead-in is a label even without a colon.
    if (
      first &&
      first.type === 1 &&
      (first.tag === 'strong' || first.tag === 'b' || first.tag === 'span' || first.tag === 'label')
    ) {
      const label = labelKey(innerText(first));
      const rest = text.slice(innerText(first).length).replace(/^\s*[:：-]?\s*/, '');
      if (
        label &&
        rest &&
        label.length <= MAX_LABEL_CHARS &&
        rest.length <= MAX_VALUE_CHARS &&
        label !== text
      ) {
        add(label, rest, 'label', `"${label}: ${rest.slice(0, 40)}"`);
        continue;
      }
    }
    const match = LABEL_TEXT.exec(text);
    if (match?.[1] && match[2] && !/https?$/i.test(match[1])) {
      add(labelKey(match[1]), match[2], 'text', `"${text.slice(0, 60)}"`);
    }
  }
}

const BOLD = new Set(['strong', 'b']);

/**
 * "<strong>Venue:</strong> Azrieli Studio <div>1 Elgin Street …</div>": a bold label ending in a
 * colon, then its value written before the element's first block (the block is another field).
 */
function boldLabelBeforeBlock(
  el: Elem,
  add: (key: string, value: string, source: SourceKind, path: string) => void,
) {
  const first = el.children.find((c) => c.type === 1 || c.text.trim());
  if (first?.type !== 1 || !BOLD.has(first.tag)) return;
  const labelText = innerText(first);
  if (!/[:：]\s*$/.test(labelText)) return;
  let value = '';
  for (const child of el.children.slice(el.children.indexOf(first) + 1)) {
    if (child.type === 1 && BLOCKS.has(child.tag)) break;
    value += child.type === 1 ? innerText(child) : child.text;
  }
  const label = labelKey(labelText);
  value = value.replace(/\s+/g, ' ').trim();
  if (label && value && label.length <= MAX_LABEL_CHARS && value.length <= MAX_VALUE_CHARS)
    add(label, value, 'label', `"${label}: ${value.slice(0, 40)}"`);
}

const HEADINGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

/** A list right after a heading ("Ingredients", "Features") belongs to the heading's words. */
function headedLists(doc: Elem, add: (key: string, value: string, source: SourceKind, path: string) => void) {
  for (const heading of findAll(doc, (e) => HEADINGS.has(e.tag))) {
    const label = labelKey(innerText(heading));
    if (!label || label.length > 60) continue;
    let sibling = nextSibling(heading);
    // Ascend once: the heading is often wrapped (<div><h2>…</h2></div><ul>…).
    if (!sibling && heading.parent) sibling = nextSibling(heading.parent);
    for (let hops = 0; sibling && hops < 3; hops++) {
      const list =
        sibling.tag === 'ul' || sibling.tag === 'ol'
          ? sibling
          : HEADINGS.has(sibling.tag)
            ? null
            : findAll(sibling, (e) => e.tag === 'ul' || e.tag === 'ol')[0];
      if (HEADINGS.has(sibling.tag)) break;
      if (list) {
        for (const li of list.children) {
          if (li.type === 1 && li.tag === 'li') {
            // Checkbox and bullet glyphs recipe plugins put before each item are no part of it.
            const text = innerText(li).replace(/^[▢☐□■●•·✓✔◦▪*–-]\s*/u, '');
            if (text && text.length <= 500) add(label, text, 'list', `list under "${label}"`);
          }
        }
        break;
      }
      sibling = nextSibling(sibling);
    }
  }
}

const PRICE_TEXT =
  /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CAD|AUD|CHF|JPY|INR)\b)\s?\d[\d.,\s]*\d|\d[\d.,]*\s?(?:[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|kr|zł)\b)/;

/** Prices as shown: the first price-looking text in an element whose class or id says price. */
function pricesInText(
  doc: Elem,
  add: (key: string, value: string, source: SourceKind, path: string) => void,
) {
  let found = 0;
  for (const el of findAll(doc, (e) => /price/i.test(`${e.attrs.class ?? ''} ${e.attrs.id ?? ''}`))) {
    if (/old|was|strike|compare|regular|original|save/i.test(el.attrs.class ?? '')) continue;
    const text = innerText(el);
    if (text.length > 80) continue;
    const match = PRICE_TEXT.exec(text);
    if (match) {
      add(
        'price',
        match[0].trim(),
        'text',
        `.${(el.attrs.class ?? el.attrs.id ?? '').split(/\s+/)[0]} "${match[0].trim()}"`,
      );
      if (++found >= 3) return;
    }
  }
}

/** The page's running text: paragraphs of the article (or main, or body). */
function bodyText(doc: Elem, add: (key: string, value: string, source: SourceKind, path: string) => void) {
  const scope =
    findAll(doc, (e) => e.tag === 'article')[0] ??
    findAll(doc, (e) => e.tag === 'main' || e.attrs.role === 'main')[0] ??
    findAll(doc, (e) => e.tag === 'body')[0];
  if (!scope) return;
  const paragraphs = findAll(scope, (e) => e.tag === 'p')
    .map((p) => innerText(p))
    .filter((t) => t.length >= 40);
  if (paragraphs.length) {
    add('articleBody', paragraphs.join('\n\n'), 'text', `${scope.tag} paragraphs`);
    add('description', paragraphs[0] ?? '', 'text', `${scope.tag} first paragraph`);
  }
}
