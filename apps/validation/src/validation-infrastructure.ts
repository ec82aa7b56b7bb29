import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { artifactStoreConfigFromSettings, createArtifactStore, type ArtifactStore } from '@backforge/artifact-store';
import type { ServiceConfig } from '@backforge/config';
import { SERVICE_CONFIG } from '@backforge/runtime';
import { LazySandbox, type Sandbox } from '@backforge/sandbox';

export type ValidationConfig = ServiceConfig<'validation'>;

/**
 * What a validation run needs besides the log: the artifact store, and a sandbox for the checks
 * (started on first use: a process that never validates never forks sandbox workers).
 */
@Injectable()
export class ValidationInfrastructure implements OnApplicationShutdown {
  readonly artifacts: ArtifactStore;
  private readonly sandbox = new LazySandbox({ workers: 1 });

  constructor(@Inject(SERVICE_CONFIG) readonly config: ValidationConfig) {
    this.artifacts = createArtifactStore(artifactStoreConfigFromSettings(config));
  }

  checksSandbox(): Promise<Sandbox> {
    return this.sandbox.get();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sandbox.stop();
    await this.artifacts.close();
  }
}
