import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Writes how long each test file took, its set-up hooks included (the JSON reporter's times cover the tests
 * only), to the file FILE_TIMES_OUTPUT names: `npm test` prints the slowest files at the end.
 */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const output = process.env.FILE_TIMES_OUTPUT;
    if (!output) return;
    const times: Record<string, number> = {};
    for (const m of modules) {
      const d = m.diagnostic();
      times[m.moduleId] = d.collectDuration + d.setupDuration + d.duration;
    }
    writeFileSync(output, JSON.stringify(times));
  }
}
