import type { BackendStore } from '@backforge/contracts';
import type { SandboxLimits } from './limits.js';

export interface SandboxOptions {
  /** Worker processes (default 2). */
  workers?: number;
  /** Defaults for every invocation; `memoryMb` applies per backend isolate. */
  limits?: Partial<SandboxLimits>;
  /** Loaded backends a worker keeps before evicting the least recently used one (it reloads on demand). */
  maxBackendsPerWorker?: number;
  /** Time a worker may take to start or to load one backend (default 10 s). */
  controlTimeoutMs?: number;
  /**
   * Invocations of one backend at its worker at once (default 32); more wait in order. Most of an
   * invocation's time is spent waiting on its store calls, not running, so this is what bounds one
   * backend's throughput (32: a store-backed call takes a few ms of hops, and 16 left the router
   * half idle under load); fairness between backends on a worker comes from the worker taking runs
   * round-robin (a burst delays another backend by about one run of the busy one, not its queue).
   * It stays within the PostgreSQL bridge's slice per agent (2 connections + 32 waiting calls).
   */
  maxConcurrentPerBackend?: number;
  /**
   * Invocations of one backend that may wait for those (default 1024); past it, OVERLOADED. A memory
   * guard, not the shedding policy: each waiter leaves at its own wall-time deadline.
   */
  maxQueuedPerBackend?: number;
  /**
   * Resident memory one worker process may reach, all its backends together (default 2048 MB).
   * Past 75% the idle backends' isolates are freed (they reload on demand); past 100% the worker is
   * killed and replaced, blamed on the invocation that was running.
   */
  maxWorkerMemoryMb?: number;
}

export interface SandboxInvokeContext {
  store: BackendStore;
  /** The invocation's clock, read once when it starts (default: the host clock). */
  now?: () => string;
}

export interface SandboxMemory {
  hostRssBytes: number;
  workerRssBytes: number[];
}

/** The options a sandbox runs with, defaults filled in and checked. */
export interface SandboxSettings {
  maxBackendsPerWorker: number;
  controlTimeoutMs: number;
  maxConcurrentPerBackend: number;
  maxQueuedPerBackend: number;
  maxWorkerMemoryBytes: number;
  /** Time a bundle may take to load (runtime, bundle, seal): max(1 s, 10 x cpuTimeMs). */
  loadCpuTimeMs: number;
}

export function resolveSettings(options: SandboxOptions, limits: SandboxLimits): SandboxSettings {
  const settings: SandboxSettings = {
    maxBackendsPerWorker: options.maxBackendsPerWorker ?? 256,
    controlTimeoutMs: options.controlTimeoutMs ?? 10_000,
    maxConcurrentPerBackend: options.maxConcurrentPerBackend ?? 32,
    maxQueuedPerBackend: options.maxQueuedPerBackend ?? 1024,
    maxWorkerMemoryBytes: (options.maxWorkerMemoryMb ?? 2048) * 1024 * 1024,
    loadCpuTimeMs: Math.max(1000, limits.cpuTimeMs * 10),
  };
  for (const [name, value, min] of [
    ['maxBackendsPerWorker', settings.maxBackendsPerWorker, 1],
    ['maxConcurrentPerBackend', settings.maxConcurrentPerBackend, 1],
    ['maxQueuedPerBackend', settings.maxQueuedPerBackend, 0],
    ['maxWorkerMemoryMb', options.maxWorkerMemoryMb ?? 2048, 64],
  ] as const) {
    if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}`);
  }
  return settings;
}
