/**
 * The bucket keeps nothing longer than promised: every key prefix the code writes is a row of
 * OBJECT_RETENTION, and the stacks give each row a lifecycle expiry of at least its retention.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { lifecycleExpiryDays, OBJECT_RETENTION } from '../packages/service/src/object-retention';
import type { DryRun } from './wiring-dry-run';

type Fail = (message: string) => void;

/** Calls that create objects: a file using one of these writes keys. */
const S3_WRITES =
  /\b(PutObjectCommand|CopyObjectCommand|CreateMultipartUploadCommand|createPresignedPost)\b|new Upload\(/;
/**
 * A key-shaped literal: `word/` opening a template literal before its first `${…}`, or a string
 * that is exactly `'word/'`. A MIME type built the same way (`image/${format}`) is not a key.
 */
const KEY_PREFIX_LITERAL = /[`'"]([a-z][a-z0-9-]*\/)(?=\$\{|[`'"])/g;
const MIME_TYPES = new Set(['application/', 'audio/', 'font/', 'image/', 'multipart/', 'text/', 'video/']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'test' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

/** Prefixes written by the code (packages/star/src, functions/) that OBJECT_RETENTION does not list. */
export function checkWrittenPrefixes(root: string, fail: Fail): string[] {
  const declared = new Set<string>(Object.values(OBJECT_RETENTION).map((object) => object.prefix));
  const files = [
    ...readdirSync(join(root, 'packages')).flatMap((pkg) => {
      const src = join(root, 'packages', pkg, 'src');
      return statSync(join(root, 'packages', pkg)).isDirectory() && existsDir(src) ? sourceFiles(src) : [];
    }),
    ...sourceFiles(join(root, 'functions')),
  ];
  const writers: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!S3_WRITES.test(text)) continue;
    writers.push(relative(root, file));
    for (const match of text.matchAll(KEY_PREFIX_LITERAL)) {
      const prefix = match[1] as string;
      if (!declared.has(prefix) && !MIME_TYPES.has(prefix)) {
        fail(
          `${relative(root, file)} writes S3 keys under ${prefix}, which OBJECT_RETENTION (packages/service/src/object-retention.ts) does not list: no lifecycle expiry`,
        );
      }
    }
  }
  return writers;
}

function existsDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

const DAY_SECONDS = 24 * 3600;

/** The bucket as the stacks build it: one expiry per OBJECT_RETENTION row, CORS off. */
export function checkBucket(stage: string, run: DryRun, fail: Fail): void {
  const bucket = run.components.find((c) => c.kind === 'Bucket');
  if (!bucket) {
    fail(`${stage}: no bucket`);
    return;
  }
  if (bucket.args.cors !== false) fail(`${stage}: bucket CORS must be off (cors: false)`);
  const rules = (bucket.args.lifecycle ?? []) as { prefix?: string; expiresIn?: string }[];
  for (const [name, object] of Object.entries(OBJECT_RETENTION)) {
    const rule = rules.filter((candidate) => candidate.prefix === object.prefix);
    const days = Number(/^(\d+) days?$/.exec(rule[0]?.expiresIn ?? '')?.[1]);
    if (rule.length !== 1) {
      fail(`${stage}: ${object.prefix} (${name}) has ${rule.length} lifecycle rules, expected one expiry`);
    } else if (!(days * DAY_SECONDS >= object.retentionSeconds) || days !== lifecycleExpiryDays(object)) {
      fail(
        `${stage}: ${object.prefix} expires after ${rule[0]?.expiresIn}, expected ${lifecycleExpiryDays(object)} days (retention ${object.retentionSeconds} s)`,
      );
    }
  }
  for (const rule of rules) {
    if (!Object.values(OBJECT_RETENTION).some((object) => object.prefix === rule.prefix)) {
      fail(`${stage}: lifecycle rule for ${rule.prefix}, which OBJECT_RETENTION does not list`);
    }
  }
}
