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
 * failed request: the app asks `/api/auth/user` (401 when signed out) and `/api/public/blog`
 * (404 off a blog's host) on purpose.
 */
export function watchForErrors(page: Page): () => void {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (message.text().startsWith("Failed to load resource")) return;
    errors.push(`console.error: ${message.text()}`);
  });
  return () => expect(errors).toEqual([]);
}
