import { listQuery } from './api-keys';

/** GET /v1/recordings: newest first, `limit` per page (1–100, default 100), `cursor` from next_cursor. */
export const recordingsListQuery = listQuery;
