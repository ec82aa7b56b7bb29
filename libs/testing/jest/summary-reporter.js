// Prints the plain closing line CI reads in any language: "N passed, N failed, N skipped".
export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failedSuites = results.numRuntimeErrorTestSuites;
    process.stdout.write(
      `\njest: ${results.numPassedTests} passed, ${results.numFailedTests + failedSuites} failed, ${skipped} skipped\n`,
    );
  }
}
