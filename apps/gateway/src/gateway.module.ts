import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { provideReadModels } from '@backforge/runtime';
import { AgentReadFastPath } from './agent-read-fast-path.js';
import { GatewayAgentViews } from './agent-views.js';
import { AgentsHttpController } from './agents.http.controller.js';
import { ApiKeysHttpController } from './api-keys.http.controller.js';
import { DeployHttpController } from './deploy.http.controller.js';
import { DownloadsHttpController } from './downloads.http.controller.js';
import { GenerateHttpController } from './generate.http.controller.js';
import { GatewayArtifacts } from './gateway-artifacts.js';
import { GatewayNatsController } from './gateway.nats.controller.js';
import { GatewaySecrets } from './gateway-secrets.js';
import { GATEWAY_READ_MODELS } from './gateway.tokens.js';
import { JobStreamHttpController } from './job-stream.http.controller.js';
import { PlatformAuthGuard, PlatformBearerStrategy, PlatformRateLimit } from './platform-auth.js';
import { PlatformTokenLookup } from './platform-token-lookup.js';
import { platformTokensProjection } from './platform-tokens.projection.js';
import { ValidationHttpController } from './validation.http.controller.js';
import { PlatformTokenCache } from './verified-tokens.js';

/**
 * The gateway: the only public door of the control API (platform auth, the `data` envelope, signed
 * links, the progress stream). It owns no agent or job: every route asks the owning service over
 * the transport, scoped to the caller's workspace.
 */
@Module({
  imports: [PassportModule],
  controllers: [GatewayNatsController, GenerateHttpController, AgentsHttpController, ApiKeysHttpController, JobStreamHttpController, ValidationHttpController, DownloadsHttpController, DeployHttpController],
  providers: [
    provideReadModels(GATEWAY_READ_MODELS, 'gateway', [platformTokensProjection]),
    GatewaySecrets, PlatformTokenLookup, PlatformBearerStrategy, PlatformRateLimit, PlatformAuthGuard, GatewayArtifacts, PlatformTokenCache, GatewayAgentViews, AgentReadFastPath],
})
export class GatewayModule {}
