import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test database is copied from (TEST_DATABASE=postgres). */
    postgresTemplate: string | undefined;
  }
}

/**
 * With TEST_DATABASE=postgres, migrates one template database before the tests, so each test
 * app's database is a copy (CREATE DATABASE … TEMPLATE) instead of a migration run of its own,
 * and drops it after them.
 */
export default async function postgresTemplate(project: TestProject) {
  if (process.env.TEST_DATABASE !== "postgres") {
    project.provide("postgresTemplate", undefined);
    return;
  }
  const { createTestPostgresDatabase } = await import("../../api/test/postgres.ts");
  const { openDatabase } = await import("../../api/db/client.ts");
  const template = await createTestPostgresDatabase({ suffix: "template" });
  const handle = await openDatabase(template.url);
  await handle.close();
  project.provide("postgresTemplate", template.name);
  return () => template.drop();
}
