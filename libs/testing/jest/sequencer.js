import { statSync } from 'node:fs';

/**
 * The order suites start in. With two workers the run ends when the last long suite does, so the
 * long ones must start first; jest's default order does that only from timings it cached on an
 * earlier run, and a fresh CI machine has none (it then goes by file size, which put a two-minute
 * suite whose data lives in other files near the end). Known long kinds first, then by file size.
 */
const LONG_FIRST = [
  /\.e2e\.spec\.ts$/,
  /interpreters\/measure\/batches\.spec\.ts$/,
  /interpreters\/rules\/checks\.spec\.ts$/,
  /sandbox\/src\/availability\.spec\.ts$/,
  /\.int\.spec\.ts$/,
  /interpreters\/measure\/batch-checks\.spec\.ts$/,
];

const rank = (path) => {
  const i = LONG_FIRST.findIndex((pattern) => pattern.test(path));
  return i === -1 ? LONG_FIRST.length : i;
};

const size = (path) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

export default class LongFirstSequencer {
  sort(tests) {
    const keyed = tests.map((test) => ({ test, rank: rank(test.path), size: size(test.path) }));
    keyed.sort((a, b) => a.rank - b.rank || b.size - a.size || a.test.path.localeCompare(b.test.path));
    return keyed.map((k) => k.test);
  }

  /** --onlyFailures is not used here: every suite runs. */
  allFailedTests(tests) {
    return tests;
  }

  cacheResults() {}
}
