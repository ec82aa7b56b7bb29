import type { ArtifactRef, PlatformErrorCode } from '@backforge/contracts';

/** A key as the router knows it: never the raw key, only its keyed digest (the table's key). */
export interface KeyEntry {
  keyId: string;
  agentId: string;
  lineage: string;
  digest: string;
  revoked: boolean;
  /** Epoch ms from which a rotated key is refused; undefined while it has no end. */
  expiresAt: number | undefined;
}

/** The version of an agent that serves its slug. */
export interface DeployedVersion {
  agentId: string;
  slug: string;
  version: number;
  deploymentId: string;
  bundle: ArtifactRef;
}

/** The events the router's tables are built from (stream prefixes `apikey-`, `agent-`, `slug-`, `deployment-`). */
export const ROUTER_EVENT_TYPES = [
  'ApiKeyCreated',
  'ApiKeyRevoked',
  'ApiKeyRotated',
  'AgentCreated',
  'SlugReserved',
  'DeploymentRequested',
  'DeploymentStarted',
  'DeploymentSucceeded',
  'DeploymentFailed',
] as const;

/**
 * What an event changed about deployments: one is under way (`deploying`: its bundle may be loaded
 * ahead, not routed), one now serves its agent (`deployed`), or one ended without going live.
 */
export type DeploymentChange =
  | { kind: 'deploying'; deployment: DeployedVersion }
  | { kind: 'deployed'; deployment: DeployedVersion }
  | { kind: 'deployFailed'; deployment: DeployedVersion };

/** What one event changed that the router acts on: deployments, or a key it accepted until now being revoked. */
export type TableChange = DeploymentChange | { kind: 'keyRevoked'; keyId: string };

export interface TableEvent {
  type: string;
  data: Record<string, unknown>;
  /** Its global log position (from the log, or a deployed notice's); without one, log order is assumed. */
  position?: bigint;
}

/** Why an invoke is refused before any backend runs; one message per status, no hint which check failed. */
export interface Refusal {
  code: PlatformErrorCode;
  message: string;
}

export const REFUSALS = {
  unauthenticated: { code: 'UNAUTHENTICATED', message: 'A valid agent API key is required in the Authorization header (Bearer)' },
  forbidden: { code: 'FORBIDDEN', message: 'This API key is not valid for this agent' },
  unknownSlug: { code: 'NOT_FOUND', message: 'No agent has this slug' },
  notDeployed: { code: 'AGENT_NOT_DEPLOYED', message: 'The agent is not deployed; deploy it with POST /v1/deploy/{id}' },
} as const satisfies Record<string, Refusal>;

export type KeyCheck = { ok: true; key: KeyEntry } | { ok: false; refusal: Refusal };
export type RouteCheck = { ok: true; deployed: DeployedVersion } | { ok: false; refusal: Refusal };

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The deployment a DeploymentRequested or DeploymentSucceeded names (both carry all of it). */
function deploymentOfEvent(d: Record<string, unknown>): DeployedVersion | undefined {
  const agentId = str(d.agentId);
  const slug = str(d.slug);
  const deploymentId = str(d.deploymentId);
  const bundle = d.bundle as ArtifactRef | undefined;
  const version = typeof d.version === 'number' ? d.version : undefined;
  if (!agentId || !slug || !deploymentId || version === undefined || typeof bundle?.filename !== 'string') return undefined;
  return { agentId, slug, version, deploymentId, bundle };
}

/**
 * The router's key table and routing table: a projection of the log kept in memory. `apply` is a
 * function of the events only (times come from the events' data), so two routers that applied the
 * same events answer alike; the clock enters only in `checkKey` (a rotation's grace period).
 */
export class InvokeTables {
  private readonly byDigest = new Map<string, KeyEntry>();
  private readonly byId = new Map<string, KeyEntry>();
  private readonly agentOfSlug = new Map<string, string>();
  private readonly deployed = new Map<string, DeployedVersion>();
  /** The log position of each agent's routed deployment's DeploymentSucceeded. */
  private readonly deployedAt = new Map<string, bigint>();
  /** Deployments requested and not ended yet, by deployment id (at most one per agent). */
  private readonly open = new Map<string, DeployedVersion>();

