import { integer, text } from "drizzle-orm/sqlite-core";
import { newId } from "../../ids.ts";

/* Column helpers every table file uses. */

export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());
export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
export const bool = (name: string) => integer(name, { mode: "boolean" });
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
export const stringList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .$defaultFn(() => []);
