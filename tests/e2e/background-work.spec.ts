import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expectToast, publishPost } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
test.describe.configure({ timeout: 90_000 });

const customizationCard = (page: Page) => page.getByRole("region", { name: "Blog Customization" });
const automationCard = (page: Page) => page.getByRole("region", { name: "Content Automation" });

test("Settings tells the owner when a render fails and is retried, when it goes live, and when automation writes next", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Retry Gardens", "/settings");

  // A file where the blog's rendered files go (the server's sites folder, E2E_DATA_DIR/sites):
  // every render of it fails until the file is gone.
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (see playwright.config.ts)");
  const blocker = join(dataDir, "sites", "blogs", blog.id);
  mkdirSync(join(dataDir, "sites", "blogs"), { recursive: true });
  writeFileSync(blocker, "in the way");
  await publishPost(page, blog.id, "Seed potatoes", "<p>Chit them first.</p>");

  // Back on Settings, the site's line says the first render failed, when it is tried again, and
  // why; it follows the retries without a reload.
  await page.reload();
  const status = customizationCard(page)
    .getByRole("status")
    .filter({ hasText: /render|Live/ });
  await expect(status).toContainText(
    /The first render failed( \d+ times)?; trying again (at \d{1,2}:\d{2}:\d{2} (AM|PM)|shortly)\./,
    { timeout: 20_000 },
  );
  await expect(status).toContainText(
    /The last render failed: The rendered site.s files could not be written \(ENOTDIR on \w+\)\. Readers see nothing yet/,
  );
  await expectAccessible(page, "settings, a render failing and retried");

  // The fault goes; the next try succeeds and the line says so, still without a reload.
  rmSync(blocker);
  await expect(status).toHaveText(
    /^Live since [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM) \(last render \d+ ms\)\.$/,
    {
      timeout: 45_000,
    },
  );

  // Automation: switched on, its first post is written at once (the offline writer), and the
  // card says when, and when the next one is due.
  const automation = automationCard(page);
  await automation.getByRole("switch", { name: "Enable Content Automation" }).click();
  await automation.getByLabel("Topics").fill("raised beds");
  await automation.getByRole("button", { name: "Save Settings" }).click();
  await expectToast(page, "Settings saved", "Content automation is on for Retry Gardens.");
  await expect(
    automation.getByText(/^Last generated [A-Z][a-z]{2} \d{1,2}, \d{4} at /),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(automation.getByText(/^Next post [A-Z][a-z]{2} \d{1,2}, \d{4} at /)).toBeVisible();
  await expectAccessible(page, "settings, automation with its last and next post");
  noErrors();
});
