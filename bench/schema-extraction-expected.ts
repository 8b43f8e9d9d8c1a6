/**
 * Hand-written expectations for bench/schema-extraction.ts: what a person reads on each page
 * (the visible heading, byline, price, stock line, review summary), written from the page, not
 * from any extractor's output nor from the corpora's own labels. Where the page shows a value
 * that its JSON-LD contradicts (Joco's visible $29.95 against the JSON-LD 27.23), the visible
 * value is expected. `null`: the page does not show it (a value extracted anyway is a false
 * positive). A field left out is not judged (the page is ambiguous: a price per size, a sale
 * and a list price, "updated" against "published").
 */

export type Kind = 'product' | 'article' | 'recipe' | 'books' | 'events';

/** An array is judged by its length and its first item (a string, or the item's main name). */
export interface ExpectedList {
  count: number;
  first: string;
}

export type Expected = string | number | null | ExpectedList;

export interface BenchPage {
  /** `wcxb/<folder>` or `fundus/<folder>` under ../shared/corpus. */
  page: string;
  kind: Kind;
  expected: Record<string, Expected>;
}

const product = (page: string, expected: Record<string, Expected>): BenchPage => ({
  page: `wcxb/${page}`,
  kind: 'product',
  expected,
});
const article = (page: string, expected: Record<string, Expected>): BenchPage => ({
  page: page.startsWith('fundus') ? `fundus/${page}` : `wcxb/${page}`,
  kind: 'article',
  expected,
});

