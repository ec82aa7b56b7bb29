import { resolveDownloadName, type StoredFile } from './download-names.js';

const file = (version: number, kind: StoredFile['kind'], extension: string): StoredFile => ({
  version,
  kind,
  filename: `todo-v${version}.${extension}`,
  size: 10 * version,
  sha256: `${kind}${version}`.padEnd(64, '0'),
  contentType: 'application/octet-stream',
});
const v1 = [file(1, 'project', 'tar.gz'), file(1, 'bundle', 'bundle.js'), file(1, 'openapi', 'openapi.json'), file(1, 'blueprint', 'blueprint.json'), file(1, 'report', 'report.json')];
const v2 = [file(2, 'project', 'tar.gz'), file(2, 'openapi', 'openapi.json')];

describe('download names', () => {
  it('latest is the newest version\'s project archive, saved under its stored name', () => {
    expect(resolveDownloadName([...v1, ...v2], 'latest')).toEqual({ file: v2[0], downloadName: 'todo-v2.tar.gz' });
    expect(resolveDownloadName(v1, 'latest')?.file.filename).toBe('todo-v1.tar.gz');
  });

  it('an alias is the newest version\'s file of that kind, saved under the alias', () => {
    expect(resolveDownloadName([...v1, ...v2], 'openapi.json')).toEqual({ file: v2[1], downloadName: 'openapi.json' });
    expect(resolveDownloadName([...v2, ...v1], 'backforge.blueprint.json')?.file.filename).toBe('todo-v1.blueprint.json');
    expect(resolveDownloadName(v1, 'validation-report.json')?.file.filename).toBe('todo-v1.report.json');
  });

  it('any other name must be a stored file name exactly', () => {
    expect(resolveDownloadName([...v1, ...v2], 'todo-v1.bundle.js')).toEqual({ file: v1[1], downloadName: 'todo-v1.bundle.js' });
    expect(resolveDownloadName(v1, 'TODO-v1.bundle.js')).toBeUndefined();
    expect(resolveDownloadName(v1, 'todo-v3.tar.gz')).toBeUndefined();
  });

  it('nothing resolves for an agent with no stored file, and inherited object keys are not aliases', () => {
    expect(resolveDownloadName([], 'latest')).toBeUndefined();
    expect(resolveDownloadName([], 'openapi.json')).toBeUndefined();
    expect(resolveDownloadName(v1, 'constructor')).toBeUndefined();
    expect(resolveDownloadName(v1, 'toString')).toBeUndefined();
  });
});
