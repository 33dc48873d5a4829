import { afterEach, beforeEach, vi } from "vitest";

/** A console.error during a test fails it, unless the test expects one and says so by mocking it. */
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  const seen = errors;
  vi.mocked(console.error).mockRestore();
  if (seen.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${seen.map((a) => a.map(String).join(" ")).join("\n")}`,
    );
  }
});
