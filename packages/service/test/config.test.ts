import { afterEach, describe, expect, it } from 'vitest';
import { keyEnvironment, tableName } from '../src/config';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('configuration', () => {
  it('takes KEY_ENVIRONMENT first, then the SST stage: only production is live', () => {
    delete process.env.KEY_ENVIRONMENT;
    process.env.SST_RESOURCE_App = JSON.stringify({ name: 'webcapture', stage: 'production' });
    expect(keyEnvironment()).toBe('live');
    process.env.SST_RESOURCE_App = JSON.stringify({ name: 'webcapture', stage: 'staging' });
    expect(keyEnvironment()).toBe('test');
    process.env.KEY_ENVIRONMENT = 'live';
    expect(keyEnvironment()).toBe('live');
  });

  it('reads the table name from TABLE_NAME, else from an SST link', () => {
    delete process.env.TABLE_NAME;
    process.env.SST_RESOURCE_Table = JSON.stringify({ name: 'webcapture-staging-Table' });
    expect(tableName()).toBe('webcapture-staging-Table');
    process.env.TABLE_NAME = 'explicit';
    expect(tableName()).toBe('explicit');
    delete process.env.TABLE_NAME;
    delete process.env.SST_RESOURCE_Table;
    expect(() => tableName()).toThrow(/TABLE_NAME/);
  });
});
