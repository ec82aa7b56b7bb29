export { TEST_ENV, testServers } from './servers.js';
export type { ServerKind, TestServers } from './servers.js';
export { createTestDatabase } from './databases.js';
export type { TestDatabase } from './databases.js';
export { describeWith } from './availability.js';
export { testS3 } from './s3.js';
export type { TestS3 } from './s3.js';
export { startSilentPeer } from './silent-peer.js';
export type { SilentPeer } from './silent-peer.js';
