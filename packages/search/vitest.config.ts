import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The search package needs only the provider stand-ins its tests start themselves, not the root
// config's global setup (emulators).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
