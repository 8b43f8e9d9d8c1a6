import { stem } from '@webcapture/content';
import { normKey } from './page-model';

/**
 * Words people name schema properties with → the schema.org paths that hold that thing, best
 * first. A path walks nested items (`offers.price`: the price of the first offer).
 */
const CONCEPTS: [triggers: string, paths: string][] = [
  [
    'name title headline productname producttitle recipename recipetitle eventname booktitle heading itemname articletitle',
    'name headline title alternativeHeadline',
  ],
  ['jobtitle position role', 'title name'],
  [
    'price amount cost currentprice saleprice priceamount value',
    'offers.price offers.lowPrice offers.priceSpecification.price price offers.highPrice',
  ],
  ['lowprice minprice', 'offers.lowPrice offers.price'],
  ['highprice maxprice', 'offers.highPrice offers.price'],
  [
    'currency pricecurrency currencycode',
    'offers.priceCurrency priceCurrency offers.priceSpecification.priceCurrency baseSalary.currency',
  ],
  [
    'author authors byline writer creator by authorname reporter journalist',
    'author.name author creator.name creator',
  ],
  [
    'date published publishdate publisheddate datepublished publishedat publishedon pubdate publicationdate releasedate posted postedat postdate created',
    'datePublished dateCreated uploadDate releaseDate datePosted startDate',
  ],
  ['updated modified datemodified lastupdated updatedat lastmodified', 'dateModified datePublished'],
  [
    'description summary desc abstract excerpt intro blurb synopsis overview about teaser',
    'description abstract alternativeHeadline',
  ],
  ['body content text articlebody articletext fulltext story', 'articleBody text'],
  [
    'image imageurl photo picture thumbnail mainimage img cover coverimage thumbnailurl images photos gallery',
    'image.url image.contentUrl image thumbnailUrl',
  ],
  ['url link canonical permalink pageurl href webpage', 'url mainEntityOfPage.@id mainEntityOfPage @id'],
  ['brand manufacturer make maker brandname', 'brand.name brand manufacturer.name manufacturer'],
  [
    'rating averagerating stars score ratingvalue reviewrating avgrating starrating',
    'aggregateRating.ratingValue reviewRating.ratingValue',
  ],
  [
    'reviewcount reviews numberofreviews ratingcount numreviews votes ratingscount reviewscount',
    'aggregateRating.reviewCount aggregateRating.ratingCount',
  ],
  ['bestrating maxrating', 'aggregateRating.bestRating'],
  ['sku productid itemid', 'sku offers.sku productID'],
  [
    'gtin ean upc barcode gtin13 gtin12 ean13',
    'gtin13 gtin gtin12 gtin14 gtin8 offers.gtin13 offers.gtin isbn',
  ],
  ['mpn partnumber modelnumber', 'mpn offers.mpn model'],
  ['isbn isbn13 isbn10', 'isbn workExample.isbn gtin13'],
  ['availability instock stock available stockstatus inventory', 'offers.availability availability'],
  ['condition itemcondition', 'offers.itemCondition itemCondition'],
  ['ingredients ingredient recipeingredient ingredientlist', 'recipeIngredient ingredients'],
  ['instructions steps directions method recipeinstructions preparation', 'recipeInstructions step'],
  ['preptime preparationtime prep', 'prepTime'],
  ['cooktime cookingtime cook', 'cookTime'],
  ['totaltime time duration readytime readyin', 'totalTime duration cookTime'],
  ['servings yield recipeyield serves portions makes', 'recipeYield yield'],
  ['calories energy kcal', 'nutrition.calories'],
  [
    'category categories section genre topic recipecategory articlesection',
    'recipeCategory articleSection category genre',
  ],
  ['cuisine recipecuisine', 'recipeCuisine'],
  ['keywords tags tag', 'keywords'],
  [
    'publisher site sitename source publication newspaper outlet',
    'publisher.name publisher sourceOrganization.name isPartOf.name',
  ],
  ['language lang inlanguage locale', 'inLanguage'],
  [
    'company employer hiringorganization organization hiringcompany',
    'hiringOrganization.name hiringOrganization organizer.name',
  ],
  ['venue venuename place placename', 'location.name location'],
  [
    'location city town joblocation locality',
    'address.addressLocality jobLocation.address.addressLocality location.address.addressLocality location.name jobLocation.address location',
  ],
  ['postalcode zip zipcode postcode', 'address.postalCode postalCode location.address.postalCode'],
  ['region state province', 'address.addressRegion location.address.addressRegion'],
  ['country', 'jobLocation.address.addressCountry location.address.addressCountry address.addressCountry'],
  [
    'salary pay compensation basesalary wage',
    'baseSalary.value.value baseSalary.value.minValue baseSalary.value estimatedSalary.value',
  ],
  ['employmenttype jobtype contract', 'employmentType'],
  ['startdate start begins starts eventdate when', 'startDate'],
  ['enddate end ends', 'endDate'],
  ['dateposted', 'datePosted datePublished'],
  ['validthrough deadline closingdate expires', 'validThrough'],
  ['organizer organiser host', 'organizer.name organizer'],
  ['pages numberofpages pagecount', 'numberOfPages'],
  ['format bookformat binding', 'bookFormat'],
  ['model', 'model mpn'],
  ['color colour', 'color'],
  ['weight', 'weight.value weight'],
  ['material', 'material'],
  ['offers offer', 'offers'],
  ['address streetaddress', 'address.streetAddress address'],
  ['telephone phone', 'telephone'],
  ['email', 'email'],
  ['products items results listings entries elements', 'itemListElement.item itemListElement hasPart'],
  ['reviewbody', 'reviewBody'],
  ['illustrator', 'illustrator.name'],
  ['edition', 'bookEdition'],
];

