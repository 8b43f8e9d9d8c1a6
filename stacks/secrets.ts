/**
 * Secrets are set per stage with `npx sst secret set <Name> <value> --stage <stage>`; a deploy
 * fails, naming the secret, until those without a placeholder are set. Functions never get a
 * value in their environment: each secret is copied into an SSM SecureString (encrypted with the
 * account's aws/ssm key) and a function that reads it gets the parameter's name and
 * ssm:GetParameters on that one parameter (packages/service/src/secrets.ts reads it at cold start).
 */
import { SECRETS, type SecretName } from '../packages/service/src/secret-names';

/** `/webcapture/<stage>/<Component>`: one path per stage, so stages never read each other's. */
export function secretParameterName(stage: string, secret: SecretName): string {
  return `/webcapture/${stage}/${SECRETS[secret].component}`;
}

/** Only the secrets some function reads (a secret nothing reads would still block the deploy). */
export function createSecrets(
  stage: string,
  used: ReadonlySet<SecretName>,
): Partial<Record<SecretName, aws.ssm.Parameter>> {
  const parameters: Partial<Record<SecretName, aws.ssm.Parameter>> = {};
  for (const name of Object.keys(SECRETS) as SecretName[]) {
    if (!used.has(name)) continue;
    const declared: { component: string; placeholder?: string } = SECRETS[name];
    const secret = new sst.Secret(declared.component, declared.placeholder);
    parameters[name] = new aws.ssm.Parameter(`${declared.component}Parameter`, {
      name: secretParameterName(stage, name),
      type: 'SecureString',
      value: secret.value,
    });
  }
  return parameters;
}
