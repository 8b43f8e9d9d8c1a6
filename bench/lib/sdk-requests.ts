import { performance } from 'node:perf_hooks';

type Tallies = Map<string, number>;

interface MiddlewareClient {
  middlewareStack: {
    add(middleware: never, options: { step: 'finalizeRequest'; priority: 'low'; name: string }): void;
  };
}

type CountingMiddleware = (
  next: (args: unknown) => Promise<unknown>,
  context: { commandName?: string },
) => (args: unknown) => Promise<unknown>;

const bump = (map: Tallies, key: string, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/**
 * Every HTTP request the watched AWS SDK clients send, retries included, by label (the client's
 * service) and by `label:Command`, with failures by `label:Command:Error` and time spent per
 * command. The handlers run in the benchmark's process on the same clients, so this is what the
 * service sent.
 */
export class SdkRequestTally {
  readonly byLabel: Tallies = new Map();
  readonly byCommand: Tallies = new Map();
  readonly errors: Tallies = new Map();
  readonly millis: Tallies = new Map();

  watch(client: MiddlewareClient, label: string): void {
    const middleware: CountingMiddleware = (next, context) => async (args) => {
      const command = `${label}:${String(context.commandName ?? 'unknown').replace(/Command$/, '')}`;
      const started = performance.now();
      bump(this.byLabel, label);
      bump(this.byCommand, command);
      try {
        return await next(args);
      } catch (error) {
        bump(this.errors, `${command}:${(error as Error).name}`);
        // A cancelled transaction: which of its writes refused, and why (conflicts vs conditions).
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
        if (reasons) bump(this.errors, `${command}:${reasons.map((reason) => reason.Code ?? '?').join(',')}`);
        throw error;
      } finally {
        bump(this.millis, command, performance.now() - started);
      }
    };
    // Inside the retry middleware (finalizeRequest, high priority): one count per HTTP attempt.
    client.middlewareStack.add(middleware as never, {
      step: 'finalizeRequest',
      priority: 'low',
      name: `benchCount-${label}`,
    });
  }

  count(label: string): number {
    return this.byLabel.get(label) ?? 0;
  }

  /** Average milliseconds per request, by `label:Command`. */
  averageMillis(): Record<string, number> {
    return Object.fromEntries(
      [...this.millis].map(([command, ms]) => [command, Math.round(ms / (this.byCommand.get(command) ?? 1))]),
    );
  }

  /** A copy of the tallies now, for `since`. */
  mark(): Pick<SdkRequestTally, 'byLabel' | 'byCommand' | 'errors'> {
    return {
      byLabel: new Map(this.byLabel),
      byCommand: new Map(this.byCommand),
      errors: new Map(this.errors),
    };
  }

  /** What was sent after `mark` was taken. */
  since(mark: ReturnType<SdkRequestTally['mark']>): ReturnType<SdkRequestTally['mark']> {
    const delta = (now: Tallies, before: Tallies) =>
      new Map([...now].map(([k, v]) => [k, v - (before.get(k) ?? 0)] as const).filter(([, v]) => v > 0));
    return {
      byLabel: delta(this.byLabel, mark.byLabel),
      byCommand: delta(this.byCommand, mark.byCommand),
      errors: delta(this.errors, mark.errors),
    };
  }

  reset(): void {
    for (const map of [this.byLabel, this.byCommand, this.errors, this.millis]) map.clear();
  }
}
