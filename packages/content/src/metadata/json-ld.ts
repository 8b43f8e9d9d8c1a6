import { textSimilarity } from '../text-similarity';

const JSONLD_ARTICLE_TYPES =
  /^(?:Article|AdvertiserContentArticle|NewsArticle|AnalysisNewsArticle|AskPublicNewsArticle|BackgroundNewsArticle|OpinionNewsArticle|ReportageNewsArticle|ReviewNewsArticle|Report|SatiricalArticle|ScholarlyArticle|MedicalScholarlyArticle|SocialMediaPosting|BlogPosting|LiveBlogPosting|DiscussionForumPosting|TechArticle|APIReference)$/;

interface JsonLdFacts {
  title?: string;
  byline?: string;
  description?: string;
  siteName?: string;
  datePublished?: string;
}

function personName(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (Array.isArray(v)) {
    const names = v.map(personName).filter((n): n is string => !!n);
    return names.length ? names.join(', ') : undefined;
  }
  if (v && typeof v === 'object' && 'name' in v && typeof v.name === 'string')
    return v.name.trim() || undefined;
  return undefined;
}

function typeMatches(t: unknown): boolean {
  if (typeof t === 'string') return JSONLD_ARTICLE_TYPES.test(t);
  return Array.isArray(t) && t.some((x) => typeof x === 'string' && JSONLD_ARTICLE_TYPES.test(x));
}

function findArticleObject(v: unknown): Record<string, unknown> | null {
  if (Array.isArray(v)) {
    for (const item of v) {
      const hit = findArticleObject(item);
      if (hit) return hit;
    }
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeMatches(o['@type'])) return o;
  if (Array.isArray(o['@graph'])) return findArticleObject(o['@graph']);
  return null;
}

export function readJsonLd(scripts: string[], docTitle: () => string): JsonLdFacts {
  for (const raw of scripts) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, ''));
    } catch {
      continue;
    }
    const o = findArticleObject(parsed);
    if (!o) continue;
    const facts: JsonLdFacts = {};
    const name = typeof o.name === 'string' ? o.name.trim() : undefined;
    const headline = typeof o.headline === 'string' ? o.headline.trim() : undefined;
    if (name && headline && name !== headline) {
      const title = docTitle();
      const nameMatches = textSimilarity(name, title) > 0.75;
      const headlineMatches = textSimilarity(headline, title) > 0.75;
      facts.title = headlineMatches && !nameMatches ? headline : name;
    } else facts.title = name || headline;
    facts.byline = personName(o.author);
    if (typeof o.description === 'string') facts.description = o.description.trim();
    facts.siteName = personName(o.publisher);
    if (typeof o.datePublished === 'string') facts.datePublished = o.datePublished.trim();
    return facts;
  }
  return {};
}

export function isUrl(s: string): boolean {
  return /^https?:\/\//i.test(s.trim());
}
