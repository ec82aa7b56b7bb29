import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { artifactStoreConfigFromSettings, createArtifactStore, type ArtifactStore } from '@backforge/artifact-store';
import type { ServiceConfig } from '@backforge/config';
import { SERVICE_CONFIG } from '@backforge/runtime';
import { LazySandbox, type Sandbox } from '@backforge/sandbox';

export type DeployConfig = ServiceConfig<'deploy'>;

/**
 * What a deployment needs besides the log: the artifact store (the stored bundle and blueprint),
 * and a sandbox for the smoke case (started on first use: a process that never deploys never
 * forks sandbox workers).
 */
@Injectable()
export class DeployInfrastructure implements OnApplicationShutdown {
  readonly artifacts: ArtifactStore;
  private readonly sandbox = new LazySandbox({ workers: 1 });

  constructor(@Inject(SERVICE_CONFIG) readonly config: DeployConfig) {
    this.artifacts = createArtifactStore(artifactStoreConfigFromSettings(config));
  }

  smokeSandbox(): Promise<Sandbox> {
    return this.sandbox.get();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sandbox.stop();
    await this.artifacts.close();
  }
}
