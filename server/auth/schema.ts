import { jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, utcTimestamp } from "../db/columns";

/** Token signing keys, shared by every instance. The private half is encrypted with a key derived from APP_SECRET. */
export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  alg: text("alg").notNull(),
  publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
  privateJwkEncrypted: text("private_jwk_encrypted").notNull(),
  createdAt: createdAt(),
  retiredAt: utcTimestamp("retired_at"),
});
