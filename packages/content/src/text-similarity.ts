/**
 * Share of the words of `b` that also occur in `a` (1 = the same words), as Readability measures
 * it: a headline against the page's title (article, metadata).
 */
export function textSimilarity(a: string, b: string): number {
  const tokensA = a.toLowerCase().split(/\W+/).filter(Boolean);
  const tokensB = b.toLowerCase().split(/\W+/).filter(Boolean);
  if (!tokensA.length || !tokensB.length) return 0;
  const setA = new Set(tokensA);
  const uniqB = tokensB.filter((t) => !setA.has(t));
  return 1 - uniqB.join(' ').length / tokensB.join(' ').length;
}
