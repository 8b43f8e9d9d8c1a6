/**
 * The schemas of the development set, one per kind, written as a user writes them before any
 * page was looked at: snake_case names, a description where the name alone is vague, patterns
 * and formats where the user wants a shape, and `required` for what the user cannot do without.
 */
export type DevKind =
  | 'product'
  | 'article'
  | 'recipe'
  | 'book'
  | 'event'
  | 'job'
  | 'local_business'
  | 'software'
  | 'forum';

const uri = { type: 'string', format: 'uri' };

export const DEV_SCHEMAS: Record<DevKind, Record<string, unknown>> = {
  product: {
    title: 'Product',
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Product name' },
      brand: { type: 'string' },
      price: { type: 'number', minimum: 0, description: 'Current selling price' },
      currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217 code' },
      in_stock: { type: 'boolean', description: 'Whether the product can be bought now' },
      sku: { type: 'string' },
      mpn: { type: 'string', description: 'Manufacturer part number' },
      gtin: { type: 'string', pattern: '^[0-9]{8,14}$', description: 'GTIN / EAN / UPC barcode' },
      image_url: { ...uri, description: 'Main product image' },
      rating: { type: 'number', minimum: 0, maximum: 5 },
      review_count: { type: 'integer', minimum: 0 },
    },
    required: ['name', 'price'],
  },
  article: {
    title: 'Article',
    type: 'object',
    properties: {
      headline: { type: 'string' },
      authors: { type: 'array', items: { type: 'string' }, description: 'Names of the authors' },
      date_published: { type: 'string', format: 'date' },
      lead_image_url: { ...uri, description: 'The lead image of the article' },
      publisher: { type: 'string', description: 'Name of the publication' },
    },
    required: ['headline'],
  },
  recipe: {
    title: 'Recipe',
    type: 'object',
    properties: {
      name: { type: 'string' },
      ingredients: { type: 'array', items: { type: 'string' } },
      prep_time_minutes: { type: 'integer', minimum: 0, description: 'Preparation time in minutes' },
      cook_time_minutes: { type: 'integer', minimum: 0, description: 'Cooking time in minutes' },
      total_time_minutes: { type: 'integer', minimum: 0, description: 'Total time in minutes' },
      servings: { type: 'integer', minimum: 1 },
      image_url: uri,
    },
    required: ['name', 'ingredients'],
  },
  book: {
    title: 'Book',
    type: 'object',
    properties: {
      title: { type: 'string' },
      authors: { type: 'array', items: { type: 'string' }, minItems: 1 },
      isbn_13: { type: 'string', pattern: '^97[89][0-9]{10}$', description: 'ISBN-13, digits only' },
      publisher: { type: 'string' },
      publication_date: {
        type: 'string',
        pattern: '^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$',
        description: 'YYYY-MM-DD, YYYY-MM or YYYY',
      },
      number_of_pages: { type: 'integer', minimum: 1 },
      image_url: { ...uri, description: 'Cover image' },
    },
    required: ['title', 'authors'],
  },
  event: {
    title: 'Event',
    type: 'object',
    properties: {
      name: { type: 'string' },
      start_date: { type: 'string', format: 'date', description: 'Day the event starts' },
      venue: { type: 'string', description: 'Name of the venue' },
      city: { type: 'string' },
      price: { type: 'number', minimum: 0, description: 'Ticket price' },
      currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    },
    required: ['name', 'start_date'],
  },
  job: {
    title: 'Job posting',
    type: 'object',
    properties: {
      title: { type: 'string', description: 'Job title' },
      company: { type: 'string', description: 'Hiring company' },
      city: { type: 'string', description: 'Where the job is' },
      employment_type: { enum: ['full_time', 'part_time', 'contract', 'temporary', 'internship'] },
      date_posted: { type: 'string', format: 'date' },
      salary: { type: 'number', description: 'Base salary (the lower bound of a range)' },
    },
    required: ['title'],
  },
  local_business: {
    title: 'Local business',
    type: 'object',
    properties: {
      name: { type: 'string' },
      telephone: { type: 'string' },
      street_address: { type: 'string' },
      city: { type: 'string' },
      postal_code: { type: 'string' },
      price_range: { type: 'string' },
      rating: { type: 'number', minimum: 0, maximum: 5 },
    },
    required: ['name'],
  },
  software: {
    title: 'Software application',
    type: 'object',
    properties: {
      name: { type: 'string' },
      operating_system: { type: 'string' },
      category: { type: 'string', description: 'Application category' },
      price: { type: 'number', minimum: 0 },
      rating: { type: 'number', minimum: 0, maximum: 5 },
      review_count: { type: 'integer', minimum: 0 },
    },
    required: ['name'],
  },
  forum: {
    title: 'Discussion thread',
    type: 'object',
    properties: {
      title: { type: 'string', description: 'Title of the thread or question' },
      author: { type: 'string', description: 'Who started the thread' },
      date_published: { type: 'string', format: 'date' },
    },
    required: ['title'],
  },
};
