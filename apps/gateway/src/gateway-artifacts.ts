import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { artifactStoreConfigFromSettings, createArtifactStore, type ArtifactStore } from '@backforge/artifact-store';
import { SERVICE_CONFIG } from '@backforge/runtime';
import type { GatewayConfig } from './gateway-secrets.js';

/**
 * The artifact store, opened by the gateway: downloads stream from the store straight to the client
 * (the bytes never travel over the message transport, whose messages are bounded).
 */
@Injectable()
export class GatewayArtifacts implements OnApplicationShutdown {
  readonly store: ArtifactStore;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.store = createArtifactStore(artifactStoreConfigFromSettings(config));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
