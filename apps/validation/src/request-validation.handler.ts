import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, streamName, type ValidateAgentMessage, type ValidateAgentReply } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata } from '@backforge/messaging';
import type { ReadModels } from '@backforge/projections';
import { EVENT_STORE } from '@backforge/runtime';
import { validationDecider } from './domain/validation.decider.js';
import { ValidationAgents } from './validation-agents.js';
import { VALIDATION_READ_MODELS } from './validation.tokens.js';
import { ValidationWorker } from './validation.worker.js';

/** `val_` and 96 random bits in hex. */
export function newValidationJobId(): string {
  return `val_${randomBytes(12).toString('hex')}`;
}

/**
 * POST /v1/validation/{id}/validate: queue a validation of the agent's newest stored artifact.
 * Answers as soon as the job is in the log and the read model shows it; the checks run off the
 * request path. Another workspace's agent is NOT_FOUND, like a missing one.
 */
@Injectable()
export class RequestValidationHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(VALIDATION_READ_MODELS) private readonly readModels: ReadModels,
    private readonly agents: ValidationAgents,
    private readonly worker: ValidationWorker,
  ) {}

  async handle(message: ValidateAgentMessage): Promise<ValidateAgentReply> {
    const { workspaceId, agentId } = message;
    const agent = await this.agentWithArtifact(workspaceId, agentId);
    const jobId = newValidationJobId();
    const requested = await handleCommand(
      this.events,
      streamName('validation', jobId),
      validationDecider,
      { type: 'RequestValidation', jobId, agentId, workspaceId, version: agent.version, projectFile: agent.projectFile },
      { metadata: () => eventMetadata({ workspaceId }) },
    );
    await this.readModels.waitFor(requested.position);
    this.worker.wake();
    return { job: { id: jobId, status: 'queued' } };
  }

  private async agentWithArtifact(workspaceId: string, agentId: string): Promise<{ version: number; projectFile: string }> {
    const row = await this.agents.find(workspaceId, agentId);
    if (!row) throw new DomainError('NOT_FOUND', `No agent ${agentId}`);
    if (row.latestVersion === null || row.projectFile === null) {
      throw new DomainError('CONFLICT', `Agent ${agentId} has no stored artifact yet: validate it once its generation job is completed`, { reason: 'NO_ARTIFACT' });
    }
    return { version: row.latestVersion, projectFile: row.projectFile };
  }
}
