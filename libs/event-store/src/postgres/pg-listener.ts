import pg from 'pg';
import { backoffDelay, type BackoffOptions } from '@backforge/resilience';
import { withStoreTimeout } from '../internal/timing.js';

export interface PgListenerOptions {
  clientConfig: pg.ClientConfig;
  channel: string;
  timeoutMs: number;
  healthCheckMs: number;
  reconnect: BackoffOptions;
  /** Called on every notification (with its payload) and after every (re)connect: subscribers then re-read the log. */
  onWake: (payload?: string) => void;
}

/**
 * One dedicated LISTEN connection per store (not from the pool: a pooled client would be handed
 * to other queries). A dropped connection is reopened with backoff; after each (re)connect the
 * subscribers are woken to catch up from their own positions, so a lost notification only delays.
 * A periodic `SELECT 1` finds half-open sockets that would otherwise never report an error.
 */
export class PgListener {
  private running = false;
  private stopped = false;
  private client: pg.Client | undefined;
  private stopLoop: (() => void) | undefined;
  private loopDone: Promise<void> | undefined;
  connected = false;
  reconnects = 0;

  constructor(private readonly options: PgListenerOptions) {}

  start(): void {
    if (this.running || this.stopped) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopLoop?.();
    await this.loopDone;
  }

  /** For tests and diagnostics: the backend pid of the LISTEN connection, if connected. */
  get backendPid(): number | undefined {
    const pid = (this.client as unknown as { processID?: number } | undefined)?.processID;
    return this.connected && typeof pid === 'number' ? pid : undefined;
  }

  private async loop(): Promise<void> {
    let attempt = 0;
    while (!this.stopped) {
      const client = new pg.Client({
        ...this.options.clientConfig,
        application_name: 'backforge-event-store-listener',
        keepAlive: true,
        connectionTimeoutMillis: this.options.timeoutMs,
      });
      // An error after we gave the client up must not crash the process.
      client.on('error', () => undefined);
      let lost!: () => void;
      const lostSignal = new Promise<void>((resolve) => (lost = resolve));
      this.stopLoop = lost;
      client.on('error', () => lost());
      client.on('end', () => lost());
      let healthTimer: NodeJS.Timeout | undefined;
      try {
        await withStoreTimeout(client.connect(), this.options.timeoutMs, 'event store LISTEN connect');
        client.on('notification', (message) => this.options.onWake(message.payload));
        await withStoreTimeout(client.query(`LISTEN "${this.options.channel}"`), this.options.timeoutMs, 'event store LISTEN');
        this.client = client;
        this.connected = true;
        attempt = 0;
        this.options.onWake();
        healthTimer = setInterval(() => {
          withStoreTimeout(client.query('SELECT 1'), this.options.timeoutMs, 'event store LISTEN health check').catch(() => lost());
        }, this.options.healthCheckMs);
        if (!this.stopped) await lostSignal;
      } catch {
        // Connecting failed: fall through to the backoff below.
      } finally {
        if (healthTimer) clearInterval(healthTimer);
        this.connected = false;
        this.client = undefined;
        client.removeAllListeners('notification');
        // end() can wait on a dead socket; bound it.
        await withStoreTimeout(client.end(), this.options.timeoutMs, 'event store LISTEN close').catch(() => undefined);
      }
      if (this.stopped) break;
      this.reconnects += 1;
      // Subscribers fall back to slow polling while we are away; wake them so they notice.
      this.options.onWake();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, backoffDelay(attempt + 1, this.options.reconnect));
        this.stopLoop = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      attempt += 1;
    }
    this.running = false;
  }
}
