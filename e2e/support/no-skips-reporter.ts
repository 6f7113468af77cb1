import type { FullResult, Reporter, Suite } from "@playwright/test/reporter";
import { inCi } from "@vsi/test-utils";

/**
 * Fails a CI run in which a journey was skipped (a `test.skip`, a fixme): there a journey that did
 * not run must not pass as green. Outside CI skips are allowed. Journeys are never retried, so a
 * flaky one fails as it is.
 */
export default class NoSkipsInCi implements Reporter {
  private suite: Suite | undefined;

  onBegin(_config: unknown, suite: Suite) {
    this.suite = suite;
  }

  onEnd(result: FullResult): Promise<{ status?: FullResult["status"] } | undefined> {
    const skipped = (this.suite?.allTests() ?? []).filter((test) => test.outcome() === "skipped");
    if (skipped.length === 0 || !inCi()) return Promise.resolve(undefined);
    const names = skipped.map((test) => `  ${test.titlePath().filter(Boolean).join(" > ")}`);
    console.error(
      `\n${skipped.length} journey(s) skipped, and CI does not allow a skip:\n${names.join("\n")}\n`,
    );
    return Promise.resolve({ status: result.status === "passed" ? "failed" : result.status });
  }
}
