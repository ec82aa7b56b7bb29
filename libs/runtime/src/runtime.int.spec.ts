import { Writable } from 'node:stream';
import { distributedRuntimeSettings, loadConfig } from '@backforge/config';
import { createEventStore, type EventStore } from '@backforge/event-store';
import { createTestDatabase, describeWith, testServers, waitFor, type TestDatabase } from '@backforge/testing';
import { createInProcessTransport, createNatsTransport, MessagingClient, RemoteError, RequestTimeoutError, runWithCorrelation, type MessagingTransport } from '@backforge/messaging';
import { createLogger } from './logger.js';
import { startService, type RunningService } from './service-shell.js';
import { ProbeEdgeModule, ProbeServiceModule } from './test-support/probe.module.js';
import { PROBE } from './test-support/probe.subjects.js';
import { PROBE_SEEN } from './test-support/probe.nats.controller.js';

/** Captured JSON log lines of one process. */
function logSink(): { lines: Array<Record<string, unknown>>; stream: Writable } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

interface Platform {
  edgeUrl: string;
  messaging: MessagingClient;
  logs: Array<Record<string, unknown>>;
  services: RunningService[];
  close(): Promise<void>;
}

/**
 * NATS: the probe service and the HTTP edge are two Nest apps with their own connections, talking
 * over the real NATS server. In-process: one app holding both, as the standalone process does.
 */
async function startPlatform(kind: 'nats' | 'in-process', databaseUrl: string): Promise<Platform> {
  const config = loadConfig(distributedRuntimeSettings, {
    DATABASE_URL: databaseUrl,
    NATS_URL: testServers().nats ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    // Requests expected to answer must not time out on a loaded machine, and 'answered, not timed out' bounds
    // below (30 s) stay far from this default.
    REQUEST_TIMEOUT_MS: '120000',
  });
  const sink = logSink();
  const logger = createLogger({ service: `probe-${kind}`, level: 'debug', destination: sink.stream });
  const transport = (): MessagingTransport =>
    kind === 'nats' ? createNatsTransport({ url: config.natsUrl, name: 'probe', drainTimeoutMs: 30_000 }) : createInProcessTransport();
  const services: RunningService[] = [];
  if (kind === 'nats') {
    services.push(await startService({ processName: 'probe-service', config, databaseUrl, modules: [ProbeServiceModule], transport: transport(), logger }));
    services.push(await startService({ processName: 'probe-edge', config, databaseUrl, modules: [ProbeEdgeModule], transport: transport(), logger }));
  } else {
    services.push(await startService({ processName: 'probe', config, databaseUrl, modules: [ProbeServiceModule, ProbeEdgeModule], transport: transport(), logger }));
  }
  const edge = services[services.length - 1] as RunningService;
  return {
    edgeUrl: edge.url,
    messaging: edge.app.get(MessagingClient),
    logs: sink.lines,
    services,
    async close() {
      for (const s of services.reverse()) await s.close();
    },
  };
}

