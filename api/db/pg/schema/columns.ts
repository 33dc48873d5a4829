import { bigint, boolean, customType, jsonb, text } from "drizzle-orm/pg-core";
import { newId } from "../../ids.ts";

/* Column helpers every table file uses. */

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
/** A time as milliseconds since the epoch in a bigint; a Date in JavaScript, as on SQLite. */
export const epochMs = customType<{ data: Date; driverData: number | string }>({
  dataType: () => "bigint",
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});
/** Bytes in a bytea; a Buffer in JavaScript, as SQLite's blob. */
export const bytes = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});
export const integer = (name: string) => bigint(name, { mode: "number" });
export const createdAt = () =>
  epochMs("created_at")
    .notNull()
    .$defaultFn(() => new Date());
export const updatedAt = () =>
  epochMs("updated_at")
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
export const bool = (name: string) => boolean(name);
export const timestamp = (name: string) => epochMs(name);
export const stringList = (name: string) =>
  jsonb(name)
    .$type<string[]>()
    .notNull()
    .$defaultFn(() => []);
