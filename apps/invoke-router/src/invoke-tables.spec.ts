import { InvokeTables, REFUSALS, type DeployedVersion, type KeyEntry, type TableEvent } from './invoke-tables.js';

const bundle = (v: number) => ({ filename: `shop-v${v}.bundle.js`, kind: 'bundle', size: 10, sha256: 'ab', contentType: 'text/javascript' });
const created = (keyId: string, agentId: string, digest: string, lineage = keyId): TableEvent => ({
  type: 'ApiKeyCreated',
  data: { keyId, agentId, workspaceId: 'ws', name: 'k', prefix: 'bfk_x', lastFour: 'abcd', digest, lineage },
});
const deployed = (agentId: string, slug: string, version: number, deploymentId = `dep_${version}`): TableEvent => ({
  type: 'DeploymentSucceeded',
  data: { deploymentId, attempt: 1, agentId, slug, version, bundle: bundle(version), smoke: { action: 'describe', status: 200, durationMs: 1 } },
});

function keyOf(t: InvokeTables, digest: string): KeyEntry {
  const checked = t.checkKey(digest, 0);
  if (!checked.ok) throw new Error(`no key for ${digest}`);
  return checked.key;
}

function tables(...events: TableEvent[]): InvokeTables {
  const t = new InvokeTables();
  for (const e of events) t.apply(e);
  return t;
}

