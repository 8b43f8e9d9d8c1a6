import type { Collected } from './collected';
import { decodeEntities } from './entities';

/** schema.org types of a forum thread or a Q&A page, whose replies are the page's content. */
export const DISCUSSION_TYPE = /\b(?:DiscussionForumPosting|QAPage)\b/;

/** schema.org types of one product for sale, and of a page listing several things. */
export const PRODUCT_TYPE = /schema\.org\/(?:Product|ProductGroup|IndividualProduct)\b/;

const PRODUCT_LD_TYPE =
  /"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?(?:Product|ProductGroup|IndividualProduct)"/g;

const OFFERS = /"offers"\s*:/;

export const LIST_TYPE = /\b(?:ItemList|CollectionPage|OfferCatalog|SearchResultsPage)\b/;

export function readItemType(itemtype: string, c: Collected): void {
  if (DISCUSSION_TYPE.test(itemtype)) c.discussionItem = true;
  if (PRODUCT_TYPE.test(itemtype)) c.productItems++;
  if (LIST_TYPE.test(itemtype)) c.listItem = true;
}

/**
 * The page declares itself one product's page: OpenGraph `product`, or schema.org Product in
 * JSON-LD or microdata — and no list of items (ItemList, CollectionPage…) nor several products
 * (a category page marks up each of its cards).
 */
export function declaresProduct(c: Collected): boolean {
  if (c.listItem || c.productItems > 1 || c.jsonLd.some((j) => LIST_TYPE.test(j))) return false;
  // A Product without offers is a service or a business dressed up for rating stars.
  const ldProducts = c.jsonLd.reduce((n, j) => n + (OFFERS.test(j) ? ldProductCount(j) : 0), 0);
  if (ldProducts > 1) return false;
  return ldProducts === 1 || c.productItems === 1 || OG_PRODUCT.test(c.ogType);
}

/** schema.org types of one product as JSON-LD writes them (`"Product"`, `"https://schema.org/ProductGroup"`). */
const PRODUCT_LD_NAME = /^(?:https?:\/\/schema\.org\/)?(?:Product|ProductGroup|IndividualProduct)$/;

function isProductObject(o: Record<string, unknown>): boolean {
  const t = o['@type'];
  if (typeof t === 'string') return PRODUCT_LD_NAME.test(t);
  return Array.isArray(t) && t.some((x) => typeof x === 'string' && PRODUCT_LD_NAME.test(x));
}

function findProductObject(v: unknown): Record<string, unknown> | null {
  if (Array.isArray(v)) {
    for (const item of v) {
      const hit = findProductObject(item);
      if (hit) return hit;
    }
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (isProductObject(o)) return o;
  if (Array.isArray(o['@graph'])) return findProductObject(o['@graph']);
  return null;
}

/**
 * The description a JSON-LD Product gives, as text: shops write the product's own copy there,
 * where their meta description is often a line of marketing for search results. Only the blocks
 * declaring a product are parsed.
 */
export function productDescription(scripts: string[]): string | null {
  for (const raw of scripts) {
    if (!OFFERS.test(raw) || ldProductCount(raw) === 0) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      continue;
    }
    const description = findProductObject(parsed)?.description;
    if (typeof description === 'string' && description.trim())
      return decodeEntities(description.replace(/<[^>]*>/g, ' ')).trim();
  }
  return null;
}

/**
 * OpenGraph's types of one product (`product`, `og:product`, `product.item`, a site's `x:product`);
 * `product.group` is a group of products, which category pages declare.
 */
const OG_PRODUCT = /^(?:[\w-]+:)?product(?:\.item)?$/;

const PRODUCT_GROUP_LD_TYPE = /"@type"\s*:\s*\[?\s*"(?:https?:\/\/schema\.org\/)?ProductGroup"/g;

/** Products a JSON-LD block declares: a ProductGroup is one product, its variants (`hasVariant`) included. */
function ldProductCount(json: string): number {
  const groups = json.match(PRODUCT_GROUP_LD_TYPE)?.length ?? 0;
  return groups > 0 ? groups : (json.match(PRODUCT_LD_TYPE)?.length ?? 0);
}
