import { tableName } from '../config';
import { asPlain } from '../metering/meter';
import { PerCrawlMemory } from './crawl-memory';
import { crawlClaimKey, crawlExpiry } from './records';

/**
 * Near-duplicate pages of one crawl (deduplicate): a page claims its canonical URL and the four
 * 16-bit bands of its content's SimHash, each with a conditional put. Two pages within Hamming
 * distance 3 share at least one band (pigeonhole), so a page whose claim meets another page's
 * band compares the whole fingerprints; a page whose canonical URL another page claimed is that
 * page. The claims ride in the page's outcome transaction (commit.ts), so of two copies scraped
 * at once exactly one wins, and a page holds claims exactly when its outcome is recorded.
 */

/** The largest Hamming distance between two SimHashes that still counts as the same content. */
export const NEAR_DUPLICATE_DISTANCE = 3;

export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}

/** One claim of a page's content: its canonical URL, or one band of its SimHash. */
export interface ContentClaim {
  key: Record<string, string>;
  /** Whether another page holding this claim is this page's original. */
  sameAs: (holder: ClaimHolder) => boolean;
}

/** Who holds a claim: the page that made it first, and its SimHash. */
export interface ClaimHolder {
  url: string;
  simhash: string | null;
}

/**
 * Claims this process knows to be held (it made them, or a refused put showed their holder). A
 * claim is never given up while its crawl runs, so a page finds its original here without a
 * transaction, and leaves out the bands far-away content already holds instead of making its
 * transaction fail on them (templated pages share bands).
 */
const knownHolders = new PerCrawlMemory(() => new Map<string, ClaimHolder>(), 200_000);

const claimId = (key: Record<string, string>) => `${key.pk}#${key.sk}`;

/** A page's content: its canonical URL (when it names one) and its SimHash (deduplicate). */
export interface PageContent {
  url: string;
  canonicalUrl?: string;
  simhash?: string;
}

/**
 * The claims a page still has to make, or the URL of the page it duplicates when this process
 * already knows a holder that is its original. Claims this page holds, and bands held by
 * far-away content, are left out.
 */
export function contentClaimsToMake(
  crawlId: string,
  content: PageContent,
): ContentClaim[] | { duplicateOf: string } {
  const { url, canonicalUrl, simhash } = content;
  const claims: ContentClaim[] = [];
  if (canonicalUrl) claims.push({ key: crawlClaimKey(crawlId, 'CANON', canonicalUrl), sameAs: () => true });
  if (simhash) {
    for (let band = 0; band < 4; band++) {
      claims.push({
        key: crawlClaimKey(crawlId, 'SIM', `${band}#${simhash.slice(band * 4, band * 4 + 4)}`),
        sameAs: (holder) =>
          typeof holder.simhash === 'string' &&
          hammingDistance(holder.simhash, simhash) <= NEAR_DUPLICATE_DISTANCE,
      });
    }
  }
  const known = knownHolders.of(crawlId);
  const toMake: ContentClaim[] = [];
  for (const claim of claims) {
    const holder = known.get(claimId(claim.key));
    if (!holder) toMake.push(claim);
    else if (holder.url !== url && claim.sameAs(holder)) return { duplicateOf: holder.url };
  }
  return toMake;
}

/** The conditional puts of `claims`: each goes through when free or already this page's. */
export function contentClaimWrites(claims: readonly ContentClaim[], content: PageContent) {
  const expiresAt = crawlExpiry(Date.now());
  return claims.map((claim) => ({
    Put: {
      TableName: tableName(),
      Item: {
        ...claim.key,
        type: 'crawl_fingerprint',
        url: content.url,
        simhash: content.simhash ?? null,
        expiresAt,
      },
      ConditionExpression: 'attribute_not_exists(pk) OR #url = :url',
      ExpressionAttributeNames: { '#url': 'url' },
      ExpressionAttributeValues: { ':url': content.url },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    },
  }));
}

/** Remembers the claims a page now holds (its transaction went through). */
export function rememberContentClaims(
  crawlId: string,
  claims: readonly ContentClaim[],
  content: PageContent,
): void {
  const known = knownHolders.of(crawlId);
  for (const claim of claims)
    known.set(claimId(claim.key), { url: content.url, simhash: content.simhash ?? null });
}

type Reasons = readonly { Code?: string; Item?: Record<string, unknown> }[];

/**
 * After a cancelled transaction holding contentClaimWrites(claims) from item `at`: the page's
 * original when a refused claim's holder is it, else the claims to try again (without those held
 * by far-away content), or undefined when none of these claims was refused.
 */
export function contentClaimsAfterRefusal(
  crawlId: string,
  claims: readonly ContentClaim[],
  reasons: Reasons,
  at: number,
): ContentClaim[] | { duplicateOf: string } | undefined {
  const known = knownHolders.of(crawlId);
  const taken = claims.flatMap((claim, i) => {
    if (reasons[at + i]?.Code !== 'ConditionalCheckFailed') return [];
    const old = asPlain(reasons[at + i]?.Item ?? {}) as Record<string, unknown>;
    const holder = { url: String(old.url), simhash: typeof old.simhash === 'string' ? old.simhash : null };
    known.set(claimId(claim.key), holder);
    return [{ claim, holder }];
  });
  if (!taken.length) return undefined;
  const original = taken.find(({ claim, holder }) => claim.sameAs(holder));
  if (original) return { duplicateOf: original.holder.url };
  // Only bands of far-away content collided: keep the others.
  return claims.filter((claim) => !taken.some((entry) => entry.claim === claim));
}
