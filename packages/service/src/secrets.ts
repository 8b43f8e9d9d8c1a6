import { GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import { SECRET_NOT_SET, SECRETS, type SecretName, secretParameterVariable } from './secret-names';

/**
 * Secrets on AWS are SSM SecureStrings, never environment values (secret-names.ts). At cold start
 * this reads the ones the function was given (`<NAME>_PARAMETER`) in one GetParameters call and
 * sets `process.env.<NAME>`, so every reader (the proxy map in packages/capture, the content-URL
 * key, Stripe, Brave) keeps reading its variable synchronously, the same code locally, where the
 * variable itself is set and nothing is fetched. A variable already set wins.
 */
export type FetchParameters = (names: string[]) => Promise<Record<string, string>>;

const fetchFromSsm: FetchParameters = async (names) => {
  const { Parameters = [], InvalidParameters = [] } = await new SSMClient({}).send(
    new GetParametersCommand({ Names: names, WithDecryption: true }),
  );
  if (InvalidParameters.length > 0) {
    // The names only: the stage is missing a parameter the stacks should have created.
    throw new Error(`SSM parameters not found: ${InvalidParameters.join(', ')}`);
  }
  return Object.fromEntries(Parameters.map((parameter) => [parameter.Name ?? '', parameter.Value ?? '']));
};

/** The secrets `env` names a parameter for and does not already hold, by parameter name. */
export function pendingSecrets(env: NodeJS.ProcessEnv): Map<string, SecretName> {
  const pending = new Map<string, SecretName>();
  for (const secret of Object.keys(SECRETS) as SecretName[]) {
    const parameter = env[secretParameterVariable(secret)];
    if (parameter && !env[secret]) pending.set(parameter, secret);
  }
  return pending;
}

/** Sets each pending secret in `env` from its parameter: one call, none when nothing is pending. */
export async function loadSecrets(
  env: NodeJS.ProcessEnv = process.env,
  fetchParameters: FetchParameters = fetchFromSsm,
): Promise<void> {
  const pending = pendingSecrets(env);
  if (pending.size === 0) return;
  // GetParameters takes ten names; a function reads at most a few secrets.
  const values = await fetchParameters([...pending.keys()]);
  for (const [parameter, secret] of pending) {
    const value = values[parameter];
    if (value === undefined) throw new Error(`SSM parameter ${parameter} (${secret}) was not returned`);
    // An optional secret nobody set (its placeholder): the variable stays unset, as locally.
    if (value !== SECRET_NOT_SET) env[secret] = value;
  }
}

// Once per process, during the Lambda's init phase (cold start): the module graph waits for it, so
// no handler runs before its secrets are in place. Locally nothing is pending and nothing is fetched.
await loadSecrets();
