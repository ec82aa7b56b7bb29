import type { DataSource, EntityManager } from 'typeorm';
import { EventStoreUnavailableError, type EventStore, type RecordedEvent, type Subscription } from '@backforge/event-store';
import { backoffDelay, isTransientError, sleep, withTimeout, type BackoffOptions } from '@backforge/resilience';
import type { Projection } from './projection.js';
import type { CheckpointTable } from './checkpoints.js';
import { lastRelevantAtOrBefore, planBatch } from './batch.js';
import { EventQueue } from './event-queue.js';
import {
  CheckpointMovedError,
  ProjectionApplyError,
  ProjectionNotRunningError,
  ProjectionSupersededError,
  ProjectionTimeoutError,
  ProjectionWaitTimeoutError,
  describeError,
} from './errors.js';

/**
 * idle: not started. starting: reading its checkpoint. rebuilding: truncating and resetting.
 * catching-up: reading the log in pages. live: following the subscription. retrying: waiting out an
 * infrastructure error. failed: an event could not be applied (see `error`). superseded: a newer
 * version owns the checkpoint. stopped: `stop()` was called.
 */
export type ProjectionState = 'idle' | 'starting' | 'rebuilding' | 'catching-up' | 'live' | 'retrying' | 'failed' | 'superseded' | 'stopped';

export interface ProjectionErrorInfo {
  kind: 'apply' | 'infrastructure' | 'superseded' | 'other';
  message: string;
  /** The poison event, for `kind: 'apply'`. */
  event?: { eventId: string; type: string; streamName: string; position: bigint };
  at: Date;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  state: ProjectionState;
  /** Committed checkpoint: the read model reflects every relevant event up to here. null: none yet. */
  position: bigint | null;
  /** Reached the head of the log since the last (re)start or rebuild. */
  caughtUp: boolean;
  /** Consecutive infrastructure errors; 0 once a batch commits again. */
  retries: number;
  error?: ProjectionErrorInfo;
  updatedAt: Date;
}

export interface ProjectionLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface WorkerContext {
  eventStore: EventStore;
  dataSource: DataSource;
  checkpoints: CheckpointTable;
  /** Quoted, schema-qualified tables the projection owns. */
  tables: string[];
  batchSize: number;
  backoff: BackoffOptions;
  readTimeoutMs: number;
  transactionTimeoutMs: number;
  logger: ProjectionLogger;
}

const terminalStates: ReadonlySet<ProjectionState> = new Set(['failed', 'superseded', 'stopped']);
const probePageSize = 256;
const visibilityPollMs = 25;
// setTimeout fires at once beyond this (a 32-bit delay); longer waits time out at this bound.
const maxTimerMs = 2_147_483_647;
const closeTimeoutMs = 5_000;

/** Bounds one external call; on timeout, a ProjectionTimeoutError (transient: the loop retries). */
function timed<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  return withTimeout(work, ms, () => new ProjectionTimeoutError(what, ms));
}

