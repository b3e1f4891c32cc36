import { z } from "zod";

/** The fields of an RP-initiated logout (query on GET, form on POST): each optional, bounded, the first one counts. */
const fieldsSchema = z.object({
  post_logout_redirect_uri: z.string().max(2048).optional().catch(undefined),
  client_id: z.string().max(256).optional().catch(undefined),
  state: z.string().max(1024).optional().catch(undefined),
  id_token_hint: z.string().max(4096).optional().catch(undefined),
});
export type LogoutFields = z.infer<typeof fieldsSchema>;

export function readFields(entries: Iterable<[string, FormDataEntryValue]>): LogoutFields {
  const raw: Record<string, string> = {};
  for (const [name, value] of entries)
    if (typeof value === "string" && value !== "" && !(name in raw)) raw[name] = value;
  return fieldsSchema.parse(raw);
}
