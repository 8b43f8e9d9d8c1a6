import { KEY_SCOPES } from '@webcapture/service';
import { z } from 'zod';

const keyName = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

export const createApiKeyBody = z.strictObject({
  name: keyName,
  scopes: z
    .array(z.enum(KEY_SCOPES))
    .min(1, 'must name at least one scope')
    .optional()
    .describe('Permissions of the new key; defaults to those of the key making the request.'),
});

export const renameApiKeyBody = z.strictObject({ name: keyName });

export const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  cursor: z.string().optional(),
});
