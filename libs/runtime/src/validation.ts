import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { getMetadataStorage, validateSync, type ValidatorOptions } from 'class-validator';
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

/** Custom constraints registered so far (class-validator keeps them by target; not in its public types). */
function registeredConstraints(): Map<unknown, Array<{ async: boolean }>> {
  return (getMetadataStorage() as unknown as { constraintMetadatas: Map<unknown, Array<{ async: boolean }>> }).constraintMetadatas;
}

let asyncConstraints = { seen: -1, any: false };

/** Whether any registered custom constraint is asynchronous (recounted when constraints are added). */
function anyAsyncConstraint(): boolean {
  const constraints = registeredConstraints();
  if (constraints.size !== asyncConstraints.seen) {
    asyncConstraints = { seen: constraints.size, any: [...constraints.values()].some((list) => list.some((c) => c.async)) };
  }
  return asyncConstraints.any;
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

  /**
   * Synchronously while every constraint is synchronous (all of ours are): the same rules and errors,
   * without the promises class-validator's async path makes per property, on every request and
   * message. An async constraint, once registered, switches the pipe back to the async path.
   */
  protected override validate(object: object, options?: ValidatorOptions): Promise<ValidationError[]> | ValidationError[] {
    return anyAsyncConstraint() ? super.validate(object, options) : validateSync(object, options);
  }
}
