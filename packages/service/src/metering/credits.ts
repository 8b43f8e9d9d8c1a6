/**
 * The fixed credit charge of one POST /v1/schema request, taken from the plan's monthly credits
 * at admission (spec: billing is dual, credits plus the page bandwidth).
 */
export const SCHEMA_CREDIT_COST = 1;

/**
 * The fixed credit charge of one POST /v1/search request (the provider's query), taken from the
 * plan's monthly credits at admission; scrapes of its results are billed as scrapes beside it.
 */
export const SEARCH_CREDIT_COST = 1;
