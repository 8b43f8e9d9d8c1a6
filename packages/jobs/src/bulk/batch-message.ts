import type { BulkBatchMessage, ClaimedItem } from '@webcapture/service';

/** Admission's endpoint and the usage rows' base name: /v1/{scrape,fetch}/bulk, or /v1/bulk (screenshots). */
export function endpointOf(message: BulkBatchMessage): string {
  return message.kind === 'screenshot' ? '/v1/bulk' : `/v1/${message.kind}/bulk`;
}

export function requestOf(message: BulkBatchMessage, item: ClaimedItem): Record<string, unknown> {
  // An item's own custom replaces the job's, as in its events.
  return { ...message.options, custom: message.custom, ...item.overrides, url: item.url };
}
