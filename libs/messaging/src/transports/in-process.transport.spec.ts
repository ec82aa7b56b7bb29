import { Observable, of, throwError } from 'rxjs';
import { currentCorrelationId, runWithCorrelation } from '../correlation.js';
import { RemoteError, RequestTimeoutError } from '../errors.js';
import { MessagingClient } from '../messaging-client.js';
import { createInProcessTransport, type InProcessServer } from './in-process.transport.js';
import type { MessagingTransport } from './transport.js';

/** An in-process transport serving `handlers` (what Nest's RPC context would hand the server). */
async function serving(handlers: Record<string, (payload: unknown) => unknown>): Promise<MessagingTransport> {
  const transport = createInProcessTransport();
  const server = transport.server as InProcessServer;
  for (const [pattern, handler] of Object.entries(handlers)) server.addHandler(pattern, async (payload: unknown) => handler(payload));
  await new Promise<void>((resolve) => server.listen(() => resolve()));
  return transport;
}

describe('in-process transport, direct requests', () => {
  const transports: MessagingTransport[] = [];
  afterEach(async () => {
    for (const t of transports.splice(0)) await t.close();
  });
  // Requests expected to succeed get a generous bound (a loaded machine); the timeout test passes its own short one.
  const client = async (handlers: Record<string, (payload: unknown) => unknown>, timeoutMs = 60_000) => {
    const transport = await serving(handlers);
    transports.push(transport);
    return new MessagingClient(transport, timeoutMs);
  };

  it('answers a plain result as a copy over the "wire", in the caller\'s correlation', async () => {
    const sent = { nested: { n: 1 }, at: new Date(0) };
    let seen: unknown;
    const messaging = await client({
      echo: (payload) => {
        seen = payload;
        return { payload, correlationId: currentCorrelationId() };
      },
    });
    const reply = await runWithCorrelation('c-7', () => messaging.request<{ payload: unknown; correlationId: string }>('echo', sent));
    expect(reply).toEqual({ payload: { nested: { n: 1 }, at: '1970-01-01T00:00:00.000Z' }, correlationId: 'c-7' });
    expect(seen).not.toBe(sent);
  });

  it('resolves undefined for no result, and the last value of a stream', async () => {
    const messaging = await client({
      nothing: () => undefined,
      stream: () => new Observable((s) => {
        s.next(1);
        s.next(2);
        setImmediate(() => s.complete());
      }),
      single: () => of({ ok: true }),
    });
    await expect(messaging.request('nothing', {})).resolves.toBeUndefined();
    await expect(messaging.request('stream', {})).resolves.toBe(2);
    await expect(messaging.request('single', {})).resolves.toEqual({ ok: true });
  });

  it('rejects with the typed reply of a failing handler, and UNAVAILABLE when nobody handles the subject', async () => {
    const messaging = await client({ fails: () => throwError(() => ({ code: 'NOT_FOUND', message: 'No agent a1' })) });
    await expect(messaging.request('fails', {})).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No agent a1', pattern: 'fails' });
    const error = await messaging.request('nobody', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('times out when the first answer does not come in time, and ignores it when it comes late', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const messaging = await client({ slow: () => gate.then(() => 'late') }, 50);
    await expect(messaging.request('slow', {})).rejects.toBeInstanceOf(RequestTimeoutError);
    release();
    await gate;
  });
});
