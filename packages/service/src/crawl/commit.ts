import { type CaptureDocument, captureDocumentPut } from '../capture-index';
import { tableName } from '../config';
import { nowIso } from '../ids';
import type { Admission, AdmissionRejected, BillingRecord } from '../metering';
import { chargeRefusal, quotaRejection, settlementOf } from '../metering/settle';
import { announceSlotFreed } from '../metering/slot-release';
import { transactWrite } from '../transactions';
import { type OutboxDelivery, outboxPut } from '../webhooks/outbox';
import {
  type ContentClaim,
  contentClaimsAfterRefusal,
  contentClaimsToMake,
  contentClaimWrites,
  type PageContent,
  rememberContentClaims,
} from './fingerprints';
import {
  addCountersUpdate,
  addToFrontier,
  type FrontierEntry,
  frontierAfterRefusal,
  frontierCounterDeltas,
  frontierWrites,
  MAX_TRANSACTION_ITEMS,
  newFrontierEntries,
  rememberInFrontier,
  sendFrontierMessages,
} from './frontier';
import { hostReleaseWrite } from './host-pacing';
import { type KeptPage, keptPageAttributes } from './incremental';
import { DEFAULT_MAX_URLS_PER_PATTERN } from './path-patterns';
import { type CrawlPageMessage, type CrawlSkipReason, crawlKey, frontierKey } from './records';

/** What a URL ended as. */
export interface PageOutcome {
  status: 'completed' | 'failed' | 'skipped';
  reason?: CrawlSkipReason;
  duplicateOf?: string;
  statusCode?: number | null;
  resultKey?: string | null;
  error?: { code: string; message: string } | null;
  billedBytes?: number;
  /** What a later incremental crawl compares with (completed and unchanged pages). */
  kept?: KeptPage;
}

/** Which claim the ending is conditioned on: the worker's token, or a state nobody holds. */
export type EndingClaim = { token: string } | { from: 'queued' } | { from: 'running'; leaseUntil: number };

/**
 * committed: recorded, other URLs were still pending; ended_last: recorded, and the crawl may have
 * no pending URL left (check its end); lost_claim: the item was not in the state named (another
 * worker took it over, or it already ended), nothing written.
 */
export type EndResult = 'committed' | 'committed_last' | 'lost_claim';

/**
 * What a scraped page's outcome records in the same transaction, so that each is written exactly
 * when the outcome is: its links new to the frontier, its content's claims (deduplicate), its
 * charge (settlementOf: exactly once, by construction) and its search index document.
 */
export interface PageWrites {
  links?: readonly FrontierEntry[];
  maxPerPattern?: number;
  content?: PageContent;
  charge?: { admission: Admission; record: BillingRecord };
  searchDocument?: CaptureDocument;
}

/**
 * Nothing written: the page duplicates another page's content (its claim is held by its original),
 * or its charge does not fit in the month's quota.
 */
export type PageRefusal = { duplicateOf: string } | { quotaExceeded: AdmissionRejected };

type Reasons = { Code?: string; Item?: Record<string, unknown> }[];

/** The transaction's size limits: 100 writes, 4 MB (a margin kept for the request's own envelope). */
const MAX_TRANSACTION_BYTES = 3_500_000;

/**
 * Ends a frontier item: its outcome, the crawl's counters (a claimed item leaves `running`; a page
 * that completed or failed counts toward `limit`, a skipped one gives its claim's place back) and
 * its webhook delivery, for a running item its host's place (host-pacing.ts), and a scraped page's
 * `page` writes, in one transaction conditioned on `claim`. So an outcome is counted exactly once,
 * and its delivery, charge, links and claims exist exactly when it does. Like bulk's commit, the
 * counter update is first conditioned on other items still pending (unless the page queues new
 * URLs), so only the ending that may have brought `pending` to zero checks the crawl's end. A
 * transaction refused for some of the page's writes is sent again without them (URLs already in
 * the frontier, bands of far-away content, a full pattern's surplus marked trap); links that would
 * not fit in one transaction are added to the frontier first, in their own.
 */
