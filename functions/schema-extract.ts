import { defineUnbuiltHandler } from '@webcapture/http';
import { schemaEnabled } from '@webcapture/service';

/** POST /v1/schema: behind the SCHEMA_ENABLED switch (spec: 404 while off); the extractor is not built yet. */
export const handler = defineUnbuiltHandler({ available: schemaEnabled });
