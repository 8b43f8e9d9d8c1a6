import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The render package needs only the fixture site and the browser its tests start themselves, not the root
// config's global setup (emulators).
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
