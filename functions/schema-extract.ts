import { answerSchemaExtract, defineRoute, schemaExtractBody, schemaPrecheck } from '@webcapture/http';
import { SCHEMA_CREDIT_COST } from '@webcapture/service';

export const handler = defineRoute(
  'schema-extract',
  { body: schemaExtractBody, precheck: schemaPrecheck, metered: { creditCost: SCHEMA_CREDIT_COST } },
  answerSchemaExtract,
);
