import { Inject, Injectable } from '@nestjs/common';
import { parseKeyring, parseSecretKey, type Keyring } from '@backforge/auth';
import type { ServiceConfig } from '@backforge/config';
import { SERVICE_CONFIG } from '@backforge/runtime';

export type GatewayConfig = ServiceConfig<'gateway'>;

/** The gateway's keys, parsed once at boot: a bad key stops the service with a line naming the setting. */
@Injectable()
export class GatewaySecrets {
  readonly digestKey: Buffer;
  readonly keyring: Keyring;
  readonly clockSkewSeconds: number;
  readonly publicBaseUrl: string;

  constructor(@Inject(SERVICE_CONFIG) config: GatewayConfig) {
    this.digestKey = parseSecretKey(config.authDigestKey, 'AUTH_DIGEST_KEY');
    this.keyring = parseKeyring(config.authSigningKeys);
    this.clockSkewSeconds = config.signedTokenClockSkewSeconds;
    this.publicBaseUrl = (config.publicBaseUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
  }
}