export async function endFrontierItem(
  message: CrawlPageMessage,
  claim: EndingClaim,
  outcome: PageOutcome,
  delivery?: OutboxDelivery,
  page: PageWrites = {},
): Promise<EndResult | PageRefusal> {
  const { crawlId } = message;
  const maxPerPattern = page.maxPerPattern ?? DEFAULT_MAX_URLS_PER_PATTERN;
  let links = newFrontierEntries(crawlId, page.links ?? [], maxPerPattern);
  let claims: ContentClaim[] = [];
  if (page.content) {
    const toMake = contentClaimsToMake(crawlId, page.content);
    if (!Array.isArray(toMake)) return toMake;
    claims = toMake;
  }
  const settlement = page.charge && settlementOf(page.charge.admission, page.charge.record);
  const billed = settlement ? settlement.settlement.billableBytes : (outcome.billedBytes ?? 0);
  if (page.charge && settlement && settlement.room < 0) {
    return { quotaExceeded: quotaRejection(page.charge.admission, billed, undefined) };
  }
  const recorded = { ...outcome, billedBytes: billed };
  const others = [
    ...('token' in claim || claim.from === 'running' ? [hostReleaseWrite(crawlId, message.url)] : []),
    ...(delivery ? [outboxPut(delivery)] : []),
    ...(page.searchDocument ? [captureDocumentPut(page.searchDocument)] : []),
  ];
  let othersPending = true;
  let leaseHeld = true;
  for (;;) {
    const queuedLinks = links.some((entry) => !entry.skip);
    const notLast = othersPending && !queuedLinks;
    const charge = settlement?.writes(leaseHeld) ?? [];
    const content = page.content ? contentClaimWrites(claims, page.content) : [];
    const frontier = frontierWrites(crawlId, links, maxPerPattern);
    const writes = [
      itemEnding(message, claim, recorded),
      crawlCounters(message, claim, recorded, links, notLast),
      ...others,
      ...charge,
      ...content,
      ...frontier.writes,
    ];
    if (links.length && !fitsOneTransaction(writes)) {
      await addToFrontier(message.accountId, crawlId, links, maxPerPattern);
      links = [];
      continue;
    }
    try {
      await transactWrite(writes);
    } catch (error) {
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      const reasons = (error as { CancellationReasons?: Reasons }).CancellationReasons ?? [];
      const refused = (index: number) => reasons[index]?.Code === 'ConditionalCheckFailed';
      if (refused(0)) return 'lost_claim';
      let narrowed = false;
      if (notLast && refused(1)) {
        othersPending = false;
        narrowed = true;
      }
      const chargeAt = 2 + others.length;
      const admission = page.charge?.admission;
      const refusal = admission && chargeRefusal(error, chargeAt, admission, leaseHeld);
      if (admission && refusal) {
        // The admission already ended (nothing but this commit settles it): never charge it twice.
        if ('ended' in refusal) throw error;
        if ('quotaMeter' in refusal)
          return { quotaExceeded: quotaRejection(admission, billed, refusal.quotaMeter) };
        leaseHeld = false;
        narrowed = true;
      }
      const contentAt = chargeAt + charge.length;
      const claimsLeft = contentClaimsAfterRefusal(crawlId, claims, reasons, contentAt);
      if (claimsLeft && !Array.isArray(claimsLeft)) return claimsLeft;
      if (claimsLeft) {
        claims = claimsLeft;
        narrowed = true;
      }
      const linksAt = contentAt + content.length;
      const linksLeft = await frontierAfterRefusal(
        crawlId,
        links,
        frontier.patterns,
        refused,
        linksAt,
        maxPerPattern,
      );
      if (linksLeft) {
        links = linksLeft;
        narrowed = true;
      }
      if (!narrowed) throw error;
      continue;
    }
    if (page.charge) announceSlotFreed(page.charge.admission.accountId);
    rememberInFrontier(crawlId, links);
    if (page.content) rememberContentClaims(crawlId, claims, page.content);
    // A message lost here (the process died) is sent again by the sweep (recovery.ts).
    await sendFrontierMessages(message.accountId, crawlId, links);
    return notLast || queuedLinks ? 'committed' : 'committed_last';
  }
}

function fitsOneTransaction(writes: readonly unknown[]): boolean {
  return writes.length <= MAX_TRANSACTION_ITEMS && JSON.stringify(writes).length <= MAX_TRANSACTION_BYTES;
}

/** The item's outcome, conditioned on the claim it ends. */
function itemEnding(message: CrawlPageMessage, claim: EndingClaim, outcome: PageOutcome) {
  const kept = keptPageAttributes(outcome.kept);
  return {
    Update: {
      TableName: tableName(),
      Key: frontierKey(message.crawlId, message.url),
      UpdateExpression: `SET #status = :status, reason = :reason, duplicate_of = :dup, status_code = :code, result_key = :key, #error = :error, billed_bytes = :billed, completed_at = :now${kept.set} REMOVE claim, lease_until`,
      ConditionExpression:
        'token' in claim
          ? '#status = :running AND claim = :token'
          : claim.from === 'queued'
            ? '#status = :queued'
            : '#status = :running AND lease_until = :lease',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':reason': outcome.reason ?? null,
        ':dup': outcome.duplicateOf ?? null,
        ':code': outcome.statusCode ?? null,
        ':key': outcome.resultKey ?? null,
        ':error': outcome.error ?? null,
        ':billed': outcome.billedBytes ?? 0,
        ':now': nowIso(),
        ...kept.values,
        ...('token' in claim
          ? { ':running': 'running', ':token': claim.token }
          : claim.from === 'queued'
            ? { ':queued': 'queued' }
            : { ':running': 'running', ':lease': claim.leaseUntil }),
      },
    },
  };
}

/** The crawl's counters: the outcome's, and those of the links put in the same transaction. */
function crawlCounters(
  message: CrawlPageMessage,
  claim: EndingClaim,
  outcome: PageOutcome,
  links: readonly FrontierEntry[],
  notLast: boolean,
) {
  const wasRunning = 'token' in claim || claim.from === 'running';
  const deltas: Record<string, number> = {
    [outcome.status]: 1,
    pending: -1,
    billed_bytes: outcome.billedBytes ?? 0,
  };
  if (wasRunning) deltas.running = -1;
  if (outcome.status !== 'skipped') deltas.scraped = 1;
  else if (wasRunning) deltas.reserved = -1;
  if (outcome.reason === 'unchanged') deltas.unchanged = 1;
  if (links.length) {
    for (const [name, delta] of Object.entries(frontierCounterDeltas(links)))
      deltas[name] = (deltas[name] ?? 0) + delta;
  }
  const key = crawlKey(message.accountId, message.crawlId);
  return notLast
    ? addCountersUpdate(key, deltas, 'pending > :one', { ':one': 1 })
    : addCountersUpdate(key, deltas);
}
