#!/usr/bin/env node
// The package ships TypeScript sources without a build step; tsx compiles them on load.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
