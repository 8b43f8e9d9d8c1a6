import type { FetchResult } from '@webcapture/capture';

/**
 * A capture as the capture cache (`@webcapture/service`, cache/) stores and replays it: what the
 * origin answered, without the facts of one connection (its peer address and proxy country).
 */
export type CachedCapture = Omit<FetchResult, 'remoteAddress' | 'proxyCountry'>;
