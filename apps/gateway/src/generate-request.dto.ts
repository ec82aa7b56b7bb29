import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { NAME_LENGTH, PROMPT_LENGTH, REGIONS } from '@backforge/contracts';

/** POST /v1/generate. `region` and `autoDeploy` are required: the spec gives them no default. */
export class GenerateRequest {
  @ApiProperty({ minLength: NAME_LENGTH.min, maxLength: NAME_LENGTH.max, example: 'library' })
  @IsString()
  @Length(NAME_LENGTH.min, NAME_LENGTH.max)
  name!: string;

  @ApiProperty({ minLength: PROMPT_LENGTH.min, maxLength: PROMPT_LENGTH.max, example: 'A library API: books have a title and an author; members borrow and return books.' })
  @IsString()
  @Length(PROMPT_LENGTH.min, PROMPT_LENGTH.max)
  prompt!: string;

  @ApiProperty({ enum: REGIONS, description: '`auto` is the only region the service describes.' })
  @IsDefined()
  @IsIn(REGIONS, { message: `region must be one of: ${REGIONS.join(', ')}` })
  region!: string;

  @ApiProperty({ description: '`false`: deploy with POST /v1/deploy/{id} once the job is completed. `true` is refused (422): its effect is not described.' })
  @IsDefined()
  @IsBoolean()
  autoDeploy!: boolean;
}

/** POST /v1/generate/{jobId}/stream-token and the download token: how long the link lives. */
export class StreamTokenRequest {
  @ApiPropertyOptional({ minimum: 1, maximum: 3600, default: 300 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3600)
  expiresInSeconds?: number;
}
