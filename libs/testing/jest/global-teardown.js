import fs from 'node:fs/promises';

export default async function globalTeardown() {
  const s3 = globalThis.__backforgeS3;
  if (s3) {
    await s3.server.close();
    await fs.rm(s3.dir, { recursive: true, force: true });
  }
  for (const c of globalThis.__backforgeContainers ?? []) await c.stop();
}
