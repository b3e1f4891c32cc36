import { bigint, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { companies } from "../companies/schema";
import { bytea, createdAt } from "../db/columns";
import { studies } from "../studies/schema";
import { users } from "../users/schema";

/**
 * Uploaded and generated files (001 §3 "Uploaded file reference"): the record of each; the bytes live with the
 * storage driver named in `storage` (docs/decisions/0028-files-jobs-and-analysis-workers.md).
 */
export const files = pgTable(
  "files",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id")
      .notNull()
      .references(() => companies.id),
    /** The study the file belongs to: null while an upload is not yet used by a request (only its uploader reads it). */
    studyId: text("study_id").references(() => studies.id),
    uploadedBy: text("uploaded_by").references(() => users.id),
    /** The name the user gave it (shown and sent back in Content-Disposition); never used as a path. */
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** "local" (a file under DATA_DIR/files) or "database" (file_chunks). */
    storage: text("storage").notNull(),
    /** The server-made name under which the driver keeps the bytes. */
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("files_company_idx").on(t.companyId, t.studyId)],
);

/** The bytes of files kept in the database, in chunks (the "database" storage driver). */
export const fileChunks = pgTable(
  "file_chunks",
  {
    storageKey: text("storage_key").notNull(),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.storageKey, t.seq] })],
);
