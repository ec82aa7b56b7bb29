import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  GetValidationJobMessage,
  ListValidationReportsMessage,
  SUBJECTS,
  VALIDATION_SUBJECTS,
  ValidateAgentMessage,
  type Page,
  type PingReply,
  type ValidateAgentReply,
  type ValidationJobView,
  type ValidationReportView,
} from '@backforge/contracts';
import { currentCorrelationId } from '@backforge/messaging';
import { INSTANCE_ID } from '@backforge/runtime';
import { RequestValidationHandler } from './request-validation.handler.js';
import { ValidationQueriesHandler } from './validation-queries.handler.js';

/** The validation service's message handlers (subjects `backforge.validation.*`): each delegates in one line. */
@Controller()
export class ValidationNatsController {
  constructor(
    @Inject(INSTANCE_ID) private readonly instanceId: string,
    private readonly requests: RequestValidationHandler,
    private readonly queries: ValidationQueriesHandler,
  ) {}

  /** Diagnostic round trip through the real transport: who answered, and the correlation it saw. */
  @MessagePattern(SUBJECTS.validation.ping)
  ping(): PingReply {
    return { service: 'validation', instanceId: this.instanceId, correlationId: currentCorrelationId() ?? '' };
  }

  @MessagePattern(VALIDATION_SUBJECTS.validate)
  validate(@Payload() message: ValidateAgentMessage): Promise<ValidateAgentReply> {
    return this.requests.handle(message);
  }

  @MessagePattern(VALIDATION_SUBJECTS.getJob)
  getJob(@Payload() message: GetValidationJobMessage): Promise<ValidationJobView> {
    return this.queries.getJob(message);
  }

  @MessagePattern(VALIDATION_SUBJECTS.listReports)
  listReports(@Payload() message: ListValidationReportsMessage): Promise<Page<ValidationReportView>> {
    return this.queries.listReports(message);
  }
}
