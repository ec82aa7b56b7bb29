import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// docs/openapi.json is the control API's reference: it must be what the gateway's controllers
// describe now. The fresh document comes from the compiled gateway (`pnpm test` builds first).
describe('docs/openapi.json', () => {
  it('is the document a fresh build of the gateway gives (else: run `pnpm openapi`)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--no-node-snapshot', path.join(root, 'tools/openapi/write-openapi.mjs'), '--print'], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
      timeout: 120_000,
    });
    const committed = await fs.readFile(path.join(root, 'docs/openapi.json'), 'utf8').catch(() => '(missing)');
    if (committed !== stdout) throw new Error('docs/openapi.json is not current: run `pnpm openapi` and commit the file');
    const document = JSON.parse(stdout) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/v1/generate', '/v1/generate/{jobId}', '/v1/generate/{jobId}/stream', '/v1/generate/{jobId}/stream-token', '/v1/agents', '/v1/agents/{id}', '/v1/agents/by-slug/{slug}']));
    expect(stdout.endsWith('}\n')).toBe(true);
  }, 150_000);
});
