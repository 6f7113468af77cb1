import type { Reporter, TestCase, TestModule } from "vitest/node";
import { inCi } from "./ci.ts";

/**
 * Fails a CI run that skipped a test: there, a test that did not run (a missing database, a
 * forgotten `.skip`) would otherwise pass as green. Outside CI, skips are allowed and only counted.
 */
export class NoSkipsInCi implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const skipped: TestCase[] = [];
    for (const module of testModules) skipped.push(...module.children.allTests("skipped"));
    if (skipped.length === 0 || !inCi()) return;
    const names = skipped.map((test) => `  ${test.module.relativeModuleId} > ${test.fullName}`);
    console.error(
      `\n${skipped.length} test(s) skipped, and CI does not allow a skip:\n${names.join("\n")}\n`,
    );
    process.exitCode = 1;
  }
}
