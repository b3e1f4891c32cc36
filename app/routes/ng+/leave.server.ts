import { z } from "zod";
import { externalAddress } from "~/lib/external-links";

/** /ng/leave's query: exactly one `to`, an absolute http(s) address outside the system; otherwise null (a 400). */
const querySchema = z.object({ to: z.array(z.string().max(4096)).length(1) });

export function readLeaveTarget(query: URLSearchParams): string | null {
  const parsed = querySchema.safeParse({ to: query.getAll("to") });
  return parsed.success ? externalAddress(parsed.data.to[0]!) : null;
}