const TRIGGERS = new Map<string, string[]>();
for (const [triggers, paths] of CONCEPTS) {
  for (const trigger of triggers.split(' ')) {
    if (!TRIGGERS.has(trigger)) TRIGGERS.set(trigger, paths.split(' '));
  }
}

/** `recipeIngredient`, `recipe_ingredient`, `Recipe ingredient` → ["recipe", "ingredient"]. */
export function tokens(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export interface PathMatch {
  path: string;
  /** 1 for the property's own name, lower the further the match reaches. */
  quality: number;
}

/** What a property's words ask for: schema.org paths, best first. */
export function pathsFor(name: string, title?: string, description?: string): PathMatch[] {
  const out: PathMatch[] = [];
  const seen = new Set<string>();
  const push = (path: string, quality: number) => {
    if (seen.has(path)) return;
    seen.add(path);
    out.push({ path, quality });
  };
  const fromKey = (key: string, quality: number) => {
    const paths = TRIGGERS.get(key) ?? TRIGGERS.get(singular(key));
    if (paths) for (const path of paths) push(path, quality);
    return !!paths;
  };
  push(name, 1);
  fromKey(normKey(name), 0.95);
  if (title) fromKey(normKey(title), 0.9);
  const nameTokens = tokens(name);
  for (let i = 0; i + 1 < nameTokens.length; i++) fromKey(`${nameTokens[i]}${nameTokens[i + 1]}`, 0.9);
  // "product_price" → price; "author_name" → author; the last word usually names the thing —
  // unless it only says what form the thing takes ("lead_image_url" is an image given as a URL,
  // not the page's URL; "author_name" is the author's, not the page's, name).
  const things = nameTokens.filter(
    (t) => !FORM_WORDS.has(t) && (TRIGGERS.has(t) || TRIGGERS.has(singular(t))),
  );
  for (const token of [...nameTokens].reverse()) {
    if (token === normKey(name) || (things.length && FORM_WORDS.has(token))) continue;
    fromKey(token, 0.85);
  }
  if (title) for (const token of tokens(title).reverse()) fromKey(token, 0.8);
  if (!out.some((m) => m.quality < 1) && description) {
    for (const token of tokens(description)) if (fromKey(token, 0.7)) break;
  }
  return out;
}

/** Words that say in what form a property wants its thing, not what the thing is. */
const FORM_WORDS = new Set(['url', 'uri', 'link', 'href', 'src', 'name', 'text', 'value', 'id', 'string']);

function singular(word: string): string {
  return word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') ? word.slice(0, -1) : word;
}

/** Stemmed word set of a label or property, for comparing page labels with property names. */
export function stemSet(text: string): Set<string> {
  return new Set(tokens(text).map((t) => stem(t)));
}

/** How well a page label names a property (0..1): shared stems over the property's stems. */
export function labelScore(label: string, wanted: Set<string>): number {
  if (!wanted.size) return 0;
  const have = stemSet(label);
  if (!have.size || have.size > 6) return 0;
  let shared = 0;
  for (const s of wanted) if (have.has(s)) shared++;
  if (!shared) return 0;
  return shared / Math.max(wanted.size, have.size);
}
