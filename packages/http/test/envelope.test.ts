import { ApiError } from '@webcapture/errors';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../src/envelope';

const at = new Date('2026-11-21T10:00:00.123Z');

describe('error envelope', () => {
  it('snake case: http_status and failed_at, details absent when there is no context', () => {
    const body = errorBody(new ApiError('forbidden', 'nope'), 'snake', at);
    expect(body).toEqual({
      status: 'failed',
      error: { code: 'forbidden', message: 'nope', http_status: 403, failed_at: '2026-11-21T10:00:00.123Z' },
    });
    expect('details' in body.error).toBe(false);
  });

  it('snake case carries details when there is context', () => {
    const body = errorBody(
      new ApiError('invalid_url', 'bad', { details: { field: 'webhook_url' } }),
      'snake',
      at,
    );
    expect(body.error).toMatchObject({ http_status: 400, details: { field: 'webhook_url' } });
  });

  it('camel case: httpStatus and failedAt, details may be an empty object', () => {
    const body = errorBody(new ApiError('rate_limited', 'slow down'), 'camel', at);
    expect(body).toEqual({
      status: 'failed',
      error: {
        code: 'rate_limited',
        message: 'slow down',
        httpStatus: 429,
        failedAt: '2026-11-21T10:00:00.123Z',
        details: {},
      },
    });
  });

  it('mirrors a status that overrides the table', () => {
    const body = errorBody(new ApiError('validation_error', 'x', { status: 422 }), 'snake', at);
    expect(body.error).toMatchObject({ code: 'validation_error', http_status: 422 });
  });
});
