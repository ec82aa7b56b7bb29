import type { ClientProxy, CustomTransportStrategy, Transport } from '@nestjs/microservices';
import { CORRELATION_HEADER } from '@backforge/contracts';
import { correlationIdFrom, runWithCorrelation } from '../correlation.js';
import type { InFlight } from './in-flight.js';

/** Message headers as plain strings (the correlation id travels here). */
export type MessageHeaders = Readonly<Record<string, string>>;

/** A Nest transport server with the processing hooks (Nest 12) and our in-flight count. */
export interface InstrumentableServer extends CustomTransportStrategy {
  readonly inFlight: InFlight;
  setOnProcessingStartHook(hook: (transportId: Transport | symbol, context: unknown, done: () => Promise<unknown>) => unknown): void;
  setOnProcessingEndHook(hook: (transportId: Transport | symbol, context: unknown) => void): void;
}

/**
 * One way of carrying messages between services: a Nest server strategy that dispatches to the
 * `@MessagePattern`/`@EventPattern` handlers, a client that sends to them, and how a payload and its
 * headers are packed for that client. Service code never sees which one it is.
 */
export interface MessagingTransport {
  readonly kind: 'nats' | 'in-process';
  readonly server: InstrumentableServer;
  /** Nest's client (ClientNats or InProcessClient); send/emit are what MessagingClient uses. */
  readonly client: Pick<ClientProxy, 'send' | 'emit' | 'connect' | 'close'>;
  /**
   * A request without Nest's client pipeline (an rxjs chain and a connect per request), where the
   * transport has a cheaper way: resolves the reply (undefined when the handler answered nothing),
   * rejects with what the handler's side answered, or RequestTimeoutError. Absent: `client.send`.
   */
  request?(pattern: string, record: unknown, timeoutMs: number): Promise<unknown>;
  /** Packs a payload with headers into what `client.send`/`client.emit` carry. */
  record(payload: unknown, headers: MessageHeaders): unknown;
  /** Reads a header from a handler's transport context (`@Ctx()`). */
  headerOf(context: unknown, name: string): string | undefined;
  /** Round trip to the broker (readiness); resolves when the transport can carry messages. */
  ping(): Promise<void>;
  /** Stops taking new messages and waits for the handlers in flight (bounded), then disconnects. */
  close(): Promise<void>;
}

/**
 * Every message a server handles runs inside the correlation its headers carry (a fresh one when
 * absent) and is counted in flight until its reply is out, so close() can wait for it.
 */
export function instrumentServer(
  server: InstrumentableServer,
  headerOf: (context: unknown, name: string) => string | undefined,
): void {
  server.setOnProcessingStartHook((_transportId, context, done) => {
    server.inFlight.enter();
    return runWithCorrelation(correlationIdFrom(headerOf(context, CORRELATION_HEADER)), done);
  });
  server.setOnProcessingEndHook(() => server.inFlight.leave());
  memoizeRoutes(server);
}

/** Subjects a server resolves; past this many (a flood of odd subjects) new ones are not kept. */
const MAX_ROUTES = 1_000;

/**
 * Nest resolves a message's subject to its handler on every message with `JSON.parse(subject)` in
 * a try/catch, which throws for every plain subject (up to three times per request in-process):
 * the same answer, kept per subject.
 */
function memoizeRoutes(server: object): void {
  const target = server as { getRouteFromPattern?: (pattern: string) => string };
  const resolve = target.getRouteFromPattern?.bind(server);
  if (!resolve) return;
  const routes = new Map<string, string>();
  target.getRouteFromPattern = (pattern: string): string => {
    let route = routes.get(pattern);
    if (route === undefined) {
      route = resolve(pattern);
      if (routes.size < MAX_ROUTES) routes.set(pattern, route);
    }
    return route;
  };
}
