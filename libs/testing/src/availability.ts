import { testServers, type ServerKind } from './servers.js';

/**
 * `describe` when every server the suite needs was found, else `describe.skip` with a loud line.
 * Under CI=true a missing server already failed the global setup, so nothing is skipped there.
 */
export function describeWith(kinds: ServerKind[]): jest.Describe {
  const { missing } = testServers();
  const absent = kinds.filter((k) => missing.includes(k) || !testServers()[k]);
  if (absent.length === 0) return describe;
  process.stderr.write(`\n[backforge/testing] SKIPPED suite: needs ${absent.join(', ')} which could not be found\n`);
  return describe.skip;
}
