import { IsInt, IsString, Max, Min, MinLength } from 'class-validator';

export class EchoCommand {
  @IsString()
  @MinLength(1)
  text!: string;

  @IsInt()
  @Min(0)
  count!: number;
}

export class SlowCommand {
  @IsInt()
  @Min(0)
  @Max(10_000)
  ms!: number;
}

export class AppendCommand {
  @IsString()
  @MinLength(1)
  workspaceId!: string;
}

export class CountCommand {
  @IsInt()
  n!: number;
}
