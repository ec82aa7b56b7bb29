// The event catalogue: one folder per stream kind, typed unions per stream (DESIGN §4).
export type { EventMetadata, DomainEvent, StoredDomainEvent } from './event.js';
export { STREAM_PREFIX, streamName, idOfStream } from './streams.js';
export type { StreamKind } from './streams.js';
export * from './workspace/workspace.events.js';
export * from './agent/agent.events.js';
export * from './generation/generation.events.js';
export * from './validation/validation.events.js';
export * from './apikey/apikey.events.js';
export * from './deployment/deployment.events.js';
