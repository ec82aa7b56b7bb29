import type { EventStore } from '@backforge/event-store';
import type { ReadModels } from '@backforge/projections';
import { createLogger } from '@backforge/runtime';
import { PlatformTokenLookup } from './platform-token-lookup.js';
import { platformTokensProjection } from './platform-tokens.projection.js';

/**
 * The race a loaded machine met (the int suite failed about one run in three beside CI): the read
 * model had not applied a token's issue at the first read, applied it before the scan started, and
 * the scan, which starts at the read model's checkpoint, read past it. The read model, re-read,
 * has the row. (The int suite drives the real thing; this one pins the order of reads.)
 */
describe('PlatformTokenLookup: a token the read model applies between the first read and the scan', () => {
  it('is found by reading the read model again, not refused because the scan started past its issue', async () => {
    const row = { id: 'tok_1', workspaceId: 'ws', digest: 'd1', revokedAt: null };
    let reads = 0;
    const readModels = {
      dataSource: { getRepository: () => ({ findOneBy: async () => (reads++ === 0 ? null : row) }) },
      // the checkpoint is already past the issue: the scan reads nothing
      runner: { status: () => [{ name: platformTokensProjection.name, position: 42n }] },
      waitFor: async () => undefined,
    } as unknown as ReadModels;
    const eventStore = { readAll: async () => [] } as unknown as EventStore;
    const lookup = new PlatformTokenLookup(readModels, eventStore, createLogger({ service: 'test', level: 'silent' }));
    await expect(lookup.find('d1')).resolves.toEqual({ workspaceId: 'ws', tokenId: 'tok_1' });
    expect(reads).toBe(2);
  }, 30_000);

  it('still refuses a digest that is neither in the read model nor on the log', async () => {
    const readModels = {
      dataSource: { getRepository: () => ({ findOneBy: async () => null }) },
      runner: { status: () => [{ name: platformTokensProjection.name, position: 42n }] },
      waitFor: async () => undefined,
    } as unknown as ReadModels;
    const eventStore = { readAll: async () => [] } as unknown as EventStore;
    const lookup = new PlatformTokenLookup(readModels, eventStore, createLogger({ service: 'test', level: 'silent' }));
    await expect(lookup.find('unknown')).resolves.toBeUndefined();
  }, 30_000);
});
