import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { createSiteOutput, type SiteOutput } from "./site-output.ts";

/**
 * For a pipeline test file: each test renders into a site output of its own, in a temp folder
 * named from `prefix` and removed after the test. Read both through the returned functions.
 */
export function outputPerTest(prefix: string) {
  let dir: string | undefined;
  let output: SiteOutput | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    output = createSiteOutput(dir);
  });
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const current = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error("the site output is made for each test: read it in one");
    return value;
  };
  return { dir: () => current(dir), output: () => current(output) };
}
