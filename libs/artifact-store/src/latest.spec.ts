import { InvalidArtifactKeyError } from './errors.js';
import { artifactFilename, compareVersions, latestOf, parseArtifactFilename } from './latest.js';

const at = (filename: string, iso = '2026-01-01T00:00:00Z') => ({ filename, storedAt: new Date(iso) });

describe('artifact file names and latestOf', () => {
  it('builds and parses <slug>-v<version>.<extension>', () => {
    expect(artifactFilename('todo-api', 3)).toBe('todo-api-v3.tar.gz');
    expect(artifactFilename('todo-api', '1.2.0', 'bundle.js')).toBe('todo-api-v1.2.0.bundle.js');
    expect(parseArtifactFilename('todo-api-v12.tar.gz')).toEqual({ slug: 'todo-api', version: '12', extension: 'tar.gz' });
    expect(parseArtifactFilename('my-v2-api-v7.tar.gz')).toEqual({ slug: 'my-v2-api', version: '7', extension: 'tar.gz' });
    for (const other of ['todo-api.tar.gz', 'todo-api-v.tar.gz', 'todo-api-vx.tar.gz', '-v1.tar.gz', 'todo-api-v1', 'todo-api-v1..tar.gz']) {
      expect(parseArtifactFilename(other)).toBeUndefined();
    }
    expect(() => artifactFilename('../x', 1)).toThrow(InvalidArtifactKeyError);
    expect(() => artifactFilename('x', 'one')).toThrow(InvalidArtifactKeyError);
    expect(() => artifactFilename('x'.repeat(130), 1)).toThrow(InvalidArtifactKeyError);
  });

  it('compares versions numerically, part by part', () => {
    expect(compareVersions('10', '9')).toBeGreaterThan(0);
    expect(compareVersions('1.10', '1.9')).toBeGreaterThan(0);
    expect(compareVersions('2', '2.0')).toBe(0);
    expect(compareVersions('1.2.3', '1.3')).toBeLessThan(0);
  });

  it('picks the highest version whatever the order, ignoring other names and extensions', () => {
    const artifacts = [at('app-v2.tar.gz'), at('app-v10.tar.gz'), at('app-v9.tar.gz'), at('README.md'), at('app-v11.bundle.js')];
    expect(latestOf(artifacts, { extension: 'tar.gz' })?.filename).toBe('app-v10.tar.gz');
    expect(latestOf([...artifacts].reverse(), { extension: 'tar.gz' })?.filename).toBe('app-v10.tar.gz');
    expect(latestOf(artifacts)?.filename).toBe('app-v11.bundle.js');
    expect(latestOf([at('notes.txt')])).toBeUndefined();
    expect(latestOf([])).toBeUndefined();
  });

  it('breaks a version tie by storedAt, then by name, independent of order', () => {
    const older = at('a-v3.tar.gz', '2026-01-01T00:00:00Z');
    const newer = at('b-v3.tar.gz', '2026-02-01T00:00:00Z');
    expect(latestOf([older, newer])).toBe(newer);
    expect(latestOf([newer, older])).toBe(newer);
    const same1 = at('a-v3.0.tar.gz');
    const same2 = at('b-v3.tar.gz');
    expect(latestOf([same1, same2])).toBe(same2);
    expect(latestOf([same2, same1])).toBe(same2);
  });
});
