import { Observable, of, throwError } from 'rxjs';
import { runWithCorrelation } from './correlation.js';
import { RemoteError, RequestTimeoutError } from './errors.js';
import { MessagingClient } from './messaging-client.js';
import { InFlight } from './transports/in-flight.js';
import type { MessageHeaders, MessagingTransport } from './transports/transport.js';

/** A transport whose client answers every request with `answer` (the broker is not what is tested here). */
function transportAnswering(answer: () => Observable<unknown>, sent: Array<{ pattern: string; record: unknown }> = []): MessagingTransport {
  return {
    kind: 'in-process',
    server: {
      inFlight: new InFlight(),
      listen: () => undefined,
      close: () => undefined,
      setOnProcessingStartHook: () => undefined,
      setOnProcessingEndHook: () => undefined,
    },
    client: {
      send: <T>(pattern: unknown, record: unknown) => {
        sent.push({ pattern: String(pattern), record });
        return answer() as Observable<T>;
      },
      emit: () => of(undefined) as never,
      connect: async () => undefined,
      close: async () => undefined,
    },
    record: (payload: unknown, headers: MessageHeaders) => ({ payload, headers }),
    headerOf: () => undefined,
    ping: async () => undefined,
    close: async () => undefined,
  };
}

describe('MessagingClient', () => {
  it('sends the current correlation id in the headers', async () => {
    const sent: Array<{ pattern: string; record: unknown }> = [];
    const client = new MessagingClient(transportAnswering(() => of({ ok: 1 }), sent));
    await expect(runWithCorrelation('c-42', () => client.request('backforge.keys.list', { a: 1 }))).resolves.toEqual({ ok: 1 });
    expect(sent).toEqual([{ pattern: 'backforge.keys.list', record: { payload: { a: 1 }, headers: { 'x-correlation-id': 'c-42' } } }]);
  });

  it('resolves undefined when the handler returned nothing', async () => {
    const client = new MessagingClient(transportAnswering(() => new Observable((s) => s.complete())));
    await expect(client.request('backforge.keys.touch', {})).resolves.toBeUndefined();
  });

  it.each([
    ['a typed reply', { code: 'NOT_FOUND', message: 'no such key', details: { keyId: 'k1' } }, { code: 'NOT_FOUND', message: 'no such key', details: { keyId: 'k1' } }],
    ['no responders', new Error('Empty response. There are no subscribers listening to that message ("x")'), { code: 'UNAVAILABLE' }],
    ['no in-process handler', 'There is no matching message handler defined in the remote service.', { code: 'UNAVAILABLE' }],
    ['a lost connection', 'Error: Connection lost. Trying to reconnect...', { code: 'UNAVAILABLE' }],
    ["Nest's untyped error reply", { status: 'error', message: 'Internal server error' }, { code: 'INTERNAL' }],
  ])('rejects with RemoteError for %s', async (_name, thrown, expected) => {
    const client = new MessagingClient(transportAnswering(() => throwError(() => thrown)));
    const error = await client.request('backforge.keys.get', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ ...expected, pattern: 'backforge.keys.get' });
  });

  it('rejects with RequestTimeoutError after the bound', async () => {
    const client = new MessagingClient(transportAnswering(() => new Observable(() => undefined)), 30);
    const started = Date.now();
    const error = await client.request('backforge.keys.get', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(error).toMatchObject({ code: 'TIMEOUT', timeoutMs: 30 });
    // Ended by the 30 ms bound, not left hanging (the silent transport never answers): a wide margin for a loaded machine.
    expect(Date.now() - started).toBeLessThan(30_000);
  });
});
