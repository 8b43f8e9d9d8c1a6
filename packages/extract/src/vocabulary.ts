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
  ['cooktime cookingtime cook bake baketime bakingtime', 'cookTime'],
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
  ['pages numberofpages pagecount printlength', 'numberOfPages'],
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
/** Trigger word → the row of CONCEPTS it names (the first row that lists it). */
const CONCEPT_OF = new Map<string, number>();
for (const [index, [triggers, paths]] of CONCEPTS.entries()) {
  for (const trigger of triggers.split(' ')) {
    if (!TRIGGERS.has(trigger)) TRIGGERS.set(trigger, paths.split(' '));
    if (!CONCEPT_OF.has(trigger)) CONCEPT_OF.set(trigger, index);
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

/** Words that give a property's unit or form, never what a page's label calls the thing. */
const UNIT_WORDS = new Set([...FORM_WORDS, 'minutes', 'minute', 'mins', 'hours', 'seconds', 'iso', 'digits']);

/** What a property is, for matching page labels: its stems and the concepts its words name. */
export interface WantedLabel {
  stems: Set<string>;
  concepts: Set<number>;
}

/**
 * The label a property would have on a page: the stems of its name and title without unit words
 * (`prep_time_minutes` is labelled "Prep time"), and the concepts its name, its title and the
 * word pairs of its description name (`company` described as "Hiring company").
 */
export function wantedLabel(name: string, title?: string, description?: string): WantedLabel {
  const words = tokens(`${name} ${title ?? ''}`);
  const kept = words.filter((w) => !UNIT_WORDS.has(w));
  const concepts = new Set<number>();
  const note = (key: string) => {
    const concept = CONCEPT_OF.get(key) ?? CONCEPT_OF.get(singular(key));
    if (concept !== undefined) concepts.add(concept);
  };
  note(normKey(name));
  if (title) note(normKey(title));
  for (const w of kept) note(w);
  for (const pair of [kept, tokens(description ?? '')])
    for (let i = 0; i + 1 < pair.length; i++) note(`${pair[i]}${pair[i + 1]}`);
  return { stems: new Set((kept.length ? kept : words).map((t) => stem(t))), concepts };
}

/** A short label that names the property's concept in other words ("Yield" for servings). */
const SYNONYM_LABEL_SCORE = 0.6;

/**
 * How well a page label names a property (0..1): shared stems over the larger stem set; a label
 * of at most four words naming one of the property's concepts ("Employer" for company, "Venue"
 * for a venue, "Bake" for cook time) scores SYNONYM_LABEL_SCORE when its stems say less.
 */
export function labelScore(label: string, wanted: WantedLabel): number {
  const have = stemSet(label);
  if (!have.size || have.size > 6) return 0;
  let shared = 0;
  for (const s of wanted.stems) if (have.has(s)) shared++;
  const byStems = shared ? shared / Math.max(wanted.stems.size, have.size) : 0;
  if (byStems >= SYNONYM_LABEL_SCORE || have.size > 4 || !wanted.concepts.size) return byStems;
  return labelConcepts(label).some((c) => wanted.concepts.has(c)) ? SYNONYM_LABEL_SCORE : byStems;
}

/** Labels already read: a page's labels are scored against every property of the schema. */
const LABEL_CONCEPTS = new Map<string, number[]>();
const MAX_REMEMBERED_LABELS = 5000;

/** The concepts a label names: its whole key's, else its word pairs', else its words'. */
function labelConcepts(label: string): number[] {
  let concepts = LABEL_CONCEPTS.get(label);
  if (!concepts) {
    if (LABEL_CONCEPTS.size >= MAX_REMEMBERED_LABELS) LABEL_CONCEPTS.clear();
    concepts = conceptsOfWords(tokens(label));
    LABEL_CONCEPTS.set(label, concepts);
  }
  return concepts;
}

function conceptsOfWords(words: string[]): number[] {
  const of = (keys: string[]) =>
    keys.map((k) => CONCEPT_OF.get(k) ?? CONCEPT_OF.get(singular(k))).filter((c) => c !== undefined);
  const whole = of([words.join('')]);
  if (whole.length) return whole;
  const pairs = of(words.slice(1).map((w, i) => `${words[i]}${w}`));
  // A short word inside a longer label ("Sort by") says too little on its own.
  return pairs.length ? pairs : of(words.length > 1 ? words.filter((w) => w.length > 2) : words);
}
