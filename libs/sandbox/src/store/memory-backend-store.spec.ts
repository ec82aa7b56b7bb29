import type { BackendStore, JsonObject } from '@backforge/contracts';
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

  it('checks unique fields named like Object.prototype members against own data only', async () => {
    const store = new MemoryBackendStore();
    await store.insert('c', { a: 1 });
    for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const data = JSON.parse(`{"${field}": {}}`) as JsonObject;
      expect(await store.insert('c', data, { unique: [field] })).toMatchObject({ ok: true });
      expect(await store.insert('c', JSON.parse(`{"${field}": {}}`) as JsonObject, { unique: [field] })).toEqual({ ok: false, reason: 'unique_violation', field });
    }
  });

  it('checks the id of a get even when the collection does not exist', async () => {
    const store = new MemoryBackendStore();
    await expect(store.get('nothing', '')).rejects.toThrow(/id must be/);
    await expect(store.get('nothing', 'x'.repeat(500))).rejects.toThrow(/id must be/);
  });
});
