import { ConfigError } from '@backforge/config';
import type { RunningService } from './service-shell.js';

const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * The body of every main.ts. Starts the process; a start failure (a bad setting: ConfigError) prints
 * ONE line naming the problem to stderr and exits 1. SIGTERM/SIGINT close everything in order and
 * exit 0; a close that outlives the shutdown timeout exits 1.
 */
export function runMain(processName: string, start: () => Promise<RunningService>): void {
  let running: RunningService | undefined;
  let stopping = false;

  const started = start().then(
    (service) => {
      running = service;
      return service;
    },
    (error: unknown) => {
      if (error instanceof ConfigError) {
        process.stderr.write(`backforge-${processName}: ${oneLine(error)}\n`);
      } else {
        process.stderr.write(`backforge-${processName}: could not start: ${oneLine(error)}\n`);
        if (error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
      }
      process.exit(1);
    },
  );

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    const timeoutMs = running?.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
    setTimeout(() => {
      process.stderr.write(`backforge-${processName}: shutdown after ${signal} took longer than ${timeoutMs} ms\n`);
      process.exit(1);
    }, timeoutMs).unref();
    void started
      .then((service) => service.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`backforge-${processName}: shutdown failed: ${oneLine(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
