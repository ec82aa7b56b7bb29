import { BaseRpcContext, ClientProxy, Server, type CustomTransportStrategy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { finalize, isObservable } from 'rxjs';
import { RequestTimeoutError } from '../errors.js';
import { InFlight } from './in-flight.js';
import { instrumentServer, type MessageHeaders, type MessagingTransport } from './transport.js';

/** The in-process counterpart of NatsContext: `@Ctx()` in a handler. */
export class InProcessContext extends BaseRpcContext<[string, MessageHeaders]> {
  getSubject(): string {
    return this.args[0];
  }
  getHeaders(): MessageHeaders {
    return this.args[1];
  }
}

/** What the in-process client carries: the payload and its headers (a NatsRecord's twin). */
export class InProcessRecord {
  constructor(
    readonly data: unknown,
    readonly headers: MessageHeaders,
  ) {}
}

/**
 * Values cross the in-process "wire" as JSON, exactly as over NATS: handlers get plain objects (not
 * the caller's instances, dates or undefined fields) and cannot share mutable state with the caller.
 */
function overTheWire<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

const NO_HANDLER = 'There is no matching message handler defined in the remote service.';

type Callback = (packet: WritePacket) => void;

/** Connects the servers and clients of one process. */
export class InProcessBus {
  private readonly servers = new Set<InProcessServer>();

  attach(server: InProcessServer): void {
    this.servers.add(server);
  }
  detach(server: InProcessServer): void {
    this.servers.delete(server);
  }

  request(pattern: string, data: unknown, headers: MessageHeaders, callback: Callback): void {
    for (const server of this.servers) {
      if (server.handles(pattern, false)) {
        server.dispatchRequest(pattern, data, headers, callback);
        return;
      }
    }
    callback({ err: NO_HANDLER, isDisposed: true });
  }

  emit(pattern: string, data: unknown, headers: MessageHeaders): void {
    for (const server of this.servers) if (server.handles(pattern, true)) server.dispatchEvent(pattern, data, headers);
  }
}

/** A Nest transport strategy that serves the `@MessagePattern` handlers of this process to the bus. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  override readonly transportId = Symbol.for('backforge.in-process');
  readonly inFlight = new InFlight();
  private listening = false;

  constructor(
    private readonly bus: InProcessBus,
    private readonly drainTimeoutMs = 5_000,
  ) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    this.bus.attach(this);
    this.listening = true;
    this._status$.next('connected');
    callback();
  }

  async close(): Promise<void> {
    if (!this.listening) return;
    this.listening = false;
    this.bus.detach(this);
    await this.inFlight.idle(this.drainTimeoutMs);
    await new Promise((resolve) => setImmediate(resolve));
  }

  on(): void {
    // No connection, so no connection events.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  handles(pattern: string, event: boolean): boolean {
    const handler = this.getHandlerByPattern(pattern);
    return handler !== null && handler.isEventHandler === event;
  }

  dispatchRequest(pattern: string, data: unknown, headers: MessageHeaders, callback: Callback): void {
    const handler = this.getHandlerByPattern(pattern);
    const context = new InProcessContext([pattern, headers]);
    if (!handler) {
      callback({ err: NO_HANDLER, isDisposed: true });
      return;
    }
    const payload = overTheWire(data);
    const respond = (packet: WritePacket): void => callback(overTheWire(normaliseError(packet)));
    // A plain result (every query's) is answered at once, as Nest's stream path would answer it (one
    // packet, the value and the end), without an rxjs chain and a tick per request; a stream, or a
    // failure (the exception filter answers with an erroring stream), takes Nest's path.
    this.runWithProcessingHooks(context, async (runEndHook) => {
      const result: unknown = await handler(payload, context);
      if (isObservable(result)) {
        this.send(result.pipe(finalize(runEndHook)), respond);
        return;
      }
      runEndHook();
      respond({ response: result, isDisposed: true });
    });
  }

  dispatchEvent(pattern: string, data: unknown, headers: MessageHeaders): void {
    const context = new InProcessContext([pattern, headers]);
    this.handleEvent(pattern, { pattern, data: overTheWire(data) }, context).catch((err: unknown) => this.logger.error(err));
  }
}

/** An Error does not survive JSON; over NATS it arrives as `{}`. Keep its message, drop the rest. */
function normaliseError(packet: WritePacket): WritePacket {
  return packet.err instanceof Error ? { ...packet, err: { message: packet.err.message } } : packet;
}

/** A Nest ClientProxy that sends to the handlers of this process through the bus. */
export class InProcessClient extends ClientProxy {
  constructor(private readonly bus: InProcessBus) {
    super();
  }

  async connect(): Promise<InProcessBus> {
    return this.bus;
  }

  async close(): Promise<void> {
    // Nothing to release.
  }

  override on(): void {
    // No connection, so no connection events.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  protected publish(packet: ReadPacket, callback: Callback): () => void {
    let cancelled = false;
    const { data, headers } = unpack(packet.data);
    const pattern = this.normalizePattern(packet.pattern);
    // Asynchronous like a network hop: the caller's stack unwinds before the handler runs.
    setImmediate(() => {
      if (cancelled) return;
      this.bus.request(pattern, data, headers, (reply) => {
        if (!cancelled) callback(reply);
      });
    });
    return () => {
      cancelled = true;
    };
  }

  /**
   * A request straight to the bus, settled as Nest's client settles one (an error packet rejects,
   * the last value before the end resolves; `timeoutMs` bounds the first answer), without the
   * per-request rxjs chain and connect of `send`.
   */
  request(pattern: string, record: unknown, timeoutMs: number): Promise<unknown> {
    const { data, headers } = unpack(record);
    return new Promise((resolve, reject) => {
      let settled = false;
      let last: unknown;
      const timer = setTimeout(() => {
        settled = true;
        reject(new RequestTimeoutError(pattern, timeoutMs));
      }, timeoutMs);
      // Asynchronous like a network hop: the caller's stack unwinds before the handler runs.
      setImmediate(() => {
        if (settled) return;
        this.bus.request(pattern, data, headers, ({ err, response, isDisposed }) => {
          if (settled) return;
          clearTimeout(timer); // the bound is on the first answer, as the rxjs `timeout({ first })` it replaces
          if (err) {
            settled = true;
            // What the other side answered (a typed reply, Nest's string...), as Nest's client rejects
            // with it: MessagingClient classifies it.
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
            reject(err);
            return;
          }
          if (response !== undefined || !isDisposed) last = response;
          if (isDisposed) {
            settled = true;
            resolve(last);
          }
        });
      });
    });
  }

  protected dispatchEvent<T>(packet: ReadPacket): Promise<T> {
    const { data, headers } = unpack(packet.data);
    this.bus.emit(this.normalizePattern(packet.pattern), data, headers);
    return Promise.resolve(undefined as T);
  }
}

function unpack(data: unknown): { data: unknown; headers: MessageHeaders } {
  return data instanceof InProcessRecord ? { data: data.data, headers: data.headers } : { data, headers: {} };
}

/** Requests and notifications between the services of one process, with the same patterns as NATS. */
export function createInProcessTransport(options: { drainTimeoutMs?: number } = {}): MessagingTransport {
  const bus = new InProcessBus();
  const server = new InProcessServer(bus, options.drainTimeoutMs);
  const client = new InProcessClient(bus);
  const headerOf = (context: unknown, name: string): string | undefined =>
    context instanceof InProcessContext ? context.getHeaders()[name] : undefined;
  instrumentServer(server, headerOf);
  return {
    kind: 'in-process',
    server,
    client,
    request: (pattern, record, timeoutMs) => client.request(pattern, record, timeoutMs),
    record: (payload, headers) => new InProcessRecord(payload, headers),
    headerOf,
    async ping() {
      // Always reachable: it is this process.
    },
    async close() {
      await server.close();
    },
  };
}
