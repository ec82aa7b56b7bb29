/**
 * A tiny schema language for environment settings: each setting names its variable, parses the raw
 * string into a typed value, and says in a few words what is wrong when it cannot.
 */
export type Env = Readonly<Record<string, string | undefined>>;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface Setting<T> {
  /** The environment variable. */
  readonly env: string;
  /** Secrets are never echoed in an error message. */
  readonly secret: boolean;
  /** `raw` is undefined when the variable is unset or empty. */
  resolve(raw: string | undefined, env: Env): ParseResult<T>;
}

export type SettingsSchema = Record<string, Setting<unknown>>;
export type ConfigOf<S extends SettingsSchema> = { readonly [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

type Default<T> = T | ((env: Env) => T);

interface BaseOptions<T> {
  default?: Default<T>;
  secret?: boolean;
}

const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
const bad = (problem: string): ParseResult<never> => ({ ok: false, problem });

function define<T>(env: string, options: BaseOptions<T>, parse: (raw: string, env: Env) => ParseResult<T>): Setting<T> {
  return {
    env,
    secret: options.secret ?? false,
    resolve(raw, all) {
      if (raw === undefined) {
        if (options.default === undefined) return bad('is required but not set');
        const fallback = options.default;
        return ok(typeof fallback === 'function' ? (fallback as (e: Env) => T)(all) : fallback);
      }
      return parse(raw, all);
    },
  };
}

export function string(env: string, options: BaseOptions<string> & { pattern?: RegExp; describe?: string; minLength?: number } = {}): Setting<string> {
  return define(env, options, (raw) => {
    if (options.minLength !== undefined && raw.length < options.minLength) return bad(`must be at least ${options.minLength} characters long`);
    if (options.pattern && !options.pattern.test(raw)) return bad(`must be ${options.describe ?? `in the form ${String(options.pattern)}`}`);
    return ok(raw);
  });
}

export function integer(env: string, options: BaseOptions<number> & { min?: number; max?: number } = {}): Setting<number> {
  const min = options.min ?? Number.MIN_SAFE_INTEGER;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return define(env, options, (raw) => {
    if (!/^-?\d+$/.test(raw.trim())) return bad(`must be an integer from ${min} to ${max}`);
    const n = Number(raw.trim());
    if (n < min || n > max) return bad(`must be an integer from ${min} to ${max}`);
    return ok(n);
  });
}

export function port(env: string, options: BaseOptions<number> = {}): Setting<number> {
  return integer(env, { ...options, min: 0, max: 65535 });
}

export function boolean(env: string, options: BaseOptions<boolean> = {}): Setting<boolean> {
  return define(env, options, (raw) => {
    const v = raw.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(v)) return ok(true);
    if (['false', '0', 'no', 'off'].includes(v)) return ok(false);
    return bad('must be true or false');
  });
}

export function oneOf<const V extends readonly string[]>(env: string, values: V, options: BaseOptions<V[number]> = {}): Setting<V[number]> {
  return define(env, options, (raw) => {
    const v = raw.trim();
    return (values as readonly string[]).includes(v) ? ok(v as V[number]) : bad(`must be one of ${values.join(', ')}`);
  });
}

/** A URL with one of the given protocols (e.g. `['postgres:', 'postgresql:']`). */
export function url(env: string, options: BaseOptions<string> & { protocols: readonly string[] }): Setting<string> {
  return define(env, options, (raw) => {
    let parsed: URL;
    try {
      parsed = new URL(raw.trim());
    } catch {
      return bad(`must be a URL (${options.protocols.map((p) => `${p}//…`).join(' or ')})`);
    }
    if (!options.protocols.includes(parsed.protocol)) return bad(`must be a URL with protocol ${options.protocols.join(' or ')}`);
    if (!parsed.hostname) return bad('must be a URL with a host');
    return ok(raw.trim());
  });
}

/**
 * An optional setting: undefined when unset, unless `requiredWhen` says the other settings need it
 * (e.g. EVENTSTORE_URL when EVENT_STORE=eventstoredb).
 */
export function optional<T>(setting: Setting<T>, options: { requiredWhen?: { env: string; equals: string } } = {}): Setting<T | undefined> {
  return {
    env: setting.env,
    secret: setting.secret,
    resolve(raw, all) {
      if (raw === undefined) {
        const when = options.requiredWhen;
        if (when && normalise(all[when.env]) === when.equals) return bad(`is required when ${when.env}=${when.equals}`);
        return ok(undefined);
      }
      return setting.resolve(raw, all);
    },
  };
}

/** Unset and empty (or blank) are the same thing: not given. */
export function normalise(raw: string | undefined): string | undefined {
  return raw === undefined || raw.trim() === '' ? undefined : raw;
}
