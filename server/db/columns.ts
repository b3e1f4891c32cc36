import { customType, timestamp } from "drizzle-orm/pg-core";

/** bytea as a Node Buffer on both drivers (PGlite answers Uint8Array, node-postgres Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A UTC timestamp with time zone, read as a Date. */
export const utcTimestamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 6 });

export const createdAt = () => utcTimestamp("created_at").notNull().defaultNow();
export const updatedAt = () => utcTimestamp("updated_at").notNull().defaultNow();
