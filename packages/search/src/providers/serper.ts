import { z } from 'zod';
import { isoDate, providerJson, providerUrl } from '../provider-request';
import { queryText } from '../query-text';
import type { SearchProvider, SearchQuery } from '../types';

export const SERPER_API_URL = 'https://google.serper.dev';

/**
 * Serper's Google search (serper.dev, "Search" playground/API): POST /search with the key in
 * X-API-KEY and a JSON body {q, num, gl (country, lower case), hl (language), tbs ("qdr:d",
 * "qdr:w", "qdr:m", "qdr:y")}. The answer: `organic` [{title, link, snippet, position, date?}]
 * beside searchParameters, knowledgeGraph, peopleAlsoAsk… `date` is Google's text ("Mar 3,
 * 2024", "2 days ago"): kept only when it reads as a date. Serper documents no safe-search field,
 * so safe_search is not sent to it.
 */
const serperAnswer = z.looseObject({
  organic: z
    .array(
      z.looseObject({
        link: z.string(),
        title: z.string().default(''),
        snippet: z.string().nullish(),
        date: z.string().nullish(),
      }),
    )
    .default([]),
});

const TBS = { day: 'qdr:d', week: 'qdr:w', month: 'qdr:m', year: 'qdr:y' } as const;

function serperBody(query: SearchQuery): string {
  return JSON.stringify({
    q: queryText(query),
    num: query.limit,
    ...(query.country ? { gl: query.country.toLowerCase() } : {}),
    ...(query.lang ? { hl: query.lang } : {}),
    ...(query.timeRange ? { tbs: TBS[query.timeRange] } : {}),
  });
}

export function serperProvider(config: { apiKey: string; baseUrl?: string }): SearchProvider {
  const base = config.baseUrl ?? SERPER_API_URL;
  return {
    name: 'serper',
    async search(query, options) {
      const url = providerUrl(base, 'search');
      const answer = await providerJson(
        'serper',
        {
          url,
          method: 'POST',
          headers: { 'x-api-key': config.apiKey, 'content-type': 'application/json' },
          body: serperBody(query),
          deadline: options.deadline,
        },
        serperAnswer,
      );
      return {
        provider: 'serper',
        results: answer.organic.map((result) => ({
          url: result.link,
          title: result.title,
          description: result.snippet ?? '',
          publishedAt: isoDate(result.date),
        })),
      };
    },
  };
}