describeWith(['postgres', 'nats'])('messaging over real transports', () => {
  let db: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    db = await createTestDatabase('bf_msg');
    store = await createEventStore({ kind: 'postgres', url: db.url });
  });

  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  describe.each(['nats', 'in-process'] as const)('%s transport', (kind) => {
    let platform: Platform;

    beforeAll(async () => {
      platform = await startPlatform(kind, db.url);
    });

    afterAll(async () => {
      await platform?.close();
    });

    it('carries the HTTP correlation id through the transport into the stored event metadata', async () => {
      const correlationId = `corr-${kind}-${Date.now()}`;
      const response = await fetch(`${platform.edgeUrl}/probe/append`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-correlation-id': correlationId },
        body: JSON.stringify({ workspaceId: 'ws-1' }),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('x-correlation-id')).toBe(correlationId);
      const reply = (await response.json()) as { streamName: string };
      const [stored] = await store.readStream(reply.streamName);
      expect(stored?.type).toBe('ProbeAppended');
      expect(stored?.metadata.correlationId).toBe(correlationId);
      expect(stored?.metadata.causationId).toBe(correlationId);
      expect(stored?.metadata.workspaceId).toBe('ws-1');
      // The edge's access log line and the handler's log lines carry the same id.
      const access = platform.logs.find((l) => l.msg === 'http request' && l.correlationId === correlationId);
      expect(access).toMatchObject({ method: 'POST', url: '/probe/append', status: 201 });
    });

    it('replaces an invalid incoming correlation id with a fresh UUID', async () => {
      const response = await fetch(`${platform.edgeUrl}/health/live`, { headers: { 'x-correlation-id': 'bad id with spaces' } });
      expect(response.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('validates payloads on the message side: an invalid payload is a typed VALIDATION_FAILED reply, fast', async () => {
      const started = Date.now();
      const error = await platform.messaging.request(PROBE.echo, { text: 42, count: -1, extra: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemoteError);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', pattern: PROBE.echo });
      const fields = ((error as RemoteError).details as Array<{ field: string }>).map((d) => d.field).sort();
      expect(fields).toEqual(['count', 'extra', 'text']);
      expect(Date.now() - started).toBeLessThan(30_000); // answered, not timed out (REQUEST_TIMEOUT_MS is 120 s)
    });

    it('transforms a valid payload into its class and restores the caller correlation in the handler', async () => {
      const reply = await runWithCorrelation('corr-direct-1', () =>
        platform.messaging.request<{ text: string; count: number; isInstance: boolean; correlationId: string; contextClass: string }>(PROBE.echo, { text: 'hi', count: 2 }),
      );
      expect(reply).toEqual({
        text: 'hi',
        count: 2,
        isInstance: true,
        correlationId: 'corr-direct-1',
        contextClass: kind === 'nats' ? 'NatsContext' : 'InProcessContext',
      });
    });

    it('rejects with the typed error the handler threw (code, message, details)', async () => {
      const error = await platform.messaging.request(PROBE.fail, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemoteError);
      expect(error).toMatchObject({ code: 'CONFLICT', message: 'The probe refuses', details: { reason: 'asked to fail' } });
    });

    it('maps a typed remote error to its HTTP status and the error body', async () => {
      const response = await fetch(`${platform.edgeUrl}/probe/fail`, { headers: { 'x-correlation-id': 'corr-http-fail' } });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: { code: 'CONFLICT', message: 'The probe refuses', details: { reason: 'asked to fail' }, correlationId: 'corr-http-fail' },
      });
    });

    it('answers an unexpected failure as INTERNAL without its internals, and logs it', async () => {
      const error = await platform.messaging.request(PROBE.crash, {}).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'INTERNAL', message: 'Internal error' });
      const response = await fetch(`${platform.edgeUrl}/probe/crash`);
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'INTERNAL', message: 'Internal error' });
      expect(JSON.stringify(body)).not.toContain('secret internal detail');
      expect(platform.logs.some((l) => l.level === 'error' && JSON.stringify(l).includes('secret internal detail'))).toBe(true);
    });

    it('rejects with RequestTimeoutError when no reply comes in time', async () => {
      const started = Date.now();
      const error = await platform.messaging.request(PROBE.slow, { ms: 4000 }, { timeoutMs: 200 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RequestTimeoutError);
      // Ended by the caller's 200 ms bound (named in the error), not the 120 s default, and before the handler's 4 s
      // answer (a reply would have resolved the request). The clock only guards against a hang: a loaded machine may
      // stretch 200 ms by seconds.
      expect(error).toMatchObject({ code: 'TIMEOUT', timeoutMs: 200 });
      expect(Date.now() - started).toBeLessThan(30_000);
    });

    it('rejects with UNAVAILABLE when no service handles the subject', async () => {
      const started = Date.now();
      const error = await platform.messaging.request(PROBE.missing, {}, { timeoutMs: 120_000 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(30_000); // told at once, not after the 120 s timeout
    });

    it('answers HTTP validation failures and unknown routes with the JSON error body', async () => {
      const bad = await fetch(`${platform.edgeUrl}/probe/append`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ workspaceId: '', admin: true }),
      });
      expect(bad.status).toBe(400);
      const badBody = (await bad.json()) as { error: { code: string; details: Array<{ field: string }>; correlationId: string } };
      expect(badBody.error.code).toBe('VALIDATION_FAILED');
      expect(badBody.error.details.map((d) => d.field).sort()).toEqual(['admin', 'workspaceId']);
      expect(badBody.error.correlationId).toBe(bad.headers.get('x-correlation-id'));

      const malformed = await fetch(`${platform.edgeUrl}/probe/append`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"workspaceId":' });
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('INVALID_REQUEST');

      const missing = await fetch(`${platform.edgeUrl}/v1/nothing-here?token=abc`);
      expect(missing.status).toBe(404);
      const body = (await missing.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({ code: 'ROUTE_NOT_FOUND', message: 'No route for GET /v1/nothing-here' });
      expect(platform.logs.some((l) => JSON.stringify(l).includes('token=abc'))).toBe(false);
    });

    it('reports ready with each dependency named', async () => {
      const response = await fetch(`${platform.edgeUrl}/health/ready`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { status: string; checks: Record<string, { status: string }> };
      const expected = kind === 'nats' ? ['eventStore', 'nats', 'postgres'] : ['eventStore', 'postgres'];
      expect(Object.keys(body.checks).sort()).toEqual(expected);
      expect(body.status).toBe('ok');
    });
  });

  it('over NATS, a request reaches one replica (queue group) and a notification reaches every replica', async () => {
    const platform = await startPlatform('nats', db.url);
    const config = loadConfig(distributedRuntimeSettings, { DATABASE_URL: db.url, NATS_URL: testServers().nats ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    const replica = await startService({
      processName: 'probe-replica',
      config,
      databaseUrl: db.url,
      modules: [ProbeServiceModule],
      transport: createNatsTransport({ url: config.natsUrl, name: 'probe-replica' }),
      logger: createLogger({ service: 'probe-replica', level: 'silent' }),
    });
    try {
      PROBE_SEEN.length = 0;
      const replies = await Promise.all(Array.from({ length: 40 }, (_, n) => platform.messaging.request<{ handledBy: string }>(PROBE.count, { n })));
      const handled = PROBE_SEEN.filter((s) => s.subject === PROBE.count);
      expect(handled.map((s) => s.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
      expect(new Set(replies.map((r) => r.handledBy))).toEqual(new Set(handled.map((s) => s.process)));

      await runWithCorrelation('corr-notify', () => platform.messaging.notify(PROBE.notify, { n: 7 }));
      const heard = (): string[] => PROBE_SEEN.filter((s) => s.subject === PROBE.notify).map((s) => s.process).sort();
      await waitFor(() => heard().length >= 2, { intervalMs: 20, description: 'both replicas heard the notification' });
      expect(heard()).toEqual(['probe-replica', 'probe-service']);
      expect(PROBE_SEEN.filter((s) => s.subject === PROBE.notify).every((s) => s.correlationId === 'corr-notify')).toBe(true);
    } finally {
      await replica.close();
      await platform.close();
    }
  });

  it('in process, a notification reaches the handler with the sender correlation', async () => {
    const platform = await startPlatform('in-process', db.url);
    try {
      PROBE_SEEN.length = 0;
      await runWithCorrelation('corr-local-notify', () => platform.messaging.notify(PROBE.notify, { n: 3 }));
      await waitFor(() => PROBE_SEEN.length > 0, { intervalMs: 10, description: 'the handler heard the notification' });
      expect(PROBE_SEEN).toEqual([{ process: 'probe', subject: PROBE.notify, n: 3, correlationId: 'corr-local-notify' }]);
    } finally {
      await platform.close();
    }
  });

  it('drains on close: a request in flight when the service stops still gets its reply', async () => {
    const platform = await startPlatform('nats', db.url);
    const service = platform.services[0] as RunningService;
    PROBE_SEEN.length = 0;
    const pending = platform.messaging.request<{ sleptMs: number }>(PROBE.slow, { ms: 400 });
    await waitFor(() => PROBE_SEEN.some((s) => s.subject === PROBE.slow), { intervalMs: 5, description: 'the slow handler running' });
    const closing = service.close();
    await expect(pending).resolves.toEqual({ sleptMs: 400 });
    await closing;
    // After the drain nobody answers any more.
    await expect(platform.messaging.request(PROBE.echo, { text: 'x', count: 1 }, { timeoutMs: 60_000 })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await platform.close();
  });
});
