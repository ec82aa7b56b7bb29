import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@backforge/projections';
import { JobWorker, LOGGER, type Logger } from '@backforge/runtime';
import { ClaimGenerationHandler } from './claim-generation.handler.js';
import { GenerationInfrastructure } from './generation-infrastructure.js';
import { GenerationJobRow } from './generation.projection.js';
import { GENERATION_READ_MODELS } from './generation.tokens.js';
import { RunGenerationHandler, type GenerationClaim } from './run-generation.handler.js';

/** Claims generation jobs from the log and runs them (the shared JobWorker shape). */
@Injectable()
export class GenerationWorker extends JobWorker<GenerationClaim> {
  constructor(
    @Inject(LOGGER) logger: Logger,
    @Inject(GENERATION_READ_MODELS) readModels: ReadModels,
    infrastructure: GenerationInfrastructure,
    runner: RunGenerationHandler,
    claims: ClaimGenerationHandler,
  ) {
    super({
      name: 'generation',
      logger,
      config: infrastructure.config,
      // Queued, or in progress with its lease run out (its worker died).
      findCandidates: async (limit) => {
        const rows = await readModels.dataSource
          .getRepository(GenerationJobRow)
          .createQueryBuilder('j')
          .select('j.id')
          .where(`j.status NOT IN ('completed', 'failed')`)
          .andWhere(`(j.status = 'queued' OR j.lease_expires_at < now())`)
          .orderBy('j.created_position', 'ASC')
          .limit(limit)
          .getMany();
        return rows.map((r) => r.id);
      },
      claim: (jobId, workerId) => claims.claim(jobId, workerId),
      run: (claim, signal) => runner.run(claim, signal),
    });
  }
}
