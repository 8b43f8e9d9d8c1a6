import { defineUnbuiltHandler } from '@webcapture/http';

/** Every route the spec states but we have not built yet: a clear 501, never a 404 or a crash. */
export const handler = defineUnbuiltHandler();
