import type { Blueprint } from '@backforge/blueprint';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fixtureNames, loadFixture } from '../fixtures/index.js';
import { ArchiveError, GENERATOR_VERSION, packageName, packProject, projectFile, synthesize, unpackProject, writeProject } from './index.js';
import { gzipSync } from 'node:zlib';

/** Reads a ustar archive: [name, size, mode, mtime, uid, gid, content][]. */
function untar(archive: Buffer): { name: string; size: number; mode: number; mtime: number; uid: number; type: string; content: string }[] {
  const tar = gunzipSync(archive);
  const entries = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number) => header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');
    const name = field(0, 100);
    const prefix = field(345, 155);
    const size = parseInt(field(124, 12), 8);
    entries.push({
      name: prefix ? `${prefix}/${name}` : name,
      size,
      mode: parseInt(field(100, 8), 8),
      mtime: parseInt(field(136, 12), 8),
      uid: parseInt(field(108, 8), 8),
      type: field(156, 1),
      content: tar.subarray(offset + 512, offset + 512 + size).toString('utf8'),
    });
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

describe('synthesize', () => {
  it.each(fixtureNames())('%s: the same blueprint gives byte-identical files and tarball', async (name) => {
    const blueprint = loadFixture(name);
    const first = await synthesize(blueprint, { name });
    // A copy with every object's keys reversed: same data, different key order.
    const reordered = JSON.parse(JSON.stringify(blueprint), function (this: unknown, _key, value: unknown) {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).reverse());
    }) as Blueprint;
    const second = await synthesize(reordered, { name });
    expect(second.files.map((f) => f.path)).toEqual(first.files.map((f) => f.path));
    for (const [i, file] of first.files.entries()) expect([file.path, second.files[i]?.content === file.content]).toEqual([file.path, true]);
    expect((await packProject(second)).equals(await packProject(first))).toBe(true);
  });

  it('lists the files of the project layout, sorted, with the generator version written into them', async () => {
    const project = await synthesize(loadFixture('library'), { name: 'My Library!' });
    expect(project.name).toBe('my-library');
    expect(project.generatorVersion).toBe(GENERATOR_VERSION);
    const paths = project.files.map((f) => f.path);
    expect(paths).toEqual([...paths].sort());
    expect(paths).toEqual(
      expect.arrayContaining([
        'Dockerfile',
        'README.md',
        'backforge.blueprint.json',
        'contract.json',
        'dist/handler.js',
        'dist/server.js',
        'openapi.json',
        'package.json',
        'src/handler.ts',
        'src/server.ts',
        'test/behaviour.test.ts',
        'test/examples.ts',
        'tsconfig.json',
      ]),
    );
    const pkg = JSON.parse(projectFile(project, 'package.json') ?? '{}') as { scripts: Record<string, string>; backforge: { generatorVersion: string } };
    expect(pkg.scripts['start']).toBe('node dist/server.js');
    expect(pkg.backforge.generatorVersion).toBe(GENERATOR_VERSION);
    expect(projectFile(project, 'src/handler.ts')).toContain(`Backforge generator ${GENERATOR_VERSION}`);
    expect(projectFile(project, 'dist/handler.js')).toMatch(/^"use strict";\nvar BackforgeBackend = /);
    const readme = projectFile(project, 'README.md') ?? '';
    for (const action of ['createBook', 'listBooks', 'createMember', 'borrowBook', 'returnBook']) expect(readme).toContain(`"action":"${action}"`);
  });

  it('packs a deterministic ustar archive: fixed mtime, owner and order, every file under the project folder', async () => {
    const project = await synthesize(loadFixture('todo-api'));
    const entries = untar(await packProject(project));
    const files = entries.filter((e) => e.type === '0');
    expect(files.map((e) => e.name)).toEqual(project.files.map((f) => `todo-api/${f.path}`));
    expect(files.every((e, i) => e.content === project.files[i]?.content)).toBe(true);
    expect(new Set(entries.map((e) => e.mtime))).toEqual(new Set([946684800]));
    expect(new Set(entries.map((e) => e.uid))).toEqual(new Set([0]));
    expect(entries.filter((e) => e.type === '5').map((e) => e.name)).toEqual(['todo-api/', 'todo-api/dist/', 'todo-api/scripts/', 'todo-api/src/', 'todo-api/test/']);
  });

  it('unpacks its own archive back into the same project, and refuses archives that are not one', async () => {
    const project = await synthesize(loadFixture('polls'), { name: 'polls' });
    expect(await unpackProject(await packProject(project))).toEqual(project);
    await expect(unpackProject(Buffer.from('not gzip'))).rejects.toBeInstanceOf(ArchiveError);
    const tar = gunzipSync(await packProject(project));
    tar[200] = 0x41; // inside the first header: the checksum no longer matches
    await expect(unpackProject(gzipSync(tar))).rejects.toThrow(/checksum/);
  });

  it('writes the project to a folder', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'backforge-write-'));
    try {
      const project = await synthesize(loadFixture('notes'));
      await writeProject(project, dir);
      for (const file of project.files) expect(await readFile(path.join(dir, file.path), 'utf8')).toBe(file.content);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to write outside the folder', async () => {
    const project = await synthesize(loadFixture('notes'));
    const evil = { ...project, files: [...project.files, { path: '../escape.txt', content: 'x' }] };
    await expect(writeProject(evil, os.tmpdir())).rejects.toThrow(/unsafe project path/);
    await expect(packProject(evil)).rejects.toThrow(/unsafe project path/);
  });

  it('derives npm package names', () => {
    expect(packageName('Library')).toBe('library');
    expect(packageName('  Café Olé -- API ')).toBe('cafe-ole-api');
    expect(packageName('"; rm -rf /')).toBe('rm-rf');
    expect(packageName('日本')).toBe('backend');
  });
});
