import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CreateApiKeyMessage,
  KEYS_SUBJECTS,
  RecordApiKeyUseMessage,
  ListApiKeysMessage,
  RevokeApiKeyMessage,
  RotateApiKeyMessage,
  SUBJECTS,
  VerifyApiKeyMessage,
  type ApiKeyView,
  type CreatedApiKeyView,
  type Page,
  type PingReply,
  type RevokedApiKeyView,
  type RotatedApiKeyView,
  type VerifiedApiKey,
} from '@backforge/contracts';
import { currentCorrelationId } from '@backforge/messaging';
import { INSTANCE_ID } from '@backforge/runtime';
import { ApiKeyQueriesHandler } from './api-key-queries.handler.js';
import { ApiKeysHandler } from './api-keys.handler.js';

/** The keys service's message handlers (subjects `backforge.keys.*`): each delegates in one line. */
@Controller()
export class KeysNatsController {
  constructor(
    @Inject(INSTANCE_ID) private readonly instanceId: string,
    private readonly keys: ApiKeysHandler,
    private readonly queries: ApiKeyQueriesHandler,
  ) {}

  /** Diagnostic round trip through the real transport: who answered, and the correlation it saw. */
  @MessagePattern(SUBJECTS.keys.ping)
  ping(): PingReply {
    return { service: 'keys', instanceId: this.instanceId, correlationId: currentCorrelationId() ?? '' };
  }

  @MessagePattern(KEYS_SUBJECTS.create)
  create(@Payload() message: CreateApiKeyMessage): Promise<CreatedApiKeyView> {
    return this.keys.create(message);
  }

  @MessagePattern(KEYS_SUBJECTS.list)
  list(@Payload() message: ListApiKeysMessage): Promise<Page<ApiKeyView>> {
    return this.queries.list(message);
  }

  @MessagePattern(KEYS_SUBJECTS.revoke)
  revoke(@Payload() message: RevokeApiKeyMessage): Promise<RevokedApiKeyView> {
    return this.keys.revoke(message);
  }

  @MessagePattern(KEYS_SUBJECTS.rotate)
  rotate(@Payload() message: RotateApiKeyMessage): Promise<RotatedApiKeyView> {
    return this.keys.rotate(message);
  }

  @MessagePattern(KEYS_SUBJECTS.used)
  used(@Payload() message: RecordApiKeyUseMessage): Promise<void> {
    return this.keys.recordUse(message);
  }

  @MessagePattern(KEYS_SUBJECTS.verify)
  verify(@Payload() message: VerifyApiKeyMessage): Promise<VerifiedApiKey> {
    return this.queries.verify(message);
  }
}
