import { IsString, MaxLength, validate, Validate, ValidatorConstraint, type ValidatorConstraintInterface } from 'class-validator';
import { PlatformError } from '@backforge/messaging';
import { PlatformValidationPipe, validationDetails } from './validation.js';

class ReadThing {
  @IsString()
  @MaxLength(5)
  id!: string;
}

const body = { type: 'body', metatype: ReadThing } as const;

async function refusal(run: Promise<unknown>): Promise<PlatformError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

describe('PlatformValidationPipe', () => {
  const pipe = new PlatformValidationPipe();

  it('answers a valid payload as an instance of its class', async () => {
    const value = await pipe.transform({ id: 'abc' }, body);
    expect(value).toBeInstanceOf(ReadThing);
    expect(value).toEqual({ id: 'abc' });
  });

  it('names every failing field, and refuses unknown ones', async () => {
    const error = await refusal(Promise.resolve(pipe.transform({ id: 'abcdef', extra: 1 }, body)));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([
      { field: 'extra', problems: ['property extra should not exist'] },
      { field: 'id', problems: ['id must be shorter than or equal to 5 characters'] },
    ]);
    // The same errors, in the same order, as class-validator's asynchronous path.
    const viaAsync = await validate(Object.assign(new ReadThing(), { id: 'abcdef', extra: 1 }), { whitelist: true, forbidNonWhitelisted: true });
    expect(error.details).toEqual(validationDetails(viaAsync));
  });

  it('still awaits an asynchronous constraint once one is registered', async () => {
    @ValidatorConstraint({ name: 'notTaken', async: true })
    class NotTaken implements ValidatorConstraintInterface {
      async validate(value: unknown): Promise<boolean> {
        await new Promise((resolve) => setImmediate(resolve));
        return value !== 'taken';
      }
      defaultMessage(): string {
        return 'name is taken';
      }
    }
    class Claim {
      @IsString()
      @Validate(NotTaken)
      name!: string;
    }
    const claim = { type: 'body', metatype: Claim } as const;
    await expect(pipe.transform({ name: 'free' }, claim)).resolves.toEqual({ name: 'free' });
    const error = await refusal(Promise.resolve(pipe.transform({ name: 'taken' }, claim)));
    expect(error.details).toEqual([{ field: 'name', problems: ['name is taken'] }]);
  });
});
