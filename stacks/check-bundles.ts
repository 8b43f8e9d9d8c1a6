/**
 * Bundles every handler with esbuild, as SST does, and checks what the bundles show:
 * - a function whose bundle reaches Chromium must say `browser: true` in its manifest entry;
 * - a function granted calls its bundle never makes (stacks/access.ts) holds more than it needs;
 * - each function's deployed bundle size is printed (everything inlined and minified, as SST
 *   ships it, Chromium aside), so a tiny function that ships megabytes shows.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import type { Uses } from './access';
import { unusedGrants } from './check-access';

type Fail = (message: string) => void;

export interface BundledFunction {
  /** How the check names it: `route health`, `worker scrape-jobs`, … */
  owner: string;
  file: string;
  browser: boolean;
  uses: Uses;
}

/** What pulls Chromium into a bundle: the render package, or the browser libraries themselves. */
const BROWSER_MODULES =
  /(^|\/)(packages\/render\/|node_modules\/(puppeteer-core|@sparticuz\/chromium)\/)|^(puppeteer-core|@sparticuz\/chromium)(\/|$)/;

const COMMON: BuildOptions = {
  bundle: true,
  write: false,
  platform: 'node',
  format: 'esm',
  outdir: 'out',
  logLevel: 'silent',
};

/**
 * Our code inlined, every package an import: what the Chromium and loader checks read. With
 * `reachableOnly`, our modules count as side-effect free, so a package barrel contributes only
 * what the handler reaches: the code whose calls the grant check looks for.
 */
async function buildOwnCode(root: string, files: string[], reachableOnly: boolean) {
  const { build } = await import('esbuild');
  return build({
    ...COMMON,
    metafile: true,
    absWorkingDir: root,
    entryPoints: files,
    plugins: [
      {
        name: 'external-packages',
        setup(plugin) {
          plugin.onResolve({ filter: /.*/ }, async (args) => {
            if (args.pluginData === RESOLVING || args.kind === 'entry-point') return undefined;
            // Our workspace packages are inlined (as SST does); everything else stays an import.
            if (/^[^./]/.test(args.path) && !args.path.startsWith('@webcapture/')) {
              return { path: args.path, external: true };
            }
            if (!reachableOnly) return undefined;
            const { path, errors } = await plugin.resolve(args.path, {
              kind: args.kind,
              importer: args.importer,
              resolveDir: args.resolveDir,
              pluginData: RESOLVING,
            });
            return errors.length > 0 ? { errors } : { path, sideEffects: false };
          });
        },
      },
    ],
  });
}

/** Marks the plugin's own resolve calls, so it does not answer them again. */
const RESOLVING = Symbol('resolving');

function textByEntry(root: string, result: Awaited<ReturnType<typeof buildOwnCode>>): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [path, output] of Object.entries(result.metafile.outputs)) {
    const file = result.outputFiles?.find((candidate) => candidate.path === join(root, path));
    if (output.entryPoint) texts.set(output.entryPoint, file?.text ?? '');
  }
  return texts;
}

/** Bytes of each handler as deployed: packages inlined and minified, `nodejs.install` left out. */
async function deployedSizes(root: string, files: string[]): Promise<Map<string, number>> {
  const { build } = await import('esbuild');
  const result = await build({
    ...COMMON,
    metafile: true,
    absWorkingDir: root,
    entryPoints: files,
    minify: true,
    target: 'node22',
    external: ['@sparticuz/chromium'],
    // Bundled CommonJS packages call require(); SST adds the same banner.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  const sizes = new Map<string, number>();
  for (const output of Object.values(result.metafile.outputs)) {
    if (output.entryPoint) sizes.set(output.entryPoint, output.bytes);
  }
  return sizes;
}

export async function checkBundles(
  root: string,
  functions: readonly BundledFunction[],
  fail: Fail,
  warn: (message: string) => void,
): Promise<{ bundlingChromium: number; sizes: string[] }> {
  const files = [...new Set(functions.map((fn) => fn.file))].filter((file) => existsSync(join(root, file)));
  const result = await buildOwnCode(root, files, false);
  const textOf = textByEntry(root, result);
  const reachableTextOf = textByEntry(root, await buildOwnCode(root, files, true));
  const reachesChromium = new Map<string, string | undefined>();
  for (const output of Object.values(result.metafile.outputs)) {
    if (!output.entryPoint) continue;
    const reached = [...Object.keys(output.inputs), ...output.imports.map((i) => i.path)].find((input) =>
      BROWSER_MODULES.test(input),
    );
    reachesChromium.set(output.entryPoint, reached);
  }
  for (const fn of functions) {
    const reached = reachesChromium.get(fn.file);
    if (reached && !fn.browser) {
      fail(
        `${fn.owner}: ${fn.file} bundles Chromium (${reached}) but its manifest entry does not say browser: true`,
      );
    }
    // The secrets reach process.env only through the cold-start loader (packages/service/src/secrets.ts).
    if (fn.uses.secrets?.length && !/\bawait loadSecrets\(\)/.test(textOf.get(fn.file) ?? '')) {
      fail(
        `${fn.owner}: reads ${fn.uses.secrets.join(', ')} but its bundle never loads secrets at cold start`,
      );
    }
    const unused = unusedGrants(fn.uses, reachableTextOf.get(fn.file) ?? '');
    if (unused.length > 0) {
      fail(`${fn.owner}: granted ${unused.join(', ')}, which its bundle (${fn.file}) never calls`);
    }
  }
  let sizes = new Map<string, number>();
  try {
    sizes = await deployedSizes(root, files);
  } catch (error) {
    warn(`bundle sizes not measured: ${(error as Error).message.split('\n')[0]}`);
  }
  const lines = functions
    .filter((fn) => sizes.has(fn.file))
    .map((fn) => ({ owner: fn.owner, bytes: sizes.get(fn.file) as number }))
    .sort((a, b) => b.bytes - a.bytes)
    .map(({ owner, bytes }) => `${(bytes / 1024 / 1024).toFixed(2).padStart(6)} MB  ${owner}`);
  return { bundlingChromium: [...reachesChromium.values()].filter(Boolean).length, sizes: lines };
}
