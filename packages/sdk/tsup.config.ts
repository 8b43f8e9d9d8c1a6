import { defineConfig } from 'tsup';

// The published build: the library as ESM and CommonJS with types for both, and the CLI as one
// ESM file with its shebang (tsup keeps it) so `npx webcapture` runs without TypeScript.
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    target: 'node20',
    platform: 'node',
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
  },
]);
