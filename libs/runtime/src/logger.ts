import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import { currentCorrelationId } from '@backforge/messaging';

export type { Logger } from 'pino';

/** Fields that may hold a credential: replaced before a line is written. */
const REDACT_PATHS = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  '*.authorization',
  '*.headers.authorization',
  'cookie',
  '*.cookie',
  'token',
  '*.token',
  'password',
  '*.password',
  'secret',
  '*.secret',
  'apiKey',
  '*.apiKey',
  'key',
  '*.key',
];

/** Query parameters whose value is a credential (signed download/stream tokens, keys). */
const SECRET_QUERY = /^(token|access_token|key|api_key|apikey|signature|sig|secret|password)$/i;

/** A URL (or path with query) safe to log: credential-bearing query values replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq));
      return SECRET_QUERY.test(name) ? `${pair.slice(0, eq < 0 ? pair.length : eq)}=[REDACTED]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export interface LoggerOptions {
  service: string;
  level: LevelWithSilent;
  /** Defaults to stdout. */
  destination?: DestinationStream;
}

/** JSON lines: `level` as a label, ISO time, the service, and the current correlation id. */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const correlationId = currentCorrelationId();
        return correlationId ? { correlationId } : {};
      },
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    },
    options.destination ?? pino.destination({ fd: 1, sync: true }),
  );
}

/** Nest's logger, writing through pino. Nest passes `(message, context)` or `(message, stack, context)`. */
export class PinoLoggerService implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    // Nest's error(message, stack, context): a string second parameter that looks like a stack.
    const [stack, ...rest] = params;
    if (typeof stack === 'string' && stack.includes('\n    at ')) {
      this.write('error', message, rest, { stack });
      return;
    }
    this.write('error', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(level: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal', message: unknown, params: unknown[], extra: Record<string, unknown> = {}): void {
    const context = params.length > 0 && typeof params[params.length - 1] === 'string' ? (params[params.length - 1] as string) : undefined;
    const fields = { ...(context ? { context } : {}), ...extra };
    if (message instanceof Error) this.logger[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ ...fields, ...(message as Record<string, unknown>) });
    else this.logger[level](fields, String(message));
  }
}
