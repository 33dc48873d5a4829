import { readFile } from "node:fs/promises";
import { expectToast } from "./content-helpers.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessible, watchForErrors } from "./helpers.ts";

test.use({ reducedMotion: "reduce" });
test.describe.configure({ timeout: 180_000 });

const csvFile = (name: string, text: string) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(text),
});

test("an owner imports a list with its consent dates, searches it, exports it and erases an address everywhere", async ({
  page,
  firstBlog,
}) => {
  const noErrors = watchForErrors(page);
  const blog = await firstBlog("Tide Notes");
  // A second blog of the same owner has the address that asks to be erased.
  const other = await page.request.post("/api/blogs", { data: { name: "Harbour Log" } });
  expect(other.status()).toBe(201);
  const otherBlog = (await other.json()) as { id: string };
  const seeded = await page.request.post(`/api/blogs/${otherBlog.id}/subscribers/import`, {
    data: { csv: "email,consented_at\nerase.me@example.com,2024-02-01\n" },
  });
  expect(seeded.status()).toBe(200);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Subscribers" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  await expect(page.getByText("No subscribers yet.")).toBeVisible();

  // A file with a row without consent is refused whole, each problem with its line.
  const importCard = page.getByRole("region", { name: "Import and export" });
  await importCard
    .getByLabel("List (CSV)")
    .setInputFiles(
      csvFile("bad.csv", "email,consented_at\nann@example.com,2024-01-05\nnobody@example.com,\n"),
    );
  await importCard.getByRole("button", { name: "Import CSV" }).click();
  const problems = importCard.getByRole("alert");
  await expect(problems).toContainText("The file was not imported");
  await expect(problems).toContainText(
    "Line 3: the consent date is empty: an address is imported only with it",
  );
  await expect(page.getByText("No subscribers yet.")).toBeVisible();

  await importCard
    .getByLabel("List (CSV)")
    .setInputFiles(
      csvFile(
        "old-list.csv",
        "email,subscribed_at\nann@example.com,2024-01-05\nbob@shop.example,2024-01-06\nerase.me@example.com,2024-01-07\nann@example.com,2024-01-08\n",
      ),
    );
  await importCard.getByRole("button", { name: "Import CSV" }).click();
  await expect(importCard.getByRole("status")).toHaveText(
    "Imported: 3 added, 1 unchanged, 0 skipped.",
  );
  const table = page.getByRole("table", { name: "Subscribers" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row", { name: /ann@example\.com/ })).toContainText("Jan 5, 2024");
  await expect(table.getByRole("row", { name: /ann@example\.com/ })).toContainText(
    "import: old-list.csv",
  );
  const counts = page.getByRole("list", { name: "Subscribers per status" });
  await expect(counts).toContainText("Subscribed3");
  await expect(page.getByRole("figure").getByText("Subscribers, last 90 days")).toBeVisible();
  await expectAccessible(page, "the Subscribers screen");

  // Search by any part of the address.
  await page.getByLabel("Search addresses").fill("shop");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("bob@shop.example");
  await page.getByLabel("Search addresses").fill("");
  await expect(table.getByRole("row")).toHaveCount(4);

  // The export is the list as CSV, with the consent of each address.
  const downloading = page.waitForEvent("download");
  await importCard.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^${blog.slug}-subscribers-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("email,status,consented_at,consent_page,consent_text,unsubscribed_at");
  expect(lines).toContain(
    "ann@example.com,subscribed,2024-01-05T00:00:00.000Z,import: old-list.csv,Imported from a CSV file; the file recorded consent on 2024-01-05T00:00:00.000Z.,",
  );
  expect(lines).toHaveLength(4);

  // A data-subject request: the address goes from both blogs, after a confirmation.
  const erase = page.getByRole("region", { name: "Erase an address from all blogs" });
  await erase.getByLabel("E-mail address").fill("erase.me@example.com");
  await erase.getByRole("button", { name: "Erase" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Erase this address?" });
  await expect(confirm).toContainText("erase.me@example.com");
  await confirm.getByRole("button", { name: "Erase" }).click();
  await expectToast(page, "Address erased", "erase.me@example.com was deleted from 2 blogs.");
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table).not.toContainText("erase.me@example.com");
  const left = await page.request.get(`/api/blogs/${otherBlog.id}/subscribers`);
  expect(((await left.json()) as { subscribers: unknown[] }).subscribers).toEqual([]);

  // One address of this blog, deleted from the table.
  await table.getByRole("button", { name: "Delete bob@shop.example" }).click();
  const confirmDelete = page.getByRole("alertdialog", { name: "Delete Subscriber" });
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  await expectToast(page, "Subscriber deleted");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(counts).toContainText("Subscribed1");
  noErrors();
});
