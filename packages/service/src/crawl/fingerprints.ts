import { tableName } from '../config';
import { asPlain } from '../metering/meter';
import { transactWrite } from '../transactions';
import { crawlClaimKey, crawlExpiry } from './records';

/**
 * Near-duplicate pages of one crawl (deduplicate): a page claims its canonical URL and the four
 * 16-bit bands of its content's SimHash, each with a conditional put. Two pages within Hamming
 * distance 3 share at least one band (pigeonhole), so a page whose claim meets another page's
 * band compares the whole fingerprints; a page whose canonical URL another page claimed is that
 * page. The claims share one transaction, so of two copies scraped at once exactly one wins.
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

interface Claim {
  key: Record<string, string>;
  /** Whether another page holding this claim is this page's original. */
  sameAs: (holder: Record<string, unknown>) => boolean;
}

/**
 * Registers the page's canonical URL and fingerprint; answers the URL of the page it duplicates,
 * or undefined when it is the first of its content. A page run again (after a takeover) finds its
 * own claims and is not its own duplicate.
 */
export async function claimContent(
  crawlId: string,
  url: string,
  canonicalUrl: string | undefined,
  simhash: string | undefined,
): Promise<string | undefined> {
  const claims: Claim[] = [];
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
  let remaining = claims;
  while (remaining.length) {
    const now = Date.now();
    const puts = remaining.map((claim) => ({
      Put: {
        TableName: tableName(),
        Item: {
          ...claim.key,
          type: 'crawl_fingerprint',
          url,
          simhash: simhash ?? null,
          expiresAt: crawlExpiry(now),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #url = :url',
        ExpressionAttributeNames: { '#url': 'url' },
        ExpressionAttributeValues: { ':url': url },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
      },
    }));
    try {
      await transactWrite(puts);
      return undefined;
    } catch (error) {
      const reasons = (error as { CancellationReasons?: { Code?: string; Item?: Record<string, unknown> }[] })
        .CancellationReasons;
      if (!reasons) throw error;
      const taken = remaining.flatMap((claim, i) =>
        reasons[i]?.Code === 'ConditionalCheckFailed'
          ? [{ claim, holder: asPlain(reasons[i]?.Item ?? {}) as Record<string, unknown> }]
          : [],
      );
      if (!taken.length) throw error;
      const original = taken.find(({ claim, holder }) => claim.sameAs(holder));
      if (original) return original.holder.url as string;
      // Only bands of far-away content collided: keep the others.
      remaining = remaining.filter((claim) => !taken.some((entry) => entry.claim === claim));
    }
  }
  return undefined;
}
