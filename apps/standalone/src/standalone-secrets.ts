import fs from 'node:fs/promises';
import path from 'node:path';
import { generateKeyringSpec, generateSecret } from '@backforge/auth';
import type { Env } from '@backforge/config';

const SECRETS_FILE = 'secrets.json';

interface SecretsRecord {
  authDigestKey: string;
  authSigningKeys: string;
}

/** The data directory of the standalone process and the CLI (BACKFORGE_DATA_DIR, default .backforge). */
export function dataDirOf(env: Env): string {
  return path.resolve(env.BACKFORGE_DATA_DIR?.trim() || '.backforge');
}

/**
 * Standalone mode keeps its auth secrets in the data directory (mode 0600), made on the first start:
 * stored token digests and signed links must survive a restart, and a first user should not have to
 * invent keys. Values set in the environment win.
 */
export async function withStandaloneSecrets(env: Env): Promise<Env> {
  if (env.AUTH_DIGEST_KEY?.trim() && env.AUTH_SIGNING_KEYS?.trim()) return env;
  const dir = dataDirOf(env);
  const file = path.join(dir, SECRETS_FILE);
  let record: SecretsRecord;
  try {
    record = JSON.parse(await fs.readFile(file, 'utf8')) as SecretsRecord;
    if (typeof record.authDigestKey !== 'string' || typeof record.authSigningKeys !== 'string') throw new Error(`${file} is not a secrets record`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    record = { authDigestKey: generateSecret(), authSigningKeys: generateKeyringSpec() };
    await fs.mkdir(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
    await fs.rename(tmp, file);
  }
  return {
    ...env,
    AUTH_DIGEST_KEY: env.AUTH_DIGEST_KEY?.trim() || record.authDigestKey,
    AUTH_SIGNING_KEYS: env.AUTH_SIGNING_KEYS?.trim() || record.authSigningKeys,
  };
}
