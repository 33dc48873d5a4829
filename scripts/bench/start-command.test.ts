import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parseStartCommand, startCommand } from "./start-command.ts";

describe("npm start's command, as the benches run it (decision 204)", () => {
  it("splits the environment, Node's flags and the script", () => {
    expect(
      parseStartCommand("A=1 B_2=x=y node --import ./h.mjs --flag=8 scripts/start.ts"),
    ).toEqual({
      env: { A: "1", B_2: "x=y" },
      flags: ["--import", "./h.mjs", "--flag=8"],
      script: "scripts/start.ts",
    });
    expect(parseStartCommand("node s.ts")).toEqual({ env: {}, flags: [], script: "s.ts" });
    expect(() => parseStartCommand("tsx s.ts")).toThrow(/not/);
    expect(() => parseStartCommand("A=1 node")).toThrow(/not/);
  });

  it("is what package.json runs: the server's build, two malloc arenas, a small young generation", () => {
    const start = startCommand(resolve(import.meta.dirname, "../.."));
    expect(start.env).toEqual({ MALLOC_ARENA_MAX: "2" });
    expect(start.flags).toEqual(["--max-semi-space-size=8"]);
    expect(start.script).toBe("dist/scripts/start.js");
  });
});
