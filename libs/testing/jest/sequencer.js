import { statSync } from 'node:fs';

/**
 * The order suites start in. With two workers the run ends when the last long suite does, so the
 * long ones must start first; jest's default order does that only from timings it cached on an
 * earlier run, and a fresh CI machine has none (it then goes by file size, which put a two-minute
 * suite whose data lives in other files near the end). Long suites are of two kinds: those that
 * start platforms of processes (e2e) and those that compute in jest's own worker (the batch floors,
 * the corpus checks, the integration suites). Two platform suites at once oversubscribe two cores
 * far more than one beside a computing suite (a run that started all e2e suites first took 1,080 s
 * against 920 s for one in a mixed order, though other work shared the machine during it), so the
 * two kinds alternate; then every other suite, largest file first.
 */
const PLATFORMS = /\.e2e\.spec\.ts$/;
const COMPUTING = [
  /interpreters\/measure\/batches\.spec\.ts$/,
  /interpreters\/rules\/checks\.spec\.ts$/,
  /interpreters\/measure\/batch-checks\.spec\.ts$/,
  /sandbox\/src\/availability\.spec\.ts$/,
  /\.int\.spec\.ts$/,
];

const sizeOf = (path) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

const computingRank = (path) => COMPUTING.findIndex((pattern) => pattern.test(path));

export default class AlternatingSequencer {
  sort(tests) {
    const sizes = new Map(tests.map((t) => [t.path, sizeOf(t.path)])); // one stat per file, not per comparison
    const bySize = (a, b) => sizes.get(b.path) - sizes.get(a.path) || a.path.localeCompare(b.path);
    const platforms = tests.filter((t) => PLATFORMS.test(t.path)).sort(bySize);
    const computing = tests
      .filter((t) => !PLATFORMS.test(t.path) && computingRank(t.path) !== -1)
      .sort((a, b) => computingRank(a.path) - computingRank(b.path) || bySize(a, b));
    const rest = tests.filter((t) => !PLATFORMS.test(t.path) && computingRank(t.path) === -1).sort(bySize);
    const alternated = [];
    for (let i = 0; i < Math.max(platforms.length, computing.length); i++) {
      if (platforms[i]) alternated.push(platforms[i]);
      if (computing[i]) alternated.push(computing[i]);
    }
    return [...alternated, ...rest];
  }

  /** --onlyFailures is not used here: every suite runs. */
  allFailedTests(tests) {
    return tests;
  }

  cacheResults() {}
}
