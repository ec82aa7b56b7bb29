import type { BackendStore } from '@backforge/contracts';
import { MemoryBackendStore } from '../index.js';
import { storeConformance } from '../test-support/store-conformance.js';

describe('MemoryBackendStore conformance', () => {
  storeConformance(async () => {
    // The host scopes memory stores by holding one per agent.
    const stores = new Map<string, BackendStore>();
    return {
      storeFor(agentId: string): BackendStore {
        let store = stores.get(agentId);
        if (!store) {
          store = new MemoryBackendStore();
          stores.set(agentId, store);
        }
        return store;
      },
    };
  });
});

describe('MemoryBackendStore', () => {
  it('uses the clock it is given', async () => {
    const store = new MemoryBackendStore({ now: () => '2031-05-06T07:08:09.010Z' });
    const r = await store.insert('c', { a: 1 });
    expect(r.ok && r.record.createdAt).toBe('2031-05-06T07:08:09.010Z');
  });
});
