import { LogItem } from '@aws-lambda-powertools/logger';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildLogger } from '../src/logger';
import { ReadableLogFormatter, ReadableLogger, renderReadableLine } from '../src/readable-format';
import { redactSecrets, redactText } from '../src/redact';

const KEY = 'sk_test_Zx8Kq2Lm4Np6Rs8Tu0Vw2Xy4Za6Bc8De';

/** The lines a logger writes, captured where it writes them (Powertools' own console in JSON mode). */
function captureOutput() {
  const lines: string[] = [];
  const take = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(take),
    vi.spyOn(process.stderr, 'write').mockImplementation(take),
    vi.spyOn(console, 'log').mockImplementation(take),
    vi.spyOn(console, 'error').mockImplementation(take),
  ];
  return {
    lines,
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('key redaction', () => {
  it('masks API keys and webhook secrets inside any text, keeping the environment', () => {
    expect(redactText(`Bearer ${KEY}`)).toBe('Bearer sk_test_[redacted]');
    expect(redactText('rotated to whsec_dGhpcyBpcyBhIHNlY3JldA== today')).toBe(
      'rotated to whsec_[redacted] today',
    );
    expect(redactText('sk_live_abc123 and sk_test_def456')).toBe('sk_live_[redacted] and sk_test_[redacted]');
    expect(redactText('ak_01JABCDEF is a key id, not a key')).toBe('ak_01JABCDEF is a key id, not a key');
  });

  it('masks credential fields by name, whatever their value', () => {
    expect(redactSecrets('Authorization', 'Basic dXNlcjpwYXNz')).toBe('[redacted]');
    expect(redactSecrets('cookie', 'session=1')).toBe('[redacted]');
    expect(redactSecrets('api_key', { nested: true })).toBe('[redacted]');
    expect(redactSecrets('account_id', 'acct_1')).toBe('acct_1');
    expect(redactSecrets('count', 3)).toBe(3);
  });

  it('keeps a key out of a JSON line however it is passed: message, key, nested header, error', () => {
    const output = captureOutput();
    const logger = buildLogger({});
    logger.appendKeys({ request_id: 'req-7', route: 'GET /v1/account' });
    logger.info(`got ${KEY}`, { event: { headers: { authorization: `Bearer ${KEY}` } } });
    logger.error('failed', new Error(`lookup of ${KEY} failed`));
    output.restore();
    expect(output.lines).toHaveLength(2);
    for (const line of output.lines) {
      expect(line).not.toContain(KEY.slice(8));
      const parsed = JSON.parse(line);
      expect(parsed).toMatchObject({ service: 'webcapture', request_id: 'req-7', route: 'GET /v1/account' });
    }
    expect(JSON.parse(output.lines[0] as string)).toMatchObject({
      level: 'INFO',
      message: 'got sk_test_[redacted]',
      event: { headers: { authorization: '[redacted]' } },
    });
    expect(JSON.parse(output.lines[1] as string).error.message).toBe('lookup of sk_test_[redacted] failed');
  });
});

describe('LOG_FORMAT', () => {
  it('builds the readable logger for pretty and the JSON one otherwise', () => {
    expect(buildLogger({ LOG_FORMAT: 'pretty' })).toBeInstanceOf(ReadableLogger);
    expect(buildLogger({ LOG_FORMAT: 'json' })).not.toBeInstanceOf(ReadableLogger);
    expect(buildLogger({})).not.toBeInstanceOf(ReadableLogger);
  });

  it('honours LOG_LEVEL', () => {
    const output = captureOutput();
    const logger = buildLogger({ LOG_LEVEL: 'WARN' });
    logger.info('not printed');
    logger.warn('printed');
    output.restore();
    expect(output.lines.map((line) => JSON.parse(line).message)).toEqual(['printed']);
  });
});

describe('the readable format', () => {
  const timestamp = new Date('2026-11-28T12:04:31.207Z');

  it('keeps time, level, message and our keys, without the Lambda context', () => {
    const item = new ReadableLogFormatter().formatAttributes(
      {
        logLevel: 'WARN',
        timestamp,
        message: 'metered request without recordBilling',
        serviceName: 'webcapture',
        awsRegion: 'eu-west-1',
        sampleRateValue: 0,
        lambdaContext: {
          invokedFunctionArn: 'arn:aws:lambda:eu-west-1:1:function:f',
          coldStart: true,
          awsRequestId: 'aws-1',
          memoryLimitInMB: '256',
          functionName: 'f',
          functionVersion: '$LATEST',
        },
      },
      { request_id: 'req-1', endpoint: '/v1/scrape' },
    );
    expect(item).toBeInstanceOf(LogItem);
    expect(item.getAttributes()).toEqual({
      time: '12:04:31.207',
      level: 'WARN',
      message: 'metered request without recordBilling',
      request_id: 'req-1',
      endpoint: '/v1/scrape',
    });
  });

  it('renders one line of key=value pairs, quoting what has spaces, with the stack below', () => {
    const error = new Error('socket hang up');
    const line = renderReadableLine(
      {
        time: '12:04:31.207',
        level: 'ERROR',
        message: 'metering cleanup failed',
        route: 'POST /v1/scrape',
        account_id: 'acct_1',
        lease: { id: 'l1' },
        error,
      },
      // As the logger's replacer does: an Error as its name, message and stack.
      (key, value) =>
        value instanceof Error
          ? { name: value.name, message: value.message, stack: value.stack }
          : redactSecrets(key, value),
    );
    const [first, ...stack] = line.split('\n');
    expect(first).toBe(
      '12:04:31.207 ERROR metering cleanup failed  route="POST /v1/scrape" account_id=acct_1 lease={"id":"l1"} error="Error: socket hang up"',
    );
    expect(stack[0]).toMatch(/^\s+at .+logger\.test\.ts:\d+/);
  });

  it('prints through the readable logger with keys and redaction, errors to stderr', () => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logger = buildLogger({ LOG_FORMAT: 'pretty' });
    logger.appendKeys({ request_id: 'req-9' });
    logger.info('answered', { status: 200 });
    logger.createChild({ persistentKeys: { message_id: 'm-1' } }).error(`bad key ${KEY}`);
    expect(out).toHaveBeenCalledOnce();
    expect(out.mock.calls[0]?.[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}answered {2}request_id=req-9 status=200$/,
    );
    expect(err).toHaveBeenCalledOnce();
    expect(err.mock.calls[0]?.[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} ERROR bad key sk_test_\[redacted\] {2}message_id=m-1 request_id=req-9$/,
    );
  });
});
