import { type Column, getTableName, is, Table } from "drizzle-orm";
import { type PgTable, getTableConfig as pgConfig } from "drizzle-orm/pg-core";
import { type SQLiteTable, getTableConfig as sqliteConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pg from "./pg/schema.ts";
import * as sqlite from "./sqlite/schema.ts";

/**
 * The two schemas are one schema (decision 180): services are compiled against the SQLite
 * tables and run on either, so every table, column, nullability, default, JavaScript type,
 * key and index must exist in both under the same name.
 */
type Shape = Record<string, unknown>;

/** What a column holds in JavaScript, whatever the SQL type that stores it. */
function jsTypeOf(column: Column): string {
  if (column.dataType === "custom") {
    const sqlType = column.getSQLType();
    if (sqlType === "bigint") return "date";
    if (sqlType === "bytea") return "buffer";
    return `custom ${sqlType}`;
  }
  return column.dataType;
}

const columnShape = (column: Column): Shape => ({
  jsType: jsTypeOf(column),
  notNull: column.notNull,
  primary: column.primary,
  hasDefault: column.hasDefault,
  enumValues: column.enumValues ?? null,
  isUnique: column.isUnique,
});

function tablesOf(module: Record<string, unknown>): Map<string, Table> {
  const tables = new Map<string, Table>();
  for (const value of Object.values(module)) {
    if (is(value, Table)) tables.set(getTableName(value), value);
  }
  return tables;
}

const sqliteTables = tablesOf(sqlite);
const pgTables = tablesOf(pg);

describe("the PostgreSQL schema mirrors the SQLite schema", () => {
  it("has the same tables under the same export names", () => {
    expect([...pgTables.keys()].sort()).toEqual([...sqliteTables.keys()].sort());
    const exported = (module: Record<string, unknown>) =>
      Object.entries(module)
        .filter(([, value]) => is(value, Table))
        .map(([name]) => name)
        .sort();
    expect(exported(pg)).toEqual(exported(sqlite));
  });

  for (const [name, sqliteTable] of sqliteTables) {
    it(`table ${name}: same columns, keys and indexes`, () => {
      const pgTable = pgTables.get(name);
      expect(pgTable, `${name} is missing from api/db/pg/schema.ts`).toBeDefined();
      const left = sqliteConfig(sqliteTable as SQLiteTable);
      const right = pgConfig(pgTable as PgTable);
      const columns = (list: Column[]) =>
        Object.fromEntries(list.map((column) => [column.name, columnShape(column)]));
      expect(columns(right.columns)).toEqual(columns(left.columns));
      const keys = (list: { columns: Column[] }[]) =>
        list.map((key) => key.columns.map((c) => c.name).join(",")).sort();
      expect(keys(right.primaryKeys)).toEqual(keys(left.primaryKeys));
      const foreign = (
        list: { reference: () => { columns: Column[]; foreignColumns: Column[] } }[],
      ) =>
        list
          .map((fk) => {
            const reference = fk.reference();
            const target = reference.foreignColumns[0]?.table;
            return `${reference.columns.map((c) => c.name)}->${target ? getTableName(target) : "?"}`;
          })
          .sort();
      expect(foreign(right.foreignKeys)).toEqual(foreign(left.foreignKeys));
      const indexes = (list: { config: { name?: string; unique: boolean } }[]) =>
        list.map((index) => `${index.config.name}${index.config.unique ? " unique" : ""}`).sort();
      expect(indexes(right.indexes)).toEqual(indexes(left.indexes));
    });
  }
});
