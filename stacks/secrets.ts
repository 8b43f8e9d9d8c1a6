/**
 * Secrets are set per stage with `npx sst secret set <Name> <value> --stage <stage>` and a deploy
 * fails, naming the secret, until they are.
 */
import { WEBHOOK_SIGNING_SECRET } from './resource-names';

export function createSecrets() {
  // Key for the HMAC-SHA256 webhook signatures (X-Service-Signature).
  const webhookSigningSecret = new sst.Secret(WEBHOOK_SIGNING_SECRET);
  return { webhookSigningSecret };
}
