import { randomBytes } from 'node:crypto';
import { generateKeyringSpec, generateSecret } from '@backforge/auth';
import { SERVICE_NAMES, SUBJECTS, type PingReply } from '@backforge/contracts';
import { createNatsTransport, MessagingClient, runWithCorrelation } from '@backforge/messaging';
import { createTestDatabase, describeWith, testServers, waitFor, type TestDatabase } from '@backforge/testing';
import { appEntry, getJson, spawnApp, startedPort, type AppProcess } from './test-support/processes.js';

// Runs the built apps (apps/<service>/dist/main.js): `pnpm test` runs `pnpm build` before jest.

describeWith(['postgres', 'nats'])('each service in its own process (distributed mode)', () => {
  let db: TestDatabase;
  const apps = new Map<string, AppProcess>();
  // This run's own subjects on the shared NATS server: another suite's services never answer ours.
  const namespace = `e2e-svc-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase('bf_svc');
  });

  afterAll(async () => {
    for (const app of apps.values()) await app.stop('SIGKILL');
    await db?.drop();
  });

  it('starts every service against NATS + PostgreSQL; each reports ready, answers over NATS, and stops cleanly on SIGTERM', async () => {
    for (const service of SERVICE_NAMES) {
      apps.set(
        service,
        spawnApp(appEntry(service), {
          DATABASE_URL: db.url,
          NATS_URL: testServers().nats ?? '',
          NATS_NAMESPACE: namespace,
          AUTH_DIGEST_KEY: generateSecret(),
          AUTH_SIGNING_KEYS: generateKeyringSpec(),
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          // A 120 s shutdown bound, so 'stops promptly, not by a step running into its timeout' has a wide margin.
          SHUTDOWN_TIMEOUT_MS: '120000',
        }),
      );
    }
    const ports = new Map<string, number>();
    for (const [service, app] of apps) ports.set(service, await startedPort(app, 240_000));

    for (const [service, port] of ports) {
      const live = await getJson(`http://127.0.0.1:${port}/health/live`);
      expect(live).toMatchObject({ status: 200, body: { status: 'ok', service } });
      // Started is not necessarily ready (the router's tables catch up first): wait for it, generously.
      const ready = await waitFor(
        async () => {
          const r = await getJson(`http://127.0.0.1:${port}/health/ready`);
          return r.status === 200 ? r : undefined;
        },
        { description: `${service} ready` },
      );
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        status: 'ok',
        service,
        checks: {
          postgres: { status: 'ok' },
          eventStore: { status: 'ok' },
          nats: { status: 'ok' },
          // The router is ready only once its key and routing tables have caught up with the log.
          ...(service === 'invoke-router' ? { invokeTables: { status: 'ok' } } : {}),
        },
      });
    }

    // Each service's message handlers are reachable through the real NATS server.
    const transport = createNatsTransport({ url: testServers().nats ?? '', name: 'e2e-probe', namespace });
    await transport.client.connect();
    const messaging = new MessagingClient(transport, 60_000);
    try {
      for (const service of SERVICE_NAMES) {
        const reply = await runWithCorrelation(`e2e-ping-${service}`, () => messaging.request<PingReply>(SUBJECTS[service].ping, {}));
        expect(reply).toMatchObject({ service, correlationId: `e2e-ping-${service}` });
        expect(reply.instanceId).toContain(String(apps.get(service)?.child.pid));
      }
    } finally {
      await transport.close();
    }

    const stops = await Promise.all([...apps.entries()].map(async ([service, app]) => ({ service, ...(await app.stop('SIGTERM')) })));
    for (const stop of stops) {
      expect(stop).toMatchObject({ service: stop.service, code: 0 });
      expect(stop.ms).toBeLessThan(30_000);
    }
    for (const app of apps.values()) expect(app.stderr()).toBe('');
  }, 400_000);

  it('refuses to start with a bad setting: exit 1 and one line naming it', async () => {
    const app = spawnApp(appEntry('generation'), { PORT: 'eighty', NATS_URL: testServers().nats ?? '' });
    expect(await app.exited).toBe(1);
    expect(app.stderr()).toBe('backforge-generation: Invalid configuration: PORT must be an integer from 0 to 65535 (got "eighty"); DATABASE_URL is required but not set\n');

    const esdb = spawnApp(appEntry('keys'), { DATABASE_URL: db.url, EVENT_STORE: 'eventstoredb', AUTH_DIGEST_KEY: generateSecret(), AUTH_SIGNING_KEYS: generateKeyringSpec() });
    expect(await esdb.exited).toBe(1);
    expect(esdb.stderr()).toBe('backforge-keys: Invalid configuration: EVENTSTORE_URL is required when EVENT_STORE=eventstoredb\n');
  });

  it('fails fast when a dependency is unreachable at boot: exit 1, first line names the step', async () => {
    const app = spawnApp(appEntry('deploy'), { DATABASE_URL: db.url, NATS_URL: 'nats://127.0.0.1:1', PORT: '0' });
    expect(await app.exited).toBe(1);
    expect(app.stderr().split('\n')[0]).toBe('backforge-deploy: could not start: message transport (nats): connection refused');
  });
});
