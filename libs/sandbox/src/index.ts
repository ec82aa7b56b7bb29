/**
 * @backforge/sandbox runs generated backends for untrusted invokers: `Sandbox.start`, `load`,
 * `invoke`, `unload`, `stop`. Limits per invocation (`SandboxLimits`, defaults in
 * DEFAULT_SANDBOX_LIMITS): cpuTimeMs, wallTimeMs, memoryMb (per backend isolate), outputBytes,
 * storeOps, storeResultBytes (largest store result). Options per sandbox (`SandboxOptions`):
 * workers, maxBackendsPerWorker, controlTimeoutMs, maxConcurrentPerBackend and
 * maxQueuedPerBackend (a backend's queue to its worker; OVERLOADED past it), maxWorkerMemoryMb (a
 * worker's total). A watchdog kills a worker whose run overruns its CPU budget inside a built-in
 * that never yields and blames that run. Stores: MemoryBackendStore, PostgresBackendStore, and
 * PostgresStoreBridge (the bridge's own pool with statement_timeout and a slice per agent); both
 * stores give `forInvocation` views that the sandbox bounds and cancels per invocation.
 * See docs/decisions.md, "Sandbox" and "Sandbox availability".
 */
export { Sandbox } from './sandbox.js';
export { LazySandbox } from './lazy-sandbox.js';
export type { SandboxOptions, SandboxInvokeContext, SandboxMemory } from './sandbox.js';
export { DEFAULT_SANDBOX_LIMITS } from './limits.js';
export type { SandboxLimits } from './limits.js';
export { SandboxError } from './sandbox-error.js';
export type { SandboxErrorCode } from './sandbox-error.js';
export { MemoryBackendStore } from './store/memory-backend-store.js';
export type { MemoryBackendStoreOptions } from './store/memory-backend-store.js';
export { PostgresBackendStore, BACKEND_RECORDS_TABLE } from './store/postgres-backend-store.js';
export type { PostgresBackendStoreOptions } from './store/postgres-backend-store.js';
export { PostgresStoreBridge, STORE_BRIDGE_APPLICATION_NAME } from './store/postgres-store-bridge.js';
export type { PostgresStoreBridgeOptions } from './store/postgres-store-bridge.js';
export { StoreInputError, StoreLimitError } from './store/store-input.js';
export type { StoreCallScope, InvocationScopedStore } from './store/store-input.js';
export type { EndSignal } from './store/end-signal.js';