/** Runs one projection: its loop, its checkpoint, its waiters. Internal to the runner. */
export class ProjectionWorker {
  private state: ProjectionState = 'idle';
  private position: bigint | null = null;
  private caughtUp = false;
  private retries = 0;
  private error: ProjectionErrorInfo | undefined;
  private updatedAt = new Date();
  private loop: Promise<void> | undefined;
  private abort: AbortController | undefined;
  private subscription: Subscription | undefined;
  private queue: EventQueue<RecordedEvent> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly projection: Projection,
    private readonly ctx: WorkerContext,
  ) {}

  get name(): string {
    return this.projection.name;
  }

  status(): ProjectionStatus {
    return {
      name: this.projection.name,
      version: this.projection.version,
      state: this.state,
      position: this.position,
      caughtUp: this.caughtUp,
      retries: this.retries,
      ...(this.error ? { error: this.error } : {}),
      updatedAt: this.updatedAt,
    };
  }

  /** Starts the loop unless it is running. */
  start(): void {
    if (this.loop) return;
    const abort = new AbortController();
    this.abort = abort;
    this.error = undefined;
    this.retries = 0;
    this.loop = this.run(abort.signal).finally(() => {
      if (this.abort === abort) {
        this.loop = undefined;
        this.abort = undefined;
      }
    });
  }

  /** Stops the loop and waits for it: an in-flight batch commits (or rolls back) before this resolves. */
  async stop(): Promise<void> {
    await this.halt();
    if (!terminalStates.has(this.state) || this.state === 'stopped') this.setState('stopped');
  }

  /** Restarts a failed or stopped projection from its committed checkpoint. */
  resume(): void {
    if (this.loop) return;
    this.start();
  }

  /**
   * Truncates the projection's tables and resets its checkpoint in one transaction, then replays
   * the log. Resolves when the replay has reached the head of the log.
   */
  async rebuild(deadline: number, timeoutMs: number): Promise<void> {
    await this.halt();
    this.setState('rebuilding');
    this.caughtUp = false;
    const reset = this.transaction(async (tx) => {
      await this.ctx.checkpoints.create(tx, this.name, this.projection.version);
      const row = await this.ctx.checkpoints.lock(tx, this.name);
      // Never clobber a newer version's read model from an outdated replica.
      if (row && row.version > this.projection.version) throw new ProjectionSupersededError(this.name, this.projection.version, row.version);
      await this.truncate(tx);
      await this.ctx.checkpoints.reset(tx, this.name, this.projection.version);
    });
    try {
      await reset;
    } catch (err) {
      if (err instanceof ProjectionSupersededError) {
        this.fail('superseded', err, 'projection superseded by a newer version; not rebuilt');
      } else {
        // Nothing changed (the transaction rolled back): carry on from the committed checkpoint.
        this.start();
      }
      throw err;
    }
    this.position = null;
    this.ctx.logger.info({ projection: this.name, version: this.projection.version }, 'projection tables truncated; replaying the log');
    this.notify();
    this.start();
    await this.until(
      () => this.caughtUp || terminalStates.has(this.state),
      deadline,
      () => new ProjectionTimeoutError(`rebuild of projection '${this.name}'`, timeoutMs),
    );
    this.throwIfTerminal();
  }

  /**
   * Resolves once the read model reflects every event at or before `target` that this projection
   * consumes. Two ways to get there, raced: the checkpoint reaching `target` (the usual case: the
   * caller's own event is applied), or the log showing that nothing this projection consumes lies
   * between the checkpoint and `target` (a filtered projection never sees foreign events, so its
   * checkpoint may never reach a foreign position).
   */
  async waitFor(target: bigint, deadline: number, timeoutMs: number): Promise<void> {
    const reached = (): boolean => this.position !== null && this.position >= target;
    if (reached()) return;
    this.throwIfTerminal();
    const timeout = (): Error => new ProjectionWaitTimeoutError(this.name, target, this.position, timeoutMs);
    const cancel = new AbortController();
    const direct = this.until(() => reached() || terminalStates.has(this.state), deadline, timeout, cancel.signal);
    // A failing probe (store unreachable) leaves the direct path to decide.
    const probed = this.probeUntilConsistent(target, deadline, timeout, cancel.signal).catch(() => direct);
    try {
      await Promise.race([direct, probed]);
    } finally {
      cancel.abort();
      direct.catch(() => undefined);
      probed.catch(() => undefined);
    }
    if (!reached()) this.throwIfTerminal();
  }

  private async probeUntilConsistent(target: bigint, deadline: number, timeout: () => Error, signal: AbortSignal): Promise<void> {
    await this.untilVisible(target, deadline, timeout, signal);
    for (;;) {
      if (signal.aborted || terminalStates.has(this.state)) return;
      const needed = await this.lastRelevant(this.position, target, deadline);
      if (needed === null || signal.aborted) return;
      await this.until(() => terminalStates.has(this.state) || (this.position !== null && this.position >= needed), deadline, timeout, signal);
    }
  }

  private throwIfTerminal(): void {
    if (terminalStates.has(this.state)) {
      throw new ProjectionNotRunningError(this.name, this.state, this.error ? { cause: this.error } : undefined);
    }
  }

  /**
   * Waits until a read of the log shows the event at `target`. Reads are gap-free prefixes of the
   * log (position order is delivery order), so from then on a read sees every event up to `target`;
   * before, a short page could be a log still settling (a store holding back events above a
   * transaction in flight) and would wrongly say "nothing relevant up to target".
   */
  private async untilVisible(target: bigint, deadline: number, timeout: () => Error, signal: AbortSignal): Promise<void> {
    for (;;) {
      const budget = Math.max(1, Math.min(this.ctx.readTimeoutMs, deadline - Date.now()));
      const [seen] = await timed(this.ctx.eventStore.readAll({ after: target - 1n, maxCount: 1 }), budget, 'event store readAll (waitFor visibility)');
      if ((seen && seen.position >= target) || signal.aborted) return;
      if (Date.now() >= deadline) throw timeout();
      await sleep(Math.min(visibilityPollMs, Math.max(1, deadline - Date.now())), signal);
    }
  }

  /**
   * One page of the log after the checkpoint: the last event at or before `target` this projection
   * consumes, or null if none. When the gap is longer than a page, the page's last event is the next
   * milestone; the caller waits for it and probes again, so a waiter behind a long replay reads one
   * page per milestone instead of scanning the whole gap up front.
   */
  private async lastRelevant(after: bigint | null, target: bigint, deadline: number): Promise<bigint | null> {
    const budget = Math.max(1, Math.min(this.ctx.readTimeoutMs, deadline - Date.now()));
    const page = await timed(
      this.ctx.eventStore.readAll({ ...(after === null ? {} : { after }), maxCount: probePageSize, ...(this.projection.filter ? { filter: this.projection.filter } : {}) }),
      budget,
      'event store readAll (waitFor probe)',
    );
    const tail = page[page.length - 1];
    if (page.length === probePageSize && tail && tail.position < target) return tail.position;
    return lastRelevantAtOrBefore(page, target, this.projection.filter);
  }

  /** Resolves when `done()` holds (checked on every change) or `signal` aborts; rejects at the deadline. */
  private until(done: () => boolean, deadline: number, onTimeout: () => Error, signal?: AbortSignal): Promise<void> {
    if (done() || signal?.aborted) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (!done() && !signal?.aborted) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(onTimeout());
      }, Math.min(maxTimerMs, Math.max(0, deadline - Date.now())));
      const cleanup = (): void => {
        clearTimeout(timer);
        this.listeners.delete(check);
        signal?.removeEventListener('abort', check);
      };
      this.listeners.add(check);
      signal?.addEventListener('abort', check, { once: true });
    });
  }

  private notify(): void {
    this.updatedAt = new Date();
    for (const listener of [...this.listeners]) listener();
  }

  private setState(state: ProjectionState): void {
    if (this.state === state) return;
    this.state = state;
    this.notify();
  }

  private async halt(): Promise<void> {
    const loop = this.loop;
    if (!loop) return;
    this.abort?.abort();
    this.queue?.close();
    await loop;
  }

  private async run(signal: AbortSignal): Promise<void> {
    this.setState('starting');
    while (!signal.aborted) {
      try {
        await this.initialize();
        await this.follow(signal);
        if (signal.aborted) return;
        throw new EventStoreUnavailableError('the event store subscription ended');
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof CheckpointMovedError) {
          this.ctx.logger.info({ projection: this.name, expected: String(err.expected), found: String(err.found) }, 'checkpoint moved under another writer; resuming from it');
          continue;
        }
        if (err instanceof ProjectionSupersededError) {
          this.fail('superseded', err, 'projection superseded by a newer version; stopped');
          return;
        }
        if (err instanceof ProjectionApplyError) {
          this.fail('apply', err, 'projection stopped on an event it cannot apply', {
            eventId: err.eventId,
            type: err.eventType,
            streamName: err.streamName,
            position: err.position,
          });
          return;
        }
        if (isTransientError(err)) {
          this.retries += 1;
          const delay = backoffDelay(this.retries, this.ctx.backoff);
          this.error = { kind: 'infrastructure', message: describeError(err), at: new Date() };
          this.setState('retrying');
          this.notify();
          this.ctx.logger.warn({ projection: this.name, attempt: this.retries, delayMs: delay, err: describeError(err) }, 'projection hit an infrastructure error; retrying');
          await sleep(delay, signal);
          continue;
        }
        this.fail('other', err, 'projection stopped on an unexpected error');
        return;
      }
    }
  }

  private fail(kind: ProjectionErrorInfo['kind'], err: unknown, message: string, event?: ProjectionErrorInfo['event']): void {
    this.error = { kind, message: describeError(err), ...(event ? { event } : {}), at: new Date() };
    this.ctx.logger.error(
      {
        projection: this.name,
        version: this.projection.version,
        position: this.position === null ? null : String(this.position),
        ...(event ? { eventId: event.eventId, eventType: event.type, streamName: event.streamName, eventPosition: String(event.position) } : {}),
        err: describeError(err),
      },
      message,
    );
    this.setState(kind === 'superseded' ? 'superseded' : 'failed');
  }

  /**
   * Reads the committed checkpoint. A projection seen for the first time, or whose stored version
   * is older, starts from empty tables; a newer stored version means this runner is outdated.
   */
  private async initialize(): Promise<void> {
    const { checkpoints } = this.ctx;
    const { name, version } = this.projection;
    const position = await this.transaction(async (tx) => {
      const created = await checkpoints.create(tx, name, version);
      const row = await checkpoints.lock(tx, name);
      if (!row) throw new CheckpointMovedError(name, this.position, null);
      if (row.version > version) throw new ProjectionSupersededError(name, version, row.version);
      if (created || row.version < version) {
        await this.truncate(tx);
        await checkpoints.reset(tx, name, version);
        this.ctx.logger.info(
          { projection: name, version, previousVersion: created ? null : row.version },
          created ? 'new projection: starting from an empty read model' : 'projection version changed: rebuilding from the log',
        );
        return null;
      }
      return row.position;
    });
    if (position !== this.position) {
      this.position = position;
      this.notify();
    }
  }

  /** Catch-up in pages straight from the log, then the live subscription from where the pages ended. */
  private async follow(signal: AbortSignal): Promise<void> {
    const { eventStore, batchSize, readTimeoutMs } = this.ctx;
    const filter = this.projection.filter;
    this.setState('catching-up');
    for (;;) {
      if (signal.aborted) return;
      const after = this.position;
      const page = await timed(
        eventStore.readAll({ ...(after === null ? {} : { after }), maxCount: batchSize, ...(filter ? { filter } : {}) }),
        readTimeoutMs,
        'event store readAll',
      );
      if (signal.aborted) return;
      const reachedHead = page.length < batchSize;
      // The last page flips the state to live in the same notification as its checkpoint, so a
      // reader woken by waitFor already sees `live`.
      if (page.length > 0) await this.applyBatch(page, reachedHead ? () => this.markLive() : undefined);
      else this.markLive();
      if (reachedHead) break;
    }

    const subscription = eventStore.subscribeToAll({ from: this.position ?? 'start', ...(filter ? { filter } : {}) });
    const queue = new EventQueue<RecordedEvent>(batchSize * 4);
    this.subscription = subscription;
    this.queue = queue;
    if (signal.aborted) queue.close();
    const pump = (async () => {
      try {
        for await (const event of subscription) {
          await queue.push(event);
          if (signal.aborted) break;
        }
        queue.end();
      } catch (err) {
        queue.fail(err);
      }
    })();
    try {
      for (;;) {
        const batch = await queue.take(batchSize);
        if (batch === null || signal.aborted) return;
        await this.applyBatch(batch);
      }
    } finally {
      queue.close();
      this.subscription = undefined;
      this.queue = undefined;
      await timed(subscription.close(), closeTimeoutMs, 'subscription close').catch((err: unknown) => {
        this.ctx.logger.warn({ projection: this.name, err: describeError(err) }, 'subscription did not close cleanly');
      });
      await timed(pump, closeTimeoutMs, 'subscription drain').catch(() => undefined);
    }
  }

  private markLive(): void {
    this.caughtUp = true;
    this.retries = 0;
    this.error = undefined;
    this.state = 'live';
    this.notify();
  }

  /** One transaction: lock the checkpoint, apply what is new, advance the checkpoint. */
  private async applyBatch(events: RecordedEvent[], onCommitted?: () => void): Promise<void> {
    const { checkpoints } = this.ctx;
    const { name, version, filter } = this.projection;
    const expected = this.position;
    const next = await this.transaction(async (tx) => {
      const row = await checkpoints.lock(tx, name);
      if (!row) throw new CheckpointMovedError(name, expected, null);
      if (row.version > version) throw new ProjectionSupersededError(name, version, row.version);
      if (row.version !== version || row.position !== expected) throw new CheckpointMovedError(name, expected, row.position);
      const plan = planBatch(events, row.position, filter);
      for (const event of plan.apply) {
        try {
          await this.projection.apply(event, tx);
        } catch (err) {
          if (isTransientError(err)) throw err;
          throw new ProjectionApplyError(name, event, err);
        }
      }
      if (plan.checkpoint !== row.position) await checkpoints.advance(tx, name, plan.checkpoint);
      return plan.checkpoint;
    });
    this.position = next;
    if (this.retries !== 0 || this.error?.kind === 'infrastructure') {
      this.retries = 0;
      this.error = undefined;
    }
    if (onCommitted) onCommitted();
    else this.notify();
  }

  private async truncate(tx: EntityManager): Promise<void> {
    if (this.ctx.tables.length === 0) return;
    // RESTART IDENTITY so that a replay hands out the same generated values a first run did.
    await tx.query(`TRUNCATE TABLE ${this.ctx.tables.join(', ')} RESTART IDENTITY`);
  }

  /** A transaction bounded on the server: no statement and no idle gap inside it may exceed the limit. */
  private transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const ms = this.ctx.transactionTimeoutMs;
    return this.ctx.dataSource.transaction(async (tx) => {
      await tx.query(`SET LOCAL statement_timeout = ${ms}`);
      await tx.query(`SET LOCAL idle_in_transaction_session_timeout = ${ms}`);
      return work(tx);
    });
  }
}
