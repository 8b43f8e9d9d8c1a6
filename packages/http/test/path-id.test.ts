import { isApiError } from '@webcapture/errors';
import { describe, expect, it } from 'vitest';
import { apiEvent } from '../../../test/support/lambda-event';
import { checkPathId } from '../src/middleware/path-id';
import type { ApiEvent } from '../src/request';

function verdict(id: string, prefix?: 'sc' | 'wd'): number | 'ok' {
  const event = { ...apiEvent('GET', `/x/${id}`), pathParameters: { id } } as ApiEvent;
  try {
    checkPathId(event, prefix);
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    expect(error.details).toEqual({ field: 'id', reason: 'malformed_id' });
    return error.status;
  }
}

describe('checkPathId', () => {
  it('with a prefix, accepts exactly what newId makes for it', () => {
    expect(verdict('sc_01jd0000000000000000000000', 'sc')).toBe('ok');
    expect(verdict('wd_01jd0000000000000000000000', 'sc')).toBe(404);
    expect(verdict(`sc_${'a'.repeat(1100)}`, 'sc')).toBe(404);
    expect(verdict('sc_01JD0000000000000000000000', 'sc')).toBe(404);
  });

  it('without one (a route that has not named its prefix), refuses what no stored id can be', () => {
    expect(verdict('wd_01jd0000000000000000000000')).toBe('ok');
    expect(verdict('pm-123_ABC')).toBe('ok');
    expect(verdict(`wd_${'a'.repeat(1100)}`)).toBe(404);
    expect(verdict('a/b')).toBe(404);
    expect(verdict('é')).toBe(404);
    expect(verdict('')).toBe(404);
  });
});
