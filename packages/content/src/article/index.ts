// Main-content extraction: the attempts (extract-article.ts), each running its phases in order
// (attempt.ts: candidates, scoring, assembly, cleaning).
export type { ArticleResult } from './attempt';
export type { DeclaredPage } from './attempt-state';
export { MAYBE_CANDIDATE, UNLIKELY, UNLIKELY_ROLES } from './class-hints';
export { extractArticle } from './extract-article';
