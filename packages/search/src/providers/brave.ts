import { z } from 'zod';
import { isoDate, providerJson, providerUrl } from '../provider-request';
import { queryText } from '../query-text';
import type { SearchProvider, SearchQuery } from '../types';

export const BRAVE_API_URL = 'https://api.search.brave.com/res/v1';

/**
 * Brave Search API, web search (api-dashboard.search.brave.com, "Web search"): GET
 * /res/v1/web/search with the key in X-Subscription-Token; q, count (at most 20), country (two
 * letters), search_lang, safesearch (off, moderate, strict), freshness (pd, pw, pm, py),
 * text_decorations (false: no <strong> in descriptions). The answer (WebSearchApiResponse):
 * `web.results` [{title, url, description, page_age?, age? …}]; `web` is absent when nothing
 * matched. 429 when over the plan's rate, with X-RateLimit-Reset.
 */
const braveAnswer = z.looseObject({
  type: z.literal('search'),
  web: z
    .looseObject({
      results: z.array(
        z.looseObject({
          url: z.string(),
          title: z.string().default(''),
          description: z.string().nullish(),
          page_age: z.string().nullish(),
        }),
      ),
    })
    .optional(),
});

const FRESHNESS = { day: 'pd', week: 'pw', month: 'pm', year: 'py' } as const;

function braveParams(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams({
    q: queryText(query),
    count: String(Math.min(20, query.limit)),
    safesearch: query.safeSearch,
    text_decorations: 'false',
  });
  if (query.country) params.set('country', query.country);
  if (query.lang) params.set('search_lang', query.lang);
  if (query.timeRange) params.set('freshness', FRESHNESS[query.timeRange]);
  return params;
}

export function braveProvider(config: { apiKey: string; baseUrl?: string }): SearchProvider {
  const base = config.baseUrl ?? BRAVE_API_URL;
  return {
    name: 'brave',
    async search(query, options) {
      const url = providerUrl(base, 'web/search');
      url.search = braveParams(query).toString();
      const headers = { 'x-subscription-token': config.apiKey };
      const answer = await providerJson('brave', { url, headers, deadline: options.deadline }, braveAnswer);
      return {
        provider: 'brave',
        results: (answer.web?.results ?? []).map((result) => ({
          url: result.url,
          title: result.title,
          description: result.description ?? '',
          publishedAt: isoDate(result.page_age),
        })),
      };
    },
  };
}