describe('InvokeTables', () => {
  const base = [
    { type: 'AgentCreated', data: { agentId: 'agt_a', workspaceId: 'ws', slug: 'shop', name: 'Shop', region: 'auto', jobId: 'job' } },
    { type: 'SlugReserved', data: { slug: 'notes', agentId: 'agt_b' } },
    created('key_a', 'agt_a', 'digest-a'),
    created('key_b', 'agt_b', 'digest-b'),
  ];

  it('finds a key by its digest and refuses unknown digests with the one 401 refusal', () => {
    const t = tables(...base);
    const ok = t.checkKey('digest-a', 0);
    expect(ok.ok && ok.key).toMatchObject({ keyId: 'key_a', agentId: 'agt_a', lineage: 'key_a' });
    expect(t.checkKey('nope', 0)).toEqual({ ok: false, refusal: REFUSALS.unauthenticated });
  });

  it('refuses a revoked key at once, and a rotated key from its expiry on', () => {
    const t = tables(...base, { type: 'ApiKeyRevoked', data: { keyId: 'key_b' } }, { type: 'ApiKeyRotated', data: { keyId: 'key_a', replacedBy: 'key_c', expiresAt: '2030-01-01T00:00:10.000Z' } });
    expect(t.checkKey('digest-b', 0)).toEqual({ ok: false, refusal: REFUSALS.unauthenticated });
    const end = Date.parse('2030-01-01T00:00:10.000Z');
    expect(t.checkKey('digest-a', end - 1).ok).toBe(true);
    expect(t.checkKey('digest-a', end).ok).toBe(false);
  });

  it('routes 404 unknown slug, 403 another agent, 409 not deployed, then the latest deployment', () => {
    const t = tables(...base);
    const keyA = keyOf(t, 'digest-a');
    expect(t.route('nothing', keyA)).toEqual({ ok: false, refusal: REFUSALS.unknownSlug });
    expect(t.route('notes', keyA)).toEqual({ ok: false, refusal: REFUSALS.forbidden });
    expect(t.route('shop', keyA)).toEqual({ ok: false, refusal: REFUSALS.notDeployed });
    expect(t.apply(deployed('agt_a', 'shop', 1))).toMatchObject({ kind: 'deployed', deployment: { version: 1 } });
    t.apply(deployed('agt_a', 'shop', 2));
    const route = t.route('shop', keyA);
    expect(route.ok && route.deployed).toMatchObject({ agentId: 'agt_a', version: 2, deploymentId: 'dep_2', bundle: { filename: 'shop-v2.bundle.js' } });
    t.apply(deployed('agt_a', 'shop', 1, 'dep_rollback')); // log order wins: a rollback serves v1
    const back = t.route('shop', keyA);
    expect(back.ok && back.deployed.deploymentId).toBe('dep_rollback');
  });

  it('tells a deployment under way (to load ahead) apart from one that serves, and one that failed; only success routes', () => {
    const t = tables(...base);
    const keyA = keyOf(t, 'digest-a');
    const requested = { type: 'DeploymentRequested', data: { deploymentId: 'dep_1', agentId: 'agt_a', workspaceId: 'ws', slug: 'shop', version: 1, bundle: bundle(1) } };
    expect(t.apply(requested)).toEqual({ kind: 'deploying', deployment: { agentId: 'agt_a', slug: 'shop', version: 1, deploymentId: 'dep_1', bundle: bundle(1) } });
    expect(t.apply({ type: 'DeploymentStarted', data: { deploymentId: 'dep_1', attempt: 1, workerId: 'w', leaseExpiresAt: '' } })).toMatchObject({ kind: 'deploying' });
    expect(t.route('shop', keyA)).toEqual({ ok: false, refusal: REFUSALS.notDeployed });
    expect(t.apply({ type: 'DeploymentFailed', data: { deploymentId: 'dep_1', attempt: 1, error: { code: 'X', message: 'x' } } })).toMatchObject({ kind: 'deployFailed', deployment: { deploymentId: 'dep_1' } });
    expect(t.apply({ type: 'DeploymentStarted', data: { deploymentId: 'dep_1', attempt: 2, workerId: 'w', leaseExpiresAt: '' } })).toBeUndefined(); // ended
    t.apply({ ...requested, data: { ...requested.data, deploymentId: 'dep_2', version: 2, bundle: bundle(2) } });
    expect(t.apply(deployed('agt_a', 'shop', 2))).toMatchObject({ kind: 'deployed', deployment: { deploymentId: 'dep_2' } });
    expect(t.apply({ type: 'DeploymentFailed', data: { deploymentId: 'dep_2', attempt: 1, error: { code: 'X', message: 'x' } } })).toBeUndefined(); // not open any more
    const route = t.route('shop', keyA);
    expect(route.ok && route.deployed.deploymentId).toBe('dep_2');
  });

  it('a deployment announced ahead of its event routes at once; the log then neither undoes it with older deployments nor applies it twice', () => {
    const t = tables(...base);
    const keyA = keyOf(t, 'digest-a');
    const at = (event: TableEvent, position: bigint): TableEvent => ({ ...event, position });
    t.apply(at(deployed('agt_a', 'shop', 1), 10n));
    const v3: DeployedVersion = { agentId: 'agt_a', slug: 'shop', version: 3, deploymentId: 'dep_3', bundle: { ...bundle(3), kind: 'bundle' } };
    expect(t.deployedAhead(v3, 30n)).toEqual({ kind: 'deployed', deployment: v3 });
    const routed = t.route('shop', keyA);
    expect(routed.ok && routed.deployed.deploymentId).toBe('dep_3');
    // The log catches up: v2 (before v3 in the log) changes nothing, nor does v3's own event.
    expect(t.apply(at(deployed('agt_a', 'shop', 2), 20n))).toBeUndefined();
    expect(t.apply(at(deployed('agt_a', 'shop', 3), 30n))).toBeUndefined();
    const still = t.route('shop', keyA);
    expect(still.ok && still.deployed.deploymentId).toBe('dep_3');
    // A later deployment in the log (a rollback to v1) serves as before.
    expect(t.apply(at(deployed('agt_a', 'shop', 1, 'dep_rollback'), 40n))).toMatchObject({ kind: 'deployed' });
    const back = t.route('shop', keyA);
    expect(back.ok && back.deployed.deploymentId).toBe('dep_rollback');
    // A stale notice (older than what the log routed) changes nothing.
    expect(t.deployedAhead(v3, 30n)).toBeUndefined();
    // A notice for a slug the tables do not give that agent (not yet in the log, or another's) waits for the log.
    expect(t.deployedAhead({ ...v3, agentId: 'agt_b', slug: 'shop' }, 50n)).toBeUndefined();
    expect(t.deployedAhead({ ...v3, slug: 'unknown' }, 50n)).toBeUndefined();
    const unchanged = t.route('shop', keyA);
    expect(unchanged.ok && unchanged.deployed.deploymentId).toBe('dep_rollback');
  });

  it('keeps a slug with its first agent for ever', () => {
    const t = tables(...base, { type: 'SlugReserved', data: { slug: 'shop', agentId: 'agt_b' } });
    const keyB = keyOf(t, 'digest-b');
    expect(t.route('shop', keyB)).toEqual({ ok: false, refusal: REFUSALS.forbidden });
  });

  it('a key-ended notification ends a key sooner, never revives one', () => {
    const t = tables(...base);
    t.endKey('key_a', { expiresAt: '2030-01-01T00:00:10.000Z' });
    t.endKey('key_a', { expiresAt: '2031-01-01T00:00:00.000Z' }); // later: changes nothing
    const end = Date.parse('2030-01-01T00:00:10.000Z');
    expect(t.checkKey('digest-a', end - 1).ok).toBe(true);
    expect(t.checkKey('digest-a', end).ok).toBe(false);
    t.endKey('key_b', { revoked: true });
    t.endKey('key_b', { revoked: false });
    expect(t.checkKey('digest-b', 0).ok).toBe(false);
    t.endKey('key_unknown', { revoked: true }); // not (yet) known: the event decides later
    expect(t.stats().keys).toBe(2);
  });

  it('ignores malformed and unrelated events', () => {
    const t = tables(...base, { type: 'ApiKeyCreated', data: { keyId: 1 } }, { type: 'DeploymentSucceeded', data: { agentId: 'agt_a' } }, { type: 'GenerationStarted', data: {} });
    expect(t.stats()).toEqual({ keys: 2, slugs: 2, deployed: 0 });
  });
});
