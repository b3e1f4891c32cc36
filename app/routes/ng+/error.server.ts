import { z } from "zod";

/** The passed message, at most 500 characters, or null (001 §2 "Error page"). */
const MAX_MESSAGE = 500;
const querySchema = z.object({ errorMessage: z.string().optional().catch(undefined) });

export function readErrorMessage(query: URLSearchParams): string | null {
  const parsed = querySchema.parse({ errorMessage: query.get("errorMessage") ?? undefined });
  return parsed.errorMessage ? parsed.errorMessage.slice(0, MAX_MESSAGE) : null;
}
