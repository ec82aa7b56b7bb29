import { withTimeout } from '@backforge/resilience';

/** One dependency the service needs to do its work (PostgreSQL, the event store, NATS, ...). */
export interface HealthCheck {
  name: string;
  /** Resolves when the dependency answers; rejects (or times out) when it does not. */
  check(): Promise<void>;
}

export type CheckResult = { status: 'ok' } | { status: 'error'; error: string };

export interface Readiness {
  status: 'ok' | 'error';
  checks: Record<string, CheckResult>;
}

/**
 * The checks behind /health/ready. The shell registers the runtime's own (postgres, eventStore,
 * nats); a service module adds its dependencies with `register` (e.g. in onModuleInit).
 */
export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();

  constructor(private readonly timeoutMs: number) {}

  register(check: HealthCheck): void {
    if (this.checks.has(check.name)) throw new Error(`Health check '${check.name}' is registered twice`);
    this.checks.set(check.name, check);
  }

  names(): string[] {
    return [...this.checks.keys()];
  }

  /** Runs every check in parallel, each bounded; ready only when all pass. */
  async readiness(): Promise<Readiness> {
    const entries = await Promise.all(
      [...this.checks.values()].map(async (c): Promise<[string, CheckResult]> => {
        try {
          await withTimeout(c.check(), this.timeoutMs, () => new Error(`no answer within ${this.timeoutMs} ms`));
          return [c.name, { status: 'ok' }];
        } catch (error) {
          const message = error instanceof Error && error.message ? error.message : String(error);
          return [c.name, { status: 'error', error: message.split('\n')[0] ?? 'failed' }];
        }
      }),
    );
    const checks = Object.fromEntries(entries);
    return { status: entries.every(([, r]) => r.status === 'ok') ? 'ok' : 'error', checks };
  }
}
