import { randomBytes } from 'node:crypto';
import { digestSecret, generatePlatformToken } from '@backforge/auth';
import { DomainError, STREAM_PREFIX, streamName, WORKSPACE_ID_PATTERN, type WorkspaceEvent } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore, RecordedEvent } from '@backforge/event-store';
import { eventMetadata } from '@backforge/messaging';
import { workspaceDecider } from './domain/workspace.decider.js';

/** A platform token as the admin CLI lists it (never the raw token nor its digest). */
export interface PlatformTokenListing {
  id: string;
  workspace: string;
  name: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

export interface IssuedPlatformTokenInfo {
  id: string;
  workspace: string;
  name: string;
  /** The raw token: shown once, kept nowhere. */
  token: string;
}

export interface WorkspaceListing {
  workspace: string;
  createdAt: string;
  activeTokens: number;
}

const PAGE = 1000;

/**
 * Workspaces and platform tokens, as the admin CLI manages them: straight on the event log, so it
 * works whether or not the platform is running, and the platform's read models follow.
 */
export class WorkspaceAdmin {
  constructor(
    private readonly events: EventStore,
    private readonly digestKey: Buffer,
  ) {}

  async createWorkspace(workspace: string): Promise<{ workspace: string; created: boolean }> {
    checkWorkspaceName(workspace);
    const result = await handleCommand(this.events, streamName('workspace', workspace), workspaceDecider, { type: 'CreateWorkspace', workspaceId: workspace }, {
      metadata: () => eventMetadata({ workspaceId: workspace }),
    });
    return { workspace, created: result.events.length > 0 };
  }

  /** Issues a token (creating the workspace when it does not exist). */
  async issueToken(workspace: string, name: string): Promise<IssuedPlatformTokenInfo> {
    checkWorkspaceName(workspace);
    if (name.length < 1 || name.length > 100) throw new DomainError('VALIDATION_FAILED', 'the token name must be 1-100 characters');
    const issued = generatePlatformToken();
    const id = `tok_${randomBytes(12).toString('hex')}`;
    await handleCommand(
      this.events,
      streamName('workspace', workspace),
      workspaceDecider,
      { type: 'IssuePlatformToken', workspaceId: workspace, tokenId: id, name, prefix: issued.prefix, digest: digestSecret(issued.token, this.digestKey) },
      { metadata: () => eventMetadata({ workspaceId: workspace }) },
    );
    return { id, workspace, name, token: issued.token };
  }

  async revokeToken(tokenId: string): Promise<{ id: string; workspace: string }> {
    const token = (await this.listTokens()).find((t) => t.id === tokenId);
    if (!token) throw new DomainError('NOT_FOUND', `No token ${tokenId}`);
    await handleCommand(this.events, streamName('workspace', token.workspace), workspaceDecider, { type: 'RevokePlatformToken', tokenId }, {
      metadata: () => eventMetadata({ workspaceId: token.workspace }),
    });
    return { id: tokenId, workspace: token.workspace };
  }

  async listTokens(workspace?: string): Promise<PlatformTokenListing[]> {
    const tokens = new Map<string, PlatformTokenListing>();
    for await (const event of this.workspaceEvents()) {
      const e = { type: event.type, data: event.data } as unknown as WorkspaceEvent;
      const ws = event.metadata.workspaceId;
      if (e.type === 'PlatformTokenIssued') {
        tokens.set(e.data.tokenId, { id: e.data.tokenId, workspace: ws, name: e.data.name, prefix: e.data.prefix, createdAt: event.metadata.occurredAt, revokedAt: null });
      } else if (e.type === 'PlatformTokenRevoked') {
        const t = tokens.get(e.data.tokenId);
        if (t) t.revokedAt = event.metadata.occurredAt;
      }
    }
    return [...tokens.values()].filter((t) => workspace === undefined || t.workspace === workspace);
  }

  async listWorkspaces(): Promise<WorkspaceListing[]> {
    const workspaces = new Map<string, WorkspaceListing>();
    const tokens = await this.listTokens();
    for await (const event of this.workspaceEvents()) {
      if (event.type === 'WorkspaceCreated') workspaces.set(event.metadata.workspaceId, { workspace: event.metadata.workspaceId, createdAt: event.metadata.occurredAt, activeTokens: 0 });
    }
    for (const t of tokens) {
      const w = workspaces.get(t.workspace);
      if (w && t.revokedAt === null) w.activeTokens += 1;
    }
    return [...workspaces.values()];
  }

  private async *workspaceEvents(): AsyncGenerator<RecordedEvent> {
    let after: bigint | undefined;
    for (;;) {
      const page = await this.events.readAll({ ...(after !== undefined ? { after } : {}), maxCount: PAGE, filter: { streamPrefixes: [STREAM_PREFIX.workspace] } });
      yield* page;
      if (page.length < PAGE) return;
      after = (page[page.length - 1] as RecordedEvent).position;
    }
  }
}

function checkWorkspaceName(workspace: string): void {
  if (!WORKSPACE_ID_PATTERN.test(workspace)) {
    throw new DomainError('VALIDATION_FAILED', `workspace names are 1-63 lower-case letters, digits and hyphens, starting with a letter or digit (got '${workspace}')`);
  }
}
