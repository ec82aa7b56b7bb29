import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadFixture } from '../fixtures/index.js';
import { projectFile, synthesize, writeProject } from './index.js';

/**
 * A generated project copied out alone: `npm install` from the registry, `npm test` (the behaviour
 * tests), `npm run build` (type-check + rebuild gives the same bundles), `npm start`, then the
 * README's curl body, sent with fetch, gets the answer its example promises.
 */

function run(command: string, args: string[], cwd: string, timeoutMs: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // A clean environment for npm: the workspace's pnpm settings must not leak into the project.
    const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? os.tmpdir(), npm_config_update_notifier: 'false' };
    execFile(command, args, { cwd, timeout: timeoutMs, env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/** Starts `npm start`; callers give it a generous bound (npm and node start slowly on a loaded machine). */
function startServer(cwd: string, timeoutMs: number, extraEnv: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? os.tmpdir(), PORT: '0', HOST: '127.0.0.1', ...extraEnv };
    const child = spawn('npm', ['start'], { cwd, env, detached: true });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${String(code)}:\n${output}`));
    });
  });
}

/** The -d '...' body of every curl line of a README. */
function curlBodies(readme: string): { action: string; input: Record<string, unknown> }[] {
  return readme
    .split('\n')
    .filter((line) => line.startsWith('curl '))
    .map((line) => {
      const m = /-d '(.*)'$/.exec(line);
      return JSON.parse((m?.[1] ?? '{}').replace(/'\\''/g, "'")) as { action: string; input: Record<string, unknown> };
    });
}

function post(url: string, body: unknown): Promise<Response> {
  return fetch(`${url}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
}

/** Ends the process group of an `npm start` we spawned, and waits for it. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid, 'SIGTERM');
  });
}

describe('a generated project, copied out alone', () => {
  let dir: string;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'backforge-standalone-'));
  });
  afterAll(async () => {
    // npm start runs node as a child: end the whole process group we started, by its id.
    if (server) await stop(server);
    await rm(dir, { recursive: true, force: true });
  });

  it('installs, tests, rebuilds the same bundles, starts, and answers the curl from its README', async () => {
    const project = await synthesize(loadFixture('library'), { name: 'library' });
    await writeProject(project, dir);

    await run('npm', ['install', '--no-audit', '--no-fund'], dir, 240_000);
    const tests = await run('npm', ['test'], dir, 120_000);
    expect(tests.stdout).toMatch(/# pass 14/);
    expect(tests.stdout).toMatch(/# fail 0/);

    await run('npm', ['run', 'build'], dir, 120_000);
    expect(await readFile(path.join(dir, 'dist/handler.js'), 'utf8')).toBe(projectFile(project, 'dist/handler.js'));
    expect(await readFile(path.join(dir, 'dist/server.js'), 'utf8')).toBe(projectFile(project, 'dist/server.js'));

    const started = await startServer(dir, 90_000);
    server = started.child;
    const [createBook] = curlBodies(projectFile(project, 'README.md') ?? '');
    expect(createBook?.action).toBe('createBook');
    const response = await fetch(`${started.url}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(createBook),
      signal: AbortSignal.timeout(60_000),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; result: Record<string, unknown> };
    expect(body.ok).toBe(true);
    expect(body.result).toMatchObject({ ...createBook?.input, borrowedBy: null });
    expect(typeof body.result['id']).toBe('string');

    const again = await fetch(`${started.url}/createBook`, { method: 'POST', body: JSON.stringify(createBook?.input), signal: AbortSignal.timeout(60_000) });
    expect(again.status).toBe(409);
    const contract = (await (await fetch(`${started.url}/`, { signal: AbortSignal.timeout(60_000) })).json()) as { result: { name: string } };
    expect(contract.result.name).toBe('Library');
    const health = await fetch(`${started.url}/health`, { signal: AbortSignal.timeout(60_000) });
    expect(await health.json()).toEqual({ ok: true });
    const garbage = await fetch(`${started.url}/`, { method: 'POST', body: '{not json', signal: AbortSignal.timeout(60_000) });
    expect([garbage.status, ((await garbage.json()) as { error: { code: string } }).error.code]).toEqual([400, 'INVALID_REQUEST']);
    const unknown = await post(started.url, { action: 'burnBook', input: {} });
    expect([unknown.status, ((await unknown.json()) as { error: { code: string } }).error.code]).toEqual([400, 'UNKNOWN_ACTION']);
    await stop(started.child);

    // DATA_FILE: the data outlives a restart.
    const dataFile = path.join(dir, 'data.json');
    const withFile = await startServer(dir, 90_000, { DATA_FILE: dataFile });
    server = withFile.child;
    expect((await post(withFile.url, createBook)).status).toBe(200);
    await stop(withFile.child);
    const restarted = await startServer(dir, 90_000, { DATA_FILE: dataFile });
    server = restarted.child;
    const listed = (await (await post(restarted.url, { action: 'listBooks', input: {} })).json()) as { result: { total: number } };
    expect(listed.result.total).toBe(1);
  }, 600_000);
});
