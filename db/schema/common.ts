// Column helpers shared by every table so timestamps and JSON look the same everywhere.
import { integer, text } from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch; producers may send ISO strings, the contract converts. */
export const timestampMs = (name: string) => integer(name, { mode: "number" });

/** JSON kept as text; parsed by the query layer, never by SQL. */
export const jsonText = <T>(name: string) => text(name, { mode: "json" }).$type<T>();

/** Hash of the canonical event a row was created from: how idempotency tells "same" from "changed". */
export const contentHash = () => text("content_hash").notNull();

export const createdAt = () => timestampMs("created_at").notNull();

export * from "../../lib/domain/vocabulary";
