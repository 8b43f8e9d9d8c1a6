import { inject } from 'vitest';

// Tests call the service's SDK code directly; this points it at the runtime's emulators and resources.
Object.assign(process.env, inject('awsEnv'));
