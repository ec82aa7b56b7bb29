import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { artifactStoreConfigFromSettings, createArtifactStore, type ArtifactStore } from '@backforge/artifact-store';
import type { ServiceConfig } from '@backforge/config';
import { ChecksPool, SERVICE_CONFIG } from '@backforge/runtime';

export type ValidationConfig = ServiceConfig<'validation'>;

/**
 * What a validation run needs besides the log: the artifact store, and the pool of checks threads
 * (started on first use: a process that never validates starts no thread and forks no sandbox worker).
 */
@Injectable()
export class ValidationInfrastructure implements OnApplicationShutdown {
  readonly artifacts: ArtifactStore;
  /** The checks run in worker threads (one per concurrent job), each with its own sandbox, started on first use. */
  readonly checks: ChecksPool;

  constructor(@Inject(SERVICE_CONFIG) readonly config: ValidationConfig) {
    this.artifacts = createArtifactStore(artifactStoreConfigFromSettings(config));
    this.checks = new ChecksPool(config.jobConcurrency);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checks.close();
    await this.artifacts.close();
  }
}
