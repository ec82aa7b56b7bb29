import { randomBytes, randomUUID } from 'node:crypto';
import { digestSecret, generateAgentKey, generateSecret } from '@backforge/auth';
import { agentKeySlotsStream, DomainError, streamName, type EventMetadata } from '@backforge/contracts';
import { PostgresEventStore } from '@backforge/event-store';
import { ReadModels } from '@backforge/projections';
import { createTestDatabase, describeWith, type TestDatabase } from '@backforge/testing';
import { AgentScope } from './agent-scope.js';
import { ApiKeyQueriesHandler } from './api-key-queries.handler.js';
import { ApiKeysHandler } from './api-keys.handler.js';
import { KeysSettings } from './keys-settings.js';
import { ApiKeyRow, keysProjection } from './keys.projection.js';

const MAX_KEYS = 3;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const metadata = (workspaceId: string): EventMetadata => ({
  eventId: randomUUID(),
  correlationId: 'c',
  causationId: 'c',
  workspaceId,
  occurredAt: new Date().toISOString(),
  schemaVersion: 1,
});
const codeOf = (error: unknown): string | undefined => (error instanceof DomainError ? error.code : undefined);

describeWith(['postgres'])('agent API keys on PostgreSQL (handlers, projection, verify)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let readModels: ReadModels;
  let keys: ApiKeysHandler;
  let queries: ApiKeyQueriesHandler;
  let digestKey: Buffer;

  /** An agent as the generation service creates it: an AgentCreated in its own stream. */
  async function agent(workspaceId: string): Promise<string> {
    const agentId = `agt_${randomBytes(12).toString('hex')}`;
    const data = { agentId, workspaceId, slug: agentId.replace('_', '-'), name: 'todo', region: 'auto', jobId: `job_${randomBytes(12).toString('hex')}` };
    const { position } = await store.append(streamName('agent', agentId), [{ type: 'AgentCreated', data, metadata: metadata(workspaceId) }], 'no_stream');
    await readModels.waitFor(position);
    return agentId;
  }

  async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
    try {
      await promise;
    } catch (error) {
      return codeOf(error);
    }
    return 'no refusal';
  }

  beforeAll(async () => {
    db = await createTestDatabase('bf_keys');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.ensureSchema();
    readModels = await ReadModels.open({ owner: 'keys', databaseUrl: db.url, eventStore: store, projections: [keysProjection], logger: silent, waitTimeoutMs: 30_000 });
    const secret = generateSecret();
    digestKey = Buffer.from(secret, 'base64url');
    const settings = new KeysSettings({ authDigestKey: secret, maxActiveKeysPerAgent: MAX_KEYS });
    const scope = new AgentScope(readModels, store);
    keys = new ApiKeysHandler(store, readModels, scope, settings);
    queries = new ApiKeyQueriesHandler(readModels, scope, settings);
  }, 60_000);
  afterAll(async () => {
    await readModels?.close();
    await store?.close();
    await db?.drop();
  });

  it('creates a key whose raw value is in the answer only: the log and the read model hold its keyed digest', async () => {
    const agentId = await agent('ws-a');
    const created = await keys.create({ workspaceId: 'ws-a', agentId, name: 'ci' });
    expect(created).toMatchObject({ name: 'ci', prefix: created.key.slice(0, 12) });
    expect(created.key).toMatch(/^bfk_[0-9A-Za-z]{46}$/);

    const events = await store.readStream(streamName('apikey', created.id));
    expect(events.map((e) => e.type)).toEqual(['ApiKeyCreated']);
    expect(events[0]?.data).toMatchObject({ keyId: created.id, agentId, workspaceId: 'ws-a', lineage: created.id, digest: digestSecret(created.key, digestKey), lastFour: created.key.slice(-4) });
    const logged = [...(await store.readStream(streamName('apikey', created.id))), ...(await store.readStream(agentKeySlotsStream(agentId)))];
    const everything = JSON.stringify([logged, await readModels.dataSource.getRepository(ApiKeyRow).find()], (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    expect(everything).not.toContain(created.key);
    expect(everything).not.toContain(created.key.slice(12, 40));

    const page = await queries.list({ workspaceId: 'ws-a', agentId });
    expect(page).toEqual({ items: [{ id: created.id, name: 'ci', prefix: created.prefix, lastFour: created.key.slice(-4), status: 'active', createdAt: created.createdAt }], nextCursor: null });
    expect(JSON.stringify(page)).not.toContain(created.key);
    await expect(queries.verify({ key: created.key })).resolves.toEqual({ keyId: created.id, agentId, lineage: created.id });
  });

  it('verify refuses malformed, mistyped and unknown keys with UNAUTHENTICATED', async () => {
    const unknown = generateAgentKey().key;
    const typo = `${unknown.slice(0, 10)}${unknown[10] === 'a' ? 'b' : 'a'}${unknown.slice(11)}`;
    for (const key of ['', 'nope', unknown.replace('bfk_', 'bfp_'), typo, unknown, 'x'.repeat(4096)]) {
      expect(await refusal(queries.verify({ key }))).toBe('UNAUTHENTICATED');
    }
  });

  it('another workspace\'s agent, a missing agent and another agent\'s key are all NOT_FOUND', async () => {
    const mine = await agent('ws-b');
    const theirs = await agent('ws-c');
    const theirKey = await keys.create({ workspaceId: 'ws-c', agentId: theirs, name: 'theirs' });
    expect(await refusal(keys.create({ workspaceId: 'ws-b', agentId: theirs, name: 'x' }))).toBe('NOT_FOUND');
    expect(await refusal(keys.create({ workspaceId: 'ws-b', agentId: 'agt_000000000000000000000000', name: 'x' }))).toBe('NOT_FOUND');
    expect(await refusal(queries.list({ workspaceId: 'ws-b', agentId: theirs }))).toBe('NOT_FOUND');
    expect(await refusal(keys.revoke({ workspaceId: 'ws-b', agentId: theirs, keyId: theirKey.id }))).toBe('NOT_FOUND');
    expect(await refusal(keys.revoke({ workspaceId: 'ws-b', agentId: mine, keyId: theirKey.id }))).toBe('NOT_FOUND');
    expect(await refusal(keys.rotate({ workspaceId: 'ws-b', agentId: mine, keyId: theirKey.id }))).toBe('NOT_FOUND');
    await expect(queries.verify({ key: theirKey.key })).resolves.toMatchObject({ keyId: theirKey.id });
  });

  it('the per-agent cap holds under concurrent creations (KEY_LIMIT_REACHED), and a revocation frees a slot', async () => {
    const agentId = await agent('ws-d');
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => keys.create({ workspaceId: 'ws-d', agentId, name: `k${i}` })));
    const made = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => codeOf(r.reason));
    expect(made).toHaveLength(MAX_KEYS);
    expect(refused).toEqual(Array(8 - MAX_KEYS).fill('KEY_LIMIT_REACHED'));
    expect((await queries.list({ workspaceId: 'ws-d', agentId })).items).toHaveLength(MAX_KEYS);

    const [first] = made;
    if (!first) throw new Error('no key');
    // A rotation at the cap moves the slot instead of needing a free one.
    const rotated = await keys.rotate({ workspaceId: 'ws-d', agentId, keyId: first.id });
    expect(await refusal(keys.create({ workspaceId: 'ws-d', agentId, name: 'one too many' }))).toBe('KEY_LIMIT_REACHED');
    await keys.revoke({ workspaceId: 'ws-d', agentId, keyId: rotated.id });
    await expect(keys.create({ workspaceId: 'ws-d', agentId, name: 'after revoke' })).resolves.toMatchObject({ name: 'after revoke' });
  });

  it('revocation is immediate and idempotent', async () => {
    const agentId = await agent('ws-e');
    const created = await keys.create({ workspaceId: 'ws-e', agentId, name: 'gone' });
    const first = await keys.revoke({ workspaceId: 'ws-e', agentId, keyId: created.id });
    expect(first).toMatchObject({ id: created.id, status: 'revoked' });
    expect(await refusal(queries.verify({ key: created.key }))).toBe('UNAUTHENTICATED');
    await expect(keys.revoke({ workspaceId: 'ws-e', agentId, keyId: created.id })).resolves.toEqual(first);
    expect((await store.readStream(streamName('apikey', created.id))).map((e) => e.type)).toEqual(['ApiKeyCreated', 'ApiKeyRevoked']);
    expect((await queries.list({ workspaceId: 'ws-e', agentId })).items[0]).toMatchObject({ status: 'revoked', revokedAt: first.revokedAt });
    expect(await refusal(keys.rotate({ workspaceId: 'ws-e', agentId, keyId: created.id }))).toBe('CONFLICT');
  });

  it('rotation without grace: the old key stops at once, the new one shares its lineage', async () => {
    const agentId = await agent('ws-f');
    const old = await keys.create({ workspaceId: 'ws-f', agentId, name: 'svc' });
    const rotated = await keys.rotate({ workspaceId: 'ws-f', agentId, keyId: old.id });
    expect(rotated).toMatchObject({ name: 'svc', replaces: old.id });
    expect(rotated.id).not.toBe(old.id);
    expect(rotated.key).not.toBe(old.key);
    expect(await refusal(queries.verify({ key: old.key }))).toBe('UNAUTHENTICATED');
    await expect(queries.verify({ key: rotated.key })).resolves.toEqual({ keyId: rotated.id, agentId, lineage: old.id });
    expect((await store.readStream(streamName('apikey', old.id))).map((e) => [e.type, e.data])).toEqual([
      ['ApiKeyCreated', expect.objectContaining({ keyId: old.id })],
      ['ApiKeyRotated', { keyId: old.id, replacedBy: rotated.id, expiresAt: rotated.oldKeyExpiresAt }],
    ]);
    const items = (await queries.list({ workspaceId: 'ws-f', agentId })).items;
    expect(items.map((k) => [k.id, k.status])).toEqual([
      [rotated.id, 'active'],
      [old.id, 'expired'],
    ]);
    expect(await refusal(keys.rotate({ workspaceId: 'ws-f', agentId, keyId: old.id }))).toBe('CONFLICT');
  });

  it('rotation with a grace period: the old key works until expiresAt, and can still be revoked at once', async () => {
    const agentId = await agent('ws-g');
    const old = await keys.create({ workspaceId: 'ws-g', agentId, name: 'svc' });
    const before = Date.now();
    const rotated = await keys.rotate({ workspaceId: 'ws-g', agentId, keyId: old.id, gracePeriodSeconds: 3600 });
    expect(Date.parse(rotated.oldKeyExpiresAt)).toBeGreaterThanOrEqual(before + 3_600_000);
    await expect(queries.verify({ key: old.key })).resolves.toEqual({ keyId: old.id, agentId, lineage: old.id });
    await expect(queries.verify({ key: rotated.key })).resolves.toEqual({ keyId: rotated.id, agentId, lineage: old.id });
    expect((await queries.list({ workspaceId: 'ws-g', agentId })).items[1]).toMatchObject({ id: old.id, status: 'active', expiresAt: rotated.oldKeyExpiresAt });
    await keys.revoke({ workspaceId: 'ws-g', agentId, keyId: old.id });
    expect(await refusal(queries.verify({ key: old.key }))).toBe('UNAUTHENTICATED');
    await expect(queries.verify({ key: rotated.key })).resolves.toMatchObject({ keyId: rotated.id });
  });

  it('lists newest first in pages', async () => {
    const agentId = await agent('ws-h');
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await keys.create({ workspaceId: 'ws-h', agentId, name })).id);
    const first = await queries.list({ workspaceId: 'ws-h', agentId, limit: 2 });
    expect(first.items.map((k) => k.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await queries.list({ workspaceId: 'ws-h', agentId, limit: 2, cursor: first.nextCursor ?? '' });
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    expect(await refusal(queries.list({ workspaceId: 'ws-h', agentId, cursor: 'bm90LWEtcG9zaXRpb24' }))).toBe('VALIDATION_FAILED');
  });
  it('records usage reported by the routers as lastUsedAt, one ApiKeyUsed per key per minute', async () => {
    const agentId = await agent('ws-u');
    const created = await keys.create({ workspaceId: 'ws-u', agentId, name: 'used' });
    const t0 = Date.parse('2030-01-01T00:00:00.000Z');
    await keys.recordUse({ keyId: created.id, usedAt: new Date(t0).toISOString() });
    await keys.recordUse({ keyId: created.id, usedAt: new Date(t0 + 30_000).toISOString() }); // same minute: no event
    await keys.recordUse({ keyId: created.id, usedAt: new Date(t0 + 61_000).toISOString() });
    await keys.recordUse({ keyId: 'key_unknown', usedAt: new Date(t0).toISOString() }); // not a key: nothing
    const used = (await store.readStream(streamName('apikey', created.id))).filter((e) => e.type === 'ApiKeyUsed');
    expect(used.map((e) => e.data)).toEqual([
      { keyId: created.id, usedAt: new Date(t0).toISOString() },
      { keyId: created.id, usedAt: new Date(t0 + 61_000).toISOString() },
    ]);
    await readModels.waitFor(used[1]?.position ?? 0n);
    expect((await queries.list({ workspaceId: 'ws-u', agentId })).items[0]).toMatchObject({ id: created.id, lastUsedAt: new Date(t0 + 61_000).toISOString() });
    expect(await store.readStream(streamName('apikey', 'key_unknown'))).toEqual([]);
  });
});
