import type { Reporter, TestModule } from "vitest/node";

interface TimedTest {
  name: string;
  durationMs: number;
  timeoutMs: number;
}

const line = (test: TimedTest) =>
  `  ${(test.durationMs / 1000).toFixed(1).padStart(6)} s of ${test.timeoutMs / 1000} s  ${test.name}`;

/**
 * Prints the run's ten slowest tests with their time-outs, and names any that took more than a
 * third of its own: a test that close to its limit on a loaded machine is the next red run.
 * It reports and never fails the run, since a test's speed is not its behaviour.
 */
export class SlowestTests implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const timed: TimedTest[] = [];
    for (const module of testModules)
      for (const test of module.children.allTests("passed")) {
        const timeoutMs = test.options.timeout ?? test.project.config.testTimeout;
        timed.push({
          name: `${test.project.name}: ${module.relativeModuleId} > ${test.fullName}`,
          durationMs: test.diagnostic()?.duration ?? 0,
          timeoutMs,
        });
      }
    timed.sort((a, b) => b.durationMs - a.durationMs);
    const slowest = timed.slice(0, 10);
    const nearTimeout = timed.filter((test) => test.durationMs > test.timeoutMs / 3);
    if (slowest.length === 0) return;
    process.stdout.write(
      `\nThe ${slowest.length} slowest tests:\n${slowest.map(line).join("\n")}\n`,
    );
    if (nearTimeout.length > 0)
      process.stdout.write(
        `\nPast a third of their time-out:\n${nearTimeout.map(line).join("\n")}\n`,
      );
  }
}
