import { ClientNats, NatsContext, NatsRecordBuilder, ServerNats } from '@nestjs/microservices';
import { headers as natsHeaders, type NatsConnection, type Subscription } from '@nats-io/transport-node';
import { isNotificationSubject, SUBJECT_PREFIX } from '@backforge/contracts';
import { withTimeout } from '@backforge/resilience';
import { InFlight } from './in-flight.js';
import { instrumentServer, type MessageHeaders, type MessagingTransport } from './transport.js';

/** `backforge.<service>` for `backforge.<service>.<message>`: replicas of a service share requests. */
export function queueGroupForSubject(subject: string): string | undefined {
  const [prefix, service] = subject.split('.');
  return prefix === SUBJECT_PREFIX && service ? `${prefix}.${service}` : undefined;
}

export interface NatsTransportOptions {
  url: string;
  /** Connection name shown by the NATS server (`backforge-<service>`). */
  name: string;
  /** Bound of the drain on close. */
  drainTimeoutMs?: number;
  /**
   * Prefix of every subject and queue group on the wire (NATS_NAMESPACE): platforms sharing one NATS
   * server (environments, parallel test runs) never answer each other's requests.
   */
  namespace?: string;
}

/** The subject (or queue group) on the wire for a namespace. */
function onWire(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}.${name}` : name;
}

/** Nest's NATS client, publishing every pattern under the transport's namespace. */
class NamespacedClientNats extends ClientNats {
  constructor(
    options: ConstructorParameters<typeof ClientNats>[0],
    private readonly namespace: string | undefined,
  ) {
    super(options);
  }

  protected override normalizePattern(pattern: Parameters<ClientNats['normalizePattern']>[0]): string {
    return onWire(this.namespace, super.normalizePattern(pattern));
  }
}

/**
 * Nest's NATS server with our subscription and shutdown rules:
 * - requests are subscribed in the queue group of their service (one replica answers);
 *   notifications (`backforge.<service>.notify.*`) without a group (every replica hears them);
 * - close drains: subscriptions stop and deliver what they hold, handlers in flight finish
 *   (bounded), pending replies are flushed, then the connection closes.
 */
export class BackforgeNatsServer extends ServerNats {
  readonly inFlight = new InFlight();
  private readonly subs: Subscription[] = [];

  constructor(
    options: ConstructorParameters<typeof ServerNats>[0],
    private readonly drainTimeoutMs = 5_000,
    private readonly namespace?: string,
  ) {
    super(options);
  }

  override bindEvents(client: NatsConnection): void {
    for (const [channel, handler] of this.messageHandlers) {
      const extras = (handler as { extras?: { queue?: string } }).extras;
      const queue = extras?.queue ?? (isNotificationSubject(channel) ? undefined : queueGroupForSubject(channel));
      const callback = this.getMessageHandler(channel).bind(this) as (err: Error | null, msg: unknown) => void;
      // Handlers are found by the pattern (`channel`); only the wire subject carries the namespace.
      this.subs.push(client.subscribe(onWire(this.namespace, channel), { ...(queue ? { queue: onWire(this.namespace, queue) } : {}), callback }));
    }
  }

  override async close(): Promise<void> {
    let connection: NatsConnection | undefined;
    try {
      connection = this.unwrap<NatsConnection>();
    } catch {
      return; // never connected
    }
    if (connection && !connection.isClosed()) {
      const subs = this.subs.splice(0);
      await withTimeout(Promise.all(subs.map((s) => s.drain())), this.drainTimeoutMs, () => new Error('NATS subscriptions did not drain')).catch(() => undefined);
      await this.inFlight.idle(this.drainTimeoutMs);
      // Replies are published on the next tick after a handler settles.
      await new Promise((resolve) => setImmediate(resolve));
      await withTimeout(connection.drain(), this.drainTimeoutMs, () => new Error('NATS connection did not drain')).catch(() => undefined);
    }
    await super.close();
  }
}

/** Requests and notifications over NATS through Nest's transport (`@nats-io/transport-node` v3). */
export function createNatsTransport(options: NatsTransportOptions): MessagingTransport {
  const connection = {
    servers: options.url,
    name: options.name,
    // Keep trying after a lost connection; readiness reports it meanwhile.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1_000,
    timeout: 5_000,
  };
  const drainTimeoutMs = options.drainTimeoutMs ?? 5_000;
  const server = new BackforgeNatsServer(connection, drainTimeoutMs, options.namespace);
  const client = new NamespacedClientNats(connection, options.namespace);
  let closed = false;
  const headerOf = (context: unknown, name: string): string | undefined => {
    if (!(context instanceof NatsContext)) return undefined;
    const value = (context.getHeaders() as { get(k: string): string } | undefined)?.get(name);
    return value ? value : undefined;
  };
  instrumentServer(server, headerOf);
  return {
    kind: 'nats',
    server,
    client,
    record(payload: unknown, headers: MessageHeaders) {
      const h = natsHeaders();
      for (const [name, value] of Object.entries(headers)) h.set(name, value);
      return new NatsRecordBuilder(payload).setHeaders(h).build();
    },
    headerOf,
    async ping() {
      const serverConnection = server.unwrap<NatsConnection>();
      const clientConnection = client.unwrap<NatsConnection>();
      await Promise.all([serverConnection.flush(), clientConnection.flush()]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await withTimeout(client.close(), drainTimeoutMs, () => new Error('NATS client did not close')).catch(() => undefined);
    },
  };
}