export const PAGES: BenchPage[] = [
  // Products: name, brand, price, currency, availability, sku, rating, review_count.
  product('wcxb-0580', { name: "Men's Wool Runner", brand: 'Allbirds', price: 110, currency: 'USD' }),
  product('wcxb-0583', {
    name: 'Dark Roast Coffee',
    brand: 'Death Wish Coffee',
    price: 19.99,
    currency: 'USD',
  }),
  product('wcxb-0589', { name: 'Black Edition', brand: 'Huel', currency: 'USD' }),
  product('wcxb-0593', {
    name: 'Joco Cup 4oz',
    price: 29.95,
    currency: 'AUD',
    availability: 'in_stock',
    sku: 'AU4',
  }),
  product('wcxb-0599', {
    name: 'Warrior Princess Diamond Drop Necklace',
    brand: "L'atelier Nawbar",
    price: 3665,
    currency: 'USD',
    availability: 'in_stock',
    sku: 'N667FD',
  }),
  product('wcxb-0603', {
    name: 'CBD Relax Berries - (30ct) 300mg',
    brand: 'Green Roads',
    price: 37.99,
    currency: 'USD',
    availability: 'in_stock',
    rating: 4.7,
    review_count: 6239,
  }),
  product('wcxb-0607', {
    name: 'Summit 24" Fire Pit',
    brand: 'Solo Stove',
    price: 549.99,
    currency: 'EUR',
    availability: 'in_stock',
  }),
  product('wcxb-0610', {
    name: 'White Speckle Mug',
    brand: 'Ghost Wares',
    price: 60,
    currency: 'AUD',
    availability: 'out_of_stock',
    rating: null,
  }),
  product('wcxb-0613', {
    name: 'Atomic Habits: An Easy & Proven Way to Build Good Habits & Break Bad Ones',
    currency: 'EUR',
    availability: 'in_stock',
    rating: 4.8,
    review_count: 146980,
  }),
  product('wcxb-0617', {
    name: 'Handmade Stoneware Coffee Mug: Wabi-Sabi Ceramic Cup, Folk Art Glaze by Paul Fryman',
    price: 99.6,
    currency: 'USD',
    availability: 'in_stock',
  }),
  product('wcxb-0621', {
    name: 'Pro Tech Toolkit',
    brand: 'iFixit',
    price: 74.95,
    currency: 'USD',
    availability: 'in_stock',
    rating: 4.9,
    review_count: 2695,
  }),
  product('wcxb-0628', {
    name: 'Trail 25 Pack',
    brand: 'REI Co-op',
    price: 99.95,
    currency: 'USD',
    rating: 4.4,
    review_count: 159,
  }),
  product('wcxb-2889', {
    name: 'CORSAIR Vengeance RGB 64GB (4 x 16GB) 288-Pin PC RAM DDR5 6400 (PC5 51200) Desktop Memory Model CMH64GX5M4B6400C32',
    brand: 'Corsair',
    price: null,
    availability: 'out_of_stock',
  }),
  product('wcxb-2894', {
    name: 'Shure SM7dB Active Dynamic Microphone',
    brand: 'Shure',
    price: 549,
    currency: 'USD',
    availability: 'in_stock',
    rating: 4.9,
    review_count: 18,
  }),
  product('wcxb-2947', {
    name: 'Fender Player II Strat RW BCG',
    price: 675,
    currency: 'GBP',
    availability: 'in_stock',
    rating: 4.7,
  }),
  product('wcxb-2990', {
    name: 'Hifiman Sundara Headphones | 2020 Edition',
    brand: 'Hifiman',
    price: 179,
    currency: 'USD',
    availability: 'in_stock',
    rating: 4.6,
    review_count: 82,
  }),
  product('wcxb-3054', { name: 'Forza Horizon 5', price: 59.99, currency: 'EUR' }),
  product('wcxb-4017', {
    name: 'Extra Thick Yoga and Pilates Mat',
    brand: 'ProsourceFit',
    price: 29.99,
    currency: 'USD',
  }),
  product('wcxb-4169', {
    name: 'Keychron K2 HE 75% Wireless Mechanical Keyboard',
    brand: 'Keychron',
    price: 139.99,
    currency: 'USD',
    availability: 'out_of_stock',
  }),
  product('wcxb-4213', { name: 'Roomba® j7+ Self-Emptying Robot Vacuum', price: null }),
  product('wcxb-4771', { name: 'QuietComfort 35 wireless headphones II', price: null }),
  product('wcxb-0591', {
    name: 'Crusher® ANC 2',
    brand: 'Skullcandy',
    price: 239.99,
    currency: 'USD',
    availability: 'in_stock',
  }),
  product('wcxb-0601', { name: 'Birdbuddy Pro', currency: 'EUR', availability: 'out_of_stock' }),

  // Articles: headline, author (the first one named), published (the date shown as published).
  article('wcxb-0001', {
    headline:
      'Top Nutrition Trends for Fall 2025: What Fitness Experts Are Eating (and How Scratch Makes It Easy)',
    author: 'Andrew King',
    published: '2025-09-04',
  }),
  article('wcxb-0002', {
    headline: 'Top 10 Health and Nutrition Trends to Watch',
    author: 'Kelia Losa Reinoso',
    published: '2025-08-25',
  }),
  article('wcxb-0004', {
    headline: 'The 7 Biggest Diet and Nutrition Trends in 2025, According to Nutritionists',
    author: 'Korin Miller',
    published: '2025-01-29',
  }),
  article('wcxb-0010', {
    headline: 'These are the best major appliances of 2025',
    author: 'Danielle DeSiato',
  }),
  article('wcxb-0050', {
    headline: 'The Top 25 Hosting Trends of 2025, According to Event Planners',
    author: 'Rebecca Norris',
    published: '2025-06-25',
  }),
  article('wcxb-0111', {
    headline: 'Plumbing Pricing Guide 2025: Learn Average Rates & How to Price Jobs Profitably',
    author: 'Jorge Jimenez',
    published: '2025-11-06',
  }),
  article('wcxb-0133', {
    headline: 'The Best Online Interior Design Services for Every Budget',
    author: 'Arricca Elin SanSone',
    published: '2023-12-20',
  }),
  article('wcxb-0031', {
    headline: '7 On Your Side: NJ moving company under federal investigation',
    author: 'Nina Pineda',
    published: '2025-11-14',
  }),
  article('wcxb-0044', {
    headline: 'Understanding Digital Marketing: Key Types, Channels, and Examples',
    author: 'The Investopedia Team',
  }),
  article('wcxb-0020', { headline: 'Average Cost of Online College', author: 'Melanie Hanson' }),
  article('wcxb-1657', { headline: 'Best Travel Insurance for Seniors', author: 'Jeff Hoyt' }),
  article('wcxb-0381', { headline: 'The information bottleneck method' }),
  article('wcxb-0199', { headline: '4 Best Book Subscriptions, Tested by Bibliophiles' }),
  article('fundus-uk-inews-1', {
    headline:
      'US Open 2023 results: Andy Murray among six British players to record first-round wins without dropping a set',
    author: 'Michael Hincks',
    published: '2023-08-30',
  }),
  article('fundus-us-apnews-1', {
    headline: 'Mexico’s economy grew 1.1% in 1st quarter, 3.8% year on year',
    published: '2023-04-28',
  }),
  article('fundus-uk-dailystar-1', {
    headline: "'I sell Walt Disney World holidays - booking the right day could save you thousands'",
    author: 'Sophie Foster',
    published: '2024-04-23',
  }),

  // Recipes (these captures carry no JSON-LD): the recipe card's labels and lists.
  {
    page: 'wcxb/wcxb-4159',
    kind: 'recipe',
    expected: {
      name: 'Beginners Sourdough Bread',
      ingredients: { count: 4, first: '400 grams unbleached bread flour' },
      prep_minutes: 780,
      cook_minutes: 35,
      total_minutes: 815,
      servings: 1,
    },
  },
  {
    page: 'wcxb/wcxb-4163',
    kind: 'recipe',
    expected: { name: 'Easy Everyday Sourdough Bread', prep_minutes: 10, total_minutes: 1225 },
  },
  {
    page: 'wcxb/wcxb-4164',
    kind: 'recipe',
    expected: {
      name: 'How to Make Sourdough Bread (One Loaf Recipe)',
      ingredients: { count: 4, first: '50 grams sourdough starter' },
      prep_minutes: 120,
      cook_minutes: 50,
      total_minutes: 770,
      servings: 12,
    },
  },

  // Listings: an array of objects, judged by its length and its first item.
  {
    page: 'wcxb/wcxb-2908',
    kind: 'books',
    expected: { books: { count: 100, first: 'The Hunger Games (The Hunger Games, #1)' } },
  },
  {
    page: 'wcxb/wcxb-2913',
    kind: 'events',
    expected: { events: { count: 20, first: 'Online International HR Tech Conference - Reloaded' } },
  },
];
