import { HealthRegistry } from './health.registry.js';

describe('HealthRegistry', () => {
  it('is ready only when every check passes, and names the failing one', async () => {
    const registry = new HealthRegistry(1000);
    registry.register({ name: 'postgres', check: async () => undefined });
    registry.register({ name: 'nats', check: async () => Promise.reject(new Error('connection refused\nmore')) });
    expect(await registry.readiness()).toEqual({
      status: 'error',
      checks: { postgres: { status: 'ok' }, nats: { status: 'error', error: 'connection refused' } },
    });
  });

  it('bounds each check by the timeout', async () => {
    const registry = new HealthRegistry(50);
    registry.register({ name: 'eventStore', check: () => new Promise(() => undefined) });
    const started = Date.now();
    const result = await registry.readiness();
    expect(result.checks.eventStore).toEqual({ status: 'error', error: 'no answer within 50 ms' });
    // The error names the 50 ms bound; the clock only shows it did not hang (wide: a loaded machine stretches 50 ms).
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('refuses a check registered twice', () => {
    const registry = new HealthRegistry(50);
    registry.register({ name: 'x', check: async () => undefined });
    expect(() => registry.register({ name: 'x', check: async () => undefined })).toThrow("Health check 'x' is registered twice");
  });
});
