import { normalise, type ConfigOf, type Env, type SettingsSchema } from './settings.js';

/** One problem with one setting. */
export interface ConfigProblem {
  setting: string;
  problem: string;
}

/**
 * The configuration cannot be used. `message` is ONE line naming every bad setting and what is wrong
 * with it (secret values are never echoed); main.ts prints it and exits 1.
 */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.setting} ${p.problem}`).join('; ')}`);
    this.name = 'ConfigError';
  }

  /** The first bad setting's variable name. */
  get setting(): string {
    return this.problems[0]?.setting ?? '';
  }
}

function quote(raw: string): string {
  const shown = raw.length > 60 ? `${raw.slice(0, 57)}...` : raw;
  return JSON.stringify(shown);
}

/**
 * Validates `env` against `schema` once and returns a frozen, typed object, or throws ConfigError
 * listing every bad setting (in schema order) on one line.
 */
export function loadConfig<S extends SettingsSchema>(schema: S, env: Env = process.env): ConfigOf<S> {
  const out: Record<string, unknown> = {};
  const problems: ConfigProblem[] = [];
  for (const [key, setting] of Object.entries(schema)) {
    const raw = normalise(env[setting.env]);
    const result = setting.resolve(raw, env);
    if (result.ok) {
      out[key] = result.value;
    } else {
      const got = raw !== undefined && !setting.secret ? ` (got ${quote(raw)})` : '';
      problems.push({ setting: setting.env, problem: `${result.problem}${got}`.replace(/[\r\n]+/g, ' ') });
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(out) as ConfigOf<S>;
}
