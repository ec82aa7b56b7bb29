import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { runEventStoreConformance, conformanceEvent } from '../conformance/event-store.conformance.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

/**
 * The EventStoreDB adapter against a real server: EVENTSTORE_URL if set, else a container
 * (testcontainers, `eventstore/eventstore:24.10`, insecure, in memory) where a Docker engine runs.
 * With neither, the suite is skipped with a loud line saying why: EventStoreDB is the production
 * option, not something every machine has (PostgreSQL's adapter passes the same suite always).
 */
const IMAGE = 'eventstore/eventstore:24.10';

async function locateEventStoreDb(): Promise<{ url: string; container?: StartedTestContainer } | { skip: string }> {
  const fromEnv = process.env.EVENTSTORE_URL?.trim();
  if (fromEnv) return { url: fromEnv };
  try {
    const container = await new GenericContainer(IMAGE)
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_MEM_DB: 'true',
        EVENTSTORE_CLUSTER_SIZE: '1',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .withStartupTimeout(120_000)
      .start();
    return { url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`, container };
  } catch (error) {
    const reason = String((error as Error)?.message ?? error).split('\n')[0];
    return { skip: `EVENTSTORE_URL is unset and testcontainers could not start ${IMAGE} (${reason})` };
  }
}

const located = await locateEventStoreDb();
if ('skip' in located) process.stderr.write(`\n[event-store] SKIPPED EventStoreDB conformance suite: ${located.skip}\n`);
const describeEsdb = 'skip' in located ? describe.skip : describe;
const url = 'url' in located ? located.url : '';

afterAll(async () => {
  if ('container' in located) await located.container?.stop();
});

describeEsdb('EventStoreDbEventStore', () => {
  runEventStoreConformance('EventStoreDbEventStore', async () => {
    const store = new EventStoreDbEventStore({ connectionString: url, timeoutMs: 30_000 }); // generous: calls here are expected to answer
    return { store, dispose: () => store.close() };
  });

  it('answers ping and keeps non-UUID event ids idempotent', async () => {
    const store = new EventStoreDbEventStore({ connectionString: url });
    try {
      await store.ping();
      const stream = `esdb-ids-${Date.now()}`;
      const event = conformanceEvent('Named', {}, `named-id-${Date.now()}`);
      const first = await store.append(stream, [event], 'no_stream');
      expect(await store.append(stream, [event], 'no_stream')).toEqual(first);
      const [read] = await store.readStream(stream);
      expect(read?.metadata.eventId).toBe(event.metadata.eventId);
    } finally {
      await store.close();
    }
  });
});
