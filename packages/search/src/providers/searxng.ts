import { z } from 'zod';
import { isoDate, providerJson, providerUrl } from '../provider-request';
import { queryText } from '../query-text';
import { ProviderFailure, type SearchProvider, type SearchQuery } from '../types';

/**
 * SearXNG's search API (docs.searxng.org, "Search API"): GET /search with q, format=json (the
 * instance must list json under search.formats in settings.yml, else it answers 403), language,
 * pageno, time_range (day, week, month, year) and safesearch (0 off, 1 moderate, 2 strict). The
 * answer: `results` [{url, title, content, publishedDate?, engine, score …}] and
 * `unresponsive_engines` [[engine, reason]]. One page (10–20 results, as the instance's engines
 * give them); there is no count parameter.
 */
const searxngAnswer = z.looseObject({
  results: z.array(
    z.looseObject({
      url: z.string(),
      title: z.string().default(''),
      content: z.string().nullish(),
      publishedDate: z.string().nullish(),
    }),
  ),
  unresponsive_engines: z.array(z.array(z.string())).default([]),
});

const SAFESEARCH = { off: '0', moderate: '1', strict: '2' } as const;

function searxngParams(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams({
    q: queryText(query),
    format: 'json',
    pageno: '1',
    safesearch: SAFESEARCH[query.safeSearch],
  });
  // SearXNG takes a locale: "en", or "en-US" when a country narrows it.
  if (query.lang) params.set('language', query.country ? `${query.lang}-${query.country}` : query.lang);
  if (query.timeRange) params.set('time_range', query.timeRange);
  return params;
}

export function searxngProvider(config: { baseUrl: string }): SearchProvider {
  return {
    name: 'searxng',
    async search(query, options) {
      const url = providerUrl(config.baseUrl, 'search');
      url.search = searxngParams(query).toString();
      const answer = await providerJson('searxng', { url, deadline: options.deadline }, searxngAnswer);
      // The failure peers' users meet: every engine behind the instance failed (blocked, captcha,
      // timeout) and SearXNG says so only in unresponsive_engines, with an empty 200.
      if (answer.results.length === 0 && answer.unresponsive_engines.length > 0) {
        const engines = answer.unresponsive_engines.map(([engine, reason]) => `${engine}: ${reason}`);
        throw new ProviderFailure(
          'searxng',
          'no_results_engines_down',
          `searxng answered no results and its engines did not respond (${engines.join('; ')})`,
        );
      }
      return {
        provider: 'searxng',
        results: answer.results.map((result) => ({
          url: result.url,
          title: result.title,
          description: result.content ?? '',
          publishedAt: isoDate(result.publishedDate),
        })),
      };
    },
  };
}
