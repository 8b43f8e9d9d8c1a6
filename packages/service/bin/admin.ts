/**
 * Operator CLI: `npm run admin -- <command>`. Talks to DynamoDB directly, so it works against
 * the local runtime (it reads the endpoints the running runtime wrote to DATA_DIR) and against a
 * deployed stage (`npx sst shell --stage staging -- npm run admin -- …`, which supplies the
 * table name and AWS credentials).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createAccount,
  createApiKey,
  KEY_SCOPES,
  type KeyScope,
  LIMIT_FIELDS,
  PLANS,
  quotaUsage,
  requireAccount,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  setAccountOverrides,
  setAccountPlan,
  setSpendingCap,
  setSubscriptionStatus,
  sstStage,
} from '../src/index';

const USAGE = `Usage: npm run admin -- <command>

  account create --name NAME [--plan PLAN]     create an account (default plan: free)
  account show ACCOUNT_ID                      print an account
  account set-plan ACCOUNT_ID PLAN             move an account to a plan (custom plans too)
  account set-subscription ACCOUNT_ID STATUS [--grace-until ISO_TIME | --clear-grace]
                                               ${SUBSCRIPTION_STATUSES.join('|')}; an existing
                                               dunning grace date is kept unless given or cleared
  account set-overrides ACCOUNT_ID [--requests_per_second N] [--concurrency N]
      [--monthly_quota_bytes N] [--max_bulk_size_bytes N] [--monthly_credits N]
                                               replace the account's limit overrides (none: clear)
  account set-spending-cap ACCOUNT_ID --cap-usd N --credit-price-usd N | --clear
                                               overage agreement of a custom-plan account
  account usage ACCOUNT_ID                     this month's quota counters and held slots
  key create ACCOUNT_ID [--name NAME] [--scopes ${KEY_SCOPES.join(',')}]
                                               mint a key; its plaintext is printed once
  plans                                        list every plan, custom ones included

Against a deployed stage: npx sst shell --stage STAGE --target AdminCli -- npm run admin -- …
(keys minted there are sk_live_ on production, sk_test_ elsewhere). Against the local runtime:
run it beside \`npm start\` (DATA_DIR, default .data, must match).`;

/**
 * Under `sst shell` the deployed stage's resources are in the environment; only without them
 * does the CLI look for a running local runtime, which records its endpoints in DATA_DIR.
 */
function loadLocalRuntimeEnv(): void {
  if (process.env.TABLE_NAME || sstStage()) return;
  const file = join(process.env.DATA_DIR ?? '.data', 'runtime-env.json');
  if (!existsSync(file)) {
    throw new Error(
      `TABLE_NAME is not set and ${file} does not exist: start the local runtime (npm start) first.`,
    );
  }
  Object.assign(process.env, JSON.parse(readFileSync(file, 'utf8')));
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], what: string): T {
  if (!value || !allowed.includes(value as T))
    throw new Error(`${what} must be one of: ${allowed.join(', ')}`);
  return value as T;
}

function number(value: unknown, what: string): number {
  const parsed = Number(value);
  if (typeof value !== 'string' || !Number.isFinite(parsed) || parsed < 0)
    throw new Error(`${what} must be a number ≥ 0`);
  return parsed;
}

function arg(positionals: string[], index: number, what: string): string {
  const value = positionals[index];
  if (!value) throw new Error(`missing ${what}\n\n${USAGE}`);
  return value;
}

async function run(argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      scopes: { type: 'string' },
      'grace-until': { type: 'string' },
      'clear-grace': { type: 'boolean' },
      'cap-usd': { type: 'string' },
      'credit-price-usd': { type: 'string' },
      clear: { type: 'boolean' },
      help: { type: 'boolean' },
      requests_per_second: { type: 'string' },
      concurrency: { type: 'string' },
      monthly_quota_bytes: { type: 'string' },
      max_bulk_size_bytes: { type: 'string' },
      monthly_credits: { type: 'string' },
    },
  });
  const command = positionals.slice(0, 2).join(' ');
  if (values.help || positionals.length === 0) return USAGE;
  if (command.startsWith('plans')) return PLANS;
  loadLocalRuntimeEnv();
  switch (command) {
    case 'account create':
      return createAccount({ name: values.name ?? 'Unnamed account', planId: values.plan });
    case 'account show':
      return requireAccount(arg(positionals, 2, 'ACCOUNT_ID'));
    case 'account set-plan':
      return setAccountPlan(arg(positionals, 2, 'ACCOUNT_ID'), arg(positionals, 3, 'PLAN'));
    case 'account set-subscription': {
      if (values['clear-grace'] && values['grace-until'] !== undefined)
        throw new Error('give --grace-until or --clear-grace, not both');
      return setSubscriptionStatus(
        arg(positionals, 2, 'ACCOUNT_ID'),
        oneOf<SubscriptionStatus>(positionals[3], SUBSCRIPTION_STATUSES, 'STATUS'),
        // Absent: the grace date stays as it is (a status change alone must not end a grace period).
        { graceUntil: values['clear-grace'] ? null : values['grace-until'] },
      );
    }
    case 'account set-overrides': {
      const given = LIMIT_FIELDS.filter((field) => values[field] !== undefined);
      const overrides = Object.fromEntries(given.map((field) => [field, number(values[field], field)]));
      return setAccountOverrides(arg(positionals, 2, 'ACCOUNT_ID'), given.length ? overrides : null);
    }
    case 'account set-spending-cap':
      return setSpendingCap(
        arg(positionals, 2, 'ACCOUNT_ID'),
        values.clear
          ? null
          : {
              spending_cap_usd: number(values['cap-usd'], '--cap-usd'),
              credit_price_usd: number(values['credit-price-usd'], '--credit-price-usd'),
            },
      );
    case 'account usage':
      return quotaUsage(arg(positionals, 2, 'ACCOUNT_ID'));
    case 'key create': {
      const scopes = values.scopes
        ?.split(',')
        .map((s) => oneOf<KeyScope>(s.trim(), KEY_SCOPES, 'each scope'));
      return createApiKey(arg(positionals, 2, 'ACCOUNT_ID'), { name: values.name ?? 'admin', scopes });
    }
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }
}

try {
  const result = await run(process.argv.slice(2));
  console.log(typeof result === 'string' ? result : JSON.stringify(result, null, 2));
} catch (error) {
  console.error(`admin: ${(error as Error).message}`);
  process.exitCode = 1;
}
