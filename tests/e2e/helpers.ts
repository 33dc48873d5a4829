import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/** No accessibility violation of serious or critical impact on what the page shows now. */
export async function expectAccessible(page: Page, what: string) {
  // Colours are checked as they end up: a theme switch fades backgrounds for a moment, and a
  // contrast read mid-fade is neither the old page nor the new one.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .every((animation) => animation.playState !== "running"),
    undefined,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
  expect(severe, `axe on ${what}`).toEqual([]);
}

/** Saves a screenshot as a test artifact (in the test's output folder and the report). */
export async function saveScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  fullPage = false,
) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/**
 * Fails on uncaught errors and on console errors, except the browser's own note about a
 * failed request, which tests provoke on purpose (a 401 from `/api/auth/user` when signed out,
 * a refused save). Two reads of every normal screen must not fail, and are watched by their
 * answers instead (decision 354): "is this a blog's host?", never asked on the app's own host,
 * and a blog's automation settings, whose defaults a blog without any gets.
 */
export function watchForErrors(page: Page): () => void {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (message.text().startsWith("Failed to load resource")) return;
    errors.push(`console.error: ${message.text()}`);
  });
  page.on("response", async (response) => {
    if (response.request().method() !== "GET" || response.status() < 400) return;
    const path = new URL(response.url()).pathname;
    const failed = `${response.status()} GET ${path}`;
    if (path === "/api/public/blog") errors.push(failed);
    else if (/^\/api\/blogs\/[^/]+\/automation$/.test(path)) {
      // A deleted blog's settings are gone with it ("Blog not found"): only missing settings count.
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      if (body?.message === "Automation settings not found") errors.push(failed);
    }
  });
  return () => expect(errors).toEqual([]);
}
