import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '@backforge/projections';
import { JobWorker, LOGGER, type Logger } from '@backforge/runtime';
import { ClaimValidationHandler } from './claim-validation.handler.js';
import { RunValidationHandler, type ValidationClaim } from './run-validation.handler.js';
import { ValidationInfrastructure } from './validation-infrastructure.js';
import { ValidationJobRow } from './validation.projection.js';
import { VALIDATION_READ_MODELS } from './validation.tokens.js';

/** Claims validation jobs from the log and runs their checks (the shared JobWorker shape). */
@Injectable()
export class ValidationWorker extends JobWorker<ValidationClaim> {
  constructor(
    @Inject(LOGGER) logger: Logger,
    @Inject(VALIDATION_READ_MODELS) readModels: ReadModels,
    infrastructure: ValidationInfrastructure,
    runner: RunValidationHandler,
    claims: ClaimValidationHandler,
  ) {
    super({
      name: 'validation',
      logger,
      config: infrastructure.config,
      // Queued, or running with its lease run out (its worker died).
      findCandidates: async (limit) => {
        const rows = await readModels.dataSource
          .getRepository(ValidationJobRow)
          .createQueryBuilder('j')
          .select('j.id')
          .where(`(j.status = 'queued' OR (j.status = 'running' AND j.lease_expires_at < now()))`)
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
