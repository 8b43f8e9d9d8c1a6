import { InvalidArgumentError } from 'commander';
import { WebcaptureError } from './errors';
import { WaitTimeoutError } from './job-polling';

/** Writes a result for a person (text) or a program (--json) to stdout. */
export function printResult(value: unknown, asJson: boolean, text?: string): void {
  process.stdout.write(
    asJson || text === undefined ? `${JSON.stringify(value, null, 2)}\n` : ensureNewline(text),
  );
}

function ensureNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** A line on stderr, for what happens while a job runs; only where a person watches. */
export function note(message: string): void {
  if (process.stderr.isTTY) process.stderr.write(`${message}\n`);
}

/**
 * Tells why the command failed, on stderr (as the API's envelope with --json) and returns the exit
 * code: 2 for a mistake on the command line, 1 for everything else.
 */
export function reportFailure(error: unknown, asJson: boolean): number {
  if (error instanceof InvalidArgumentError) {
    process.stderr.write(`webcapture: ${error.message}\n`);
    return 2;
  }
  if (error instanceof WebcaptureError) {
    const envelope = {
      status: 'failed',
      error: { code: error.code, message: error.message, http_status: error.status, details: error.details },
    };
    process.stderr.write(
      asJson
        ? `${JSON.stringify(envelope)}\n`
        : `webcapture: ${error.code} (HTTP ${error.status}): ${error.message}\n`,
    );
    return 1;
  }
  if (error instanceof WaitTimeoutError) {
    process.stderr.write(`webcapture: ${error.message}\n`);
    return 1;
  }
  process.stderr.write(`webcapture: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}
