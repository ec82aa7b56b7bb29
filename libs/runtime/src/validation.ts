import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import type { JsonValue } from '@backforge/contracts';
import { PlatformError } from '@backforge/messaging';

/** `{ field: 'a.b', problems: [...] }` for every failing property, nested ones by dotted path. */
export function validationDetails(errors: ValidationError[], parent = ''): JsonValue[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own: JsonValue[] = e.constraints ? [{ field, problems: Object.values(e.constraints) }] : [];
    return [...own, ...validationDetails(e.children ?? [], field)];
  });
}

/** Parameter kinds whose value comes from the caller: HTTP body/query/params and a message's payload. */
const CALLER_SUPPLIED = new Set<unknown>(['body', 'query', 'param', 3 /* RpcParamtype.PAYLOAD */]);

/**
 * The one validation pipe, for HTTP and for messages: class-validator with whitelist,
 * forbidNonWhitelisted and transform; failures are VALIDATION_FAILED with the failing fields.
 * Context parameters (`@Ctx()`) are never validated.
 */
export class PlatformValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => new PlatformError('VALIDATION_FAILED', 'The payload is not valid', validationDetails(errors)),
    });
  }

  protected override toValidate(metadata: ArgumentMetadata): boolean {
    return CALLER_SUPPLIED.has(metadata.type) && super.toValidate(metadata);
  }
}
