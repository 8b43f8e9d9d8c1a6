import { Logger } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import './invoke-store';
import { ReadableLogFormatter, ReadableLogger } from './readable-format';
import { redactSecrets } from './redact';

/** The service name on every log line and the metrics' `service` dimension. */
export const SERVICE_NAME = 'webcapture';

let built: Logger | undefined;

/**
 * The process's one logger. Built on first use, not at import: the local runtime imports the
 * handlers' packages before it has put LOG_FORMAT and its emulators' settings into the
 * environment.
 */
export function logger(): Logger {
  built ??= buildLogger(process.env);
  return built;
}

/** LOG_FORMAT (`pretty` or JSON), LOG_LEVEL or POWERTOOLS_LOG_LEVEL (INFO), POWERTOOLS_SERVICE_NAME. */
export function buildLogger(env: NodeJS.ProcessEnv): Logger {
  const options = {
    serviceName: env.POWERTOOLS_SERVICE_NAME || SERVICE_NAME,
    // Powertools reads these too, from process.env; read here so `env` alone decides.
    logLevel: (env.POWERTOOLS_LOG_LEVEL || env.LOG_LEVEL || 'INFO').toUpperCase() as LogLevel,
    jsonReplacerFn: redactSecrets,
  };
  return env.LOG_FORMAT === 'pretty'
    ? new ReadableLogger({ ...options, logFormatter: new ReadableLogFormatter() })
    : new Logger(options);
}