  /** Applies one event; answers what it changed about deployments or revocations, if anything. */
  apply(event: TableEvent): TableChange | undefined {
    const d = event.data;
    switch (event.type) {
      case 'ApiKeyCreated': {
        const keyId = str(d.keyId);
        const agentId = str(d.agentId);
        const digest = str(d.digest);
        if (!keyId || !agentId || !digest) return undefined;
        const entry: KeyEntry = { keyId, agentId, digest, lineage: str(d.lineage) ?? keyId, revoked: false, expiresAt: undefined };
        this.byId.set(keyId, entry);
        this.byDigest.set(digest, entry);
        return undefined;
      }
      case 'ApiKeyRevoked': {
        const entry = this.byId.get(str(d.keyId) ?? '');
        if (!entry || entry.revoked) return undefined;
        entry.revoked = true;
        return { kind: 'keyRevoked', keyId: entry.keyId };
      }
      case 'ApiKeyRotated': {
        const entry = this.byId.get(str(d.keyId) ?? '');
        const at = Date.parse(str(d.expiresAt) ?? '');
        // An unreadable end is treated as "now": refusing is the safe side.
        if (entry) entry.expiresAt = Number.isFinite(at) ? at : 0;
        return undefined;
      }
      case 'AgentCreated':
      case 'SlugReserved': {
        const slug = str(d.slug);
        const agentId = str(d.agentId);
        // A slug is held by its first agent for ever: a later claim never moves it.
        if (slug && agentId && !this.agentOfSlug.has(slug)) this.agentOfSlug.set(slug, agentId);
        return undefined;
      }
      case 'DeploymentRequested': {
        const deployment = deploymentOfEvent(d);
        if (!deployment) return undefined;
        this.open.set(deployment.deploymentId, deployment);
        return { kind: 'deploying', deployment };
      }
      case 'DeploymentStarted': {
        // A claim (or a later attempt's): the deployment is still under way.
        const deployment = this.open.get(str(d.deploymentId) ?? '');
        return deployment ? { kind: 'deploying', deployment } : undefined;
      }
      case 'DeploymentFailed': {
        const deploymentId = str(d.deploymentId) ?? '';
        const deployment = this.open.get(deploymentId);
        this.open.delete(deploymentId);
        return deployment ? { kind: 'deployFailed', deployment } : undefined;
      }
      case 'DeploymentSucceeded': {
        const deployed = deploymentOfEvent(d);
        if (!deployed) return undefined;
        this.open.delete(deployed.deploymentId);
        if (!this.agentOfSlug.has(deployed.slug)) this.agentOfSlug.set(deployed.slug, deployed.agentId);
        // The latest deployment in log order serves (a redeploy of an older version is a rollback). One
        // announced ahead of the log (`deployedAhead`) is neither undone by the older ones the log still
        // delivers before it nor applied twice when its own event comes.
        const routedAt = this.deployedAt.get(deployed.agentId);
        if (event.position !== undefined && routedAt !== undefined && event.position <= routedAt) return undefined;
        this.deployed.set(deployed.agentId, deployed);
        if (event.position !== undefined) this.deployedAt.set(deployed.agentId, event.position);
        return { kind: 'deployed', deployment: deployed };
      }
      default:
        return undefined;
    }
  }

  /**
   * A DeploymentSucceeded announced before the log delivers it (at its log position): applied as the
   * event will be, once the tables know the agent's slug (from the log; otherwise the event waits).
   */
  deployedAhead(deployment: DeployedVersion, position: bigint): DeploymentChange | undefined {
    if (this.agentOfSlug.get(deployment.slug) !== deployment.agentId) return undefined;
    const change = this.apply({ type: 'DeploymentSucceeded', data: { ...deployment }, position });
    return change?.kind === 'keyRevoked' ? undefined : change;
  }

  /**
   * A key-ended notification (ahead of its event): revoked, or refused from `expiresAt`. It can only
   * end a key sooner, never revive one, so a stale or repeated notification changes nothing.
   * True when it revoked a key that was not revoked yet.
   */
  endKey(keyId: string, ending: { revoked?: boolean; expiresAt?: string }): boolean {
    const entry = this.byId.get(keyId);
    if (!entry) return false;
    const revoking = ending.revoked === true && !entry.revoked;
    if (revoking) entry.revoked = true;
    const at = ending.expiresAt === undefined ? Number.NaN : Date.parse(ending.expiresAt);
    if (Number.isFinite(at)) entry.expiresAt = Math.min(entry.expiresAt ?? at, at);
    return revoking;
  }

  /** The key a digest names, if it may be used at `now` (epoch ms). */
  checkKey(digest: string, now: number): KeyCheck {
    const key = this.byDigest.get(digest);
    if (!key || key.revoked || (key.expiresAt !== undefined && key.expiresAt <= now)) return { ok: false, refusal: REFUSALS.unauthenticated };
    return { ok: true, key };
  }

  /** What serves `slug` for the holder of `key`: 404 unknown slug, 403 another agent's, 409 not deployed. */
  route(slug: string, key: KeyEntry): RouteCheck {
    const agentId = this.agentOfSlug.get(slug);
    if (agentId === undefined) return { ok: false, refusal: REFUSALS.unknownSlug };
    if (agentId !== key.agentId) return { ok: false, refusal: REFUSALS.forbidden };
    const deployed = this.deployed.get(agentId);
    if (!deployed) return { ok: false, refusal: REFUSALS.notDeployed };
    return { ok: true, deployed };
  }

  deploymentOf(agentId: string): DeployedVersion | undefined {
    return this.deployed.get(agentId);
  }

  stats(): { keys: number; slugs: number; deployed: number } {
    return { keys: this.byId.size, slugs: this.agentOfSlug.size, deployed: this.deployed.size };
  }
}
