import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, streamName, type GenerateBackendMessage, type GenerateBackendReply } from '@backforge/contracts';
import { handleCommand } from '@backforge/deciders';
import type { EventStore } from '@backforge/event-store';
import { eventMetadata } from '@backforge/messaging';
import { EVENT_STORE } from '@backforge/runtime';
import { agentView, jobView } from './agent-views.js';
import { agentDecider, slugCandidate, slugDecider } from './domain/agent.decider.js';
import { generationDecider } from './domain/generation.decider.js';
import { AgentRow, GenerationJobRow } from './generation.projection.js';
import type { ReadModels } from '@backforge/projections';
import { GENERATION_READ_MODELS } from './generation.tokens.js';
import { GenerationWorker } from './generation.worker.js';

/** `agt_…`, `job_…`: a kind prefix and 96 random bits in hex (safe in paths, artifact keys and logs). */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** Slug candidates tried before a random suffix settles it (`todo`, `todo-2`, ... `todo-20`). */
const READABLE_SLUG_TRIES = 20;

/**
 * POST /v1/generate: reserve a slug, create the agent, queue its generation job. Answers as soon as
 * the job is in the log (generation runs off the request path) and the read models show both, so
 * an immediate GET finds them.
 */
@Injectable()
export class GenerateBackendHandler {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(GENERATION_READ_MODELS) private readonly readModels: ReadModels,
    private readonly worker: GenerationWorker,
  ) {}

  async handle(message: GenerateBackendMessage): Promise<GenerateBackendReply> {
    const { workspaceId } = message;
    const agentId = newId('agt');
    const jobId = newId('job');
    const metadata = () => eventMetadata({ workspaceId });

    const slug = await this.reserveSlug(message.name, agentId, metadata);
    await handleCommand(this.events, streamName('agent', agentId), agentDecider, { type: 'CreateAgent', agentId, workspaceId, slug, name: message.name, region: message.region, jobId }, { metadata });
    const requested = await handleCommand(
      this.events,
      streamName('generation', jobId),
      generationDecider,
      { type: 'RequestGeneration', jobId, agentId, workspaceId, slug, name: message.name, prompt: message.prompt, region: message.region },
      { metadata },
    );
    await this.readModels.waitFor(requested.position);
    this.worker.wake();

    const repo = this.readModels.dataSource;
    const [agent, job] = await Promise.all([repo.getRepository(AgentRow).findOneByOrFail({ id: agentId }), repo.getRepository(GenerationJobRow).findOneByOrFail({ id: jobId })]);
    return { agent: agentView(agent), job: jobView(job) };
  }

  private async reserveSlug(name: string, agentId: string, metadata: () => ReturnType<typeof eventMetadata>): Promise<string> {
    const candidates = Array.from({ length: READABLE_SLUG_TRIES }, (_, i) => slugCandidate(name, i + 1));
    candidates.push(`${slugCandidate(name, 1).slice(0, 40)}-${randomBytes(3).toString('hex')}`);
    for (const slug of candidates) {
      try {
        await handleCommand(this.events, streamName('slug', slug), slugDecider, { type: 'ReserveSlug', slug, agentId }, { metadata });
        return slug;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
      }
    }
    throw new DomainError('CONFLICT', `No free slug for the name '${name}'; choose another name`);
  }
}
