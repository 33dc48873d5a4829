import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import type { SocialCard } from "../theme/lib/cards.ts";
import { type CardDrawer, createCardDrawer } from "./card-drawer.ts";
import { renderSocialCard } from "./social-card.ts";

const card = (title: string, color = "#2563eb"): SocialCard => ({
  file: "og/0000000000000000.png",
  title,
  subtitle: null,
  look: {
    blogName: "Garden Notes",
    color,
    fontFamily: "IBM Plex Serif",
    logoUrl: null,
    logoMedia: null,
    host: "garden.blogs.example",
  },
});

const waitFor = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

let drawer: CardDrawer | undefined;
afterEach(async () => {
  await drawer?.close();
  drawer = undefined;
});

describe("the card drawer", () => {
  it("draws in its own process the same PNG as drawing here, and ends the process when idle", async () => {
    drawer = createCardDrawer({ idleMs: 200 });
    expect(drawer.running).toBe(false);
    const [png, other] = await Promise.all([
      drawer.draw(card("Tomatoes on a balcony", "#df7020")),
      drawer.draw(card("Peppers in pots")),
    ]);
    expect(
      Buffer.from(png).equals(await renderSocialCard(card("Tomatoes on a balcony", "#df7020"))),
    ).toBe(true);
    const meta = await sharp(other).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);

    await waitFor(() => !drawer?.running, 5000);
    expect(drawer.running).toBe(false);
    // The next card starts a new process.
    const again = await drawer.draw(card("Basil on the sill"));
    expect((await sharp(again).metadata()).format).toBe("png");
  });

  it("draws at a lower scheduling priority than the server's, as asked", async () => {
    drawer = createCardDrawer({ niceness: 7 });
    const drawing = drawer.draw(card("Chard in the shade"));
    const pid = drawer.pid as number;
    expect(getPriority(pid)).toBe(Math.min(19, getPriority() + 7));
    expect((await sharp(await drawing).metadata()).format).toBe("png");
  });

  it("fails the cards being drawn when closed", async () => {
    drawer = createCardDrawer();
    const failed = expect(drawer.draw(card("Slow to draw"))).rejects.toThrow(
      "The card drawer is closed",
    );
    await drawer.close();
    await failed;
    expect(drawer.running).toBe(false);
  });

  it("closes in a process that has nothing else to do (the idle drawer is not referenced)", () => {
    const drawerUrl = new URL("./card-drawer.ts", import.meta.url).href;
    const script = `
      import { createCardDrawer } from ${JSON.stringify(drawerUrl)};
      const drawer = createCardDrawer({ idleMs: 60000 });
      await drawer.draw(${JSON.stringify(card("Closed at the end"))});
      await drawer.close();
      console.log("closed");
    `;
    const dir = mkdtempSync(join(tmpdir(), "blogfleet-card-close-"));
    const file = join(dir, "close.mjs");
    writeFileSync(file, script);
    const run = spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 30_000 });
    rmSync(dir, { recursive: true, force: true });
    expect([run.status, run.stdout.trim(), run.stderr]).toEqual([0, "closed", ""]);
  });
});
