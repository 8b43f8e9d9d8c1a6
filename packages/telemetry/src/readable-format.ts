import { LogFormatter, Logger, LogItem, LogLevelThreshold } from '@aws-lambda-powertools/logger';
import type {
  ConstructorOptions,
  LogAttributes,
  UnformattedAttributes,
} from '@aws-lambda-powertools/logger/types';

/**
 * LOG_FORMAT=pretty: a line a person reads in a terminal (`npm start`),
 *   12:04:31.207 ERROR metering cleanup failed  request_id=… route="POST /v1/scrape" account_id=acct_…
 * The formatter keeps the time, level, message and our own keys, and leaves out the Lambda context
 * (function ARN, memory, cold start), which says nothing locally.
 */
export class ReadableLogFormatter extends LogFormatter {
  override formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        time: attributes.timestamp.toISOString().slice(11, 23),
        level: attributes.logLevel,
        message: attributes.message,
      },
    }).addAttributes(additional);
  }
}

/** Strings printed bare; one with a space, quote or `=` is quoted so the line stays parseable. */
const BARE_VALUE = /^[^\s"=]+$/;

interface FormattedError {
  name: string;
  message: string;
  stack?: string;
}

/** `time LEVEL message  key=value …`, then an error's stack on the lines below. */
export function renderReadableLine(
  attributes: LogAttributes,
  replacer: (key: string, value: unknown) => unknown,
): string {
  // Through the logger's JSON replacer first: secrets redacted, an Error as {name, message, stack}.
  const { time, level, message, ...keys } = JSON.parse(JSON.stringify(attributes, replacer)) as LogAttributes;
  const pairs: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(keys)) {
    if (isFormattedError(value)) {
      pairs.push(`${key}=${quoted(`${value.name}: ${value.message}`)}`);
      if (value.stack) stack = `\n${value.stack.split('\n').slice(1).join('\n')}`;
    } else {
      pairs.push(`${key}=${typeof value === 'string' ? quoted(value) : JSON.stringify(value)}`);
    }
  }
  const head = `${time} ${String(level).padEnd(5)} ${message}`;
  return (pairs.length ? `${head}  ${pairs.join(' ')}` : head) + stack;
}

function quoted(text: string): string {
  return BARE_VALUE.test(text) ? text : JSON.stringify(text);
}

function isFormattedError(value: unknown): value is FormattedError {
  return (
    typeof value === 'object' && value !== null && 'name' in value && 'message' in value && 'stack' in value
  );
}

/** Powertools prints every item as JSON; this logger prints the readable line instead. */
export class ReadableLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    log.prepareForPrint();
    const line = renderReadableLine(
      log.getAttributes(),
      this.getJsonReplacer() as (key: string, value: unknown) => unknown,
    );
    // As Powertools' own dev mode does: the process's console; warnings and errors to stderr.
    if (logLevel >= LogLevelThreshold.WARN) console.error(line);
    else console.log(line);
  }

  // Child loggers (per-record keys) print the same way.
  protected override createLogger(options?: ConstructorOptions): Logger {
    return new ReadableLogger(options);
  }
}
