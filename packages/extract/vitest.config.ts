import { defineConfig } from 'vitest/config';

// The extract package is pure; it needs none of the emulators the root config starts.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
  },
});
