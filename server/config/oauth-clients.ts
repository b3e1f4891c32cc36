import { z } from "zod";

/**
 * The client applications registered with the product's authorization server (OAUTH_CLIENTS, a JSON array).
 * Every client is public (no secret: PKCE S256 proves the code's redeemer); see
 * docs/decisions/0016-authorization-server.md. Redirect addresses are compared character for character (RFC 9700).
 */
export interface OAuthClient {
  clientId: string;
  name: string;
  /** Where /ng/oidc/login may send the browser back with a code: exact match only. */
  redirectUris: string[];
  /** Where /api/oauth/logout may send the browser after signing out: exact match only. */
  postLogoutRedirectUris: string[];
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why a registered address is refused, or null when it is acceptable. */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "is not an absolute URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an http(s) URL";
  // RFC 9700 §2.1 / RFC 8252 §8.3: plain http only back to the user's own machine.
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) return "must use https (http only for localhost)";
  if (value.includes("#")) return "must not contain a fragment";
  if (url.username || url.password) return "must not contain credentials";
  return null;
}

const uri = z.string().superRefine((value, ctx) => {
  const problem = redirectUriProblem(value);
  if (problem)
    ctx.addIssue({ code: "custom", message: `${problem} (${value.length > 80 ? `${value.slice(0, 77)}...` : value})` });
});

const clientSchema = z.object({
  clientId: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9._~-]+$/, { message: "may contain only letters, digits and . _ ~ -" }),
  name: z.string().min(1).max(200),
  redirectUris: z.array(uri).min(1, { message: "needs at least one redirect URI" }),
  postLogoutRedirectUris: z.array(uri).default([]),
});

const clientsSchema = z.array(clientSchema).superRefine((clients, ctx) => {
  const seen = new Set<string>();
  clients.forEach((client, index) => {
    if (seen.has(client.clientId))
      ctx.addIssue({ code: "custom", path: [index, "clientId"], message: `"${client.clientId}" is registered twice` });
    seen.add(client.clientId);
  });
});

/** Parses OAUTH_CLIENTS. Throws an Error whose message says what is wrong and where; no value means no clients. */
export function parseOAuthClients(raw: string | undefined): OAuthClient[] {
  if (raw === undefined || raw.trim() === "") return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    throw new Error(`must be a JSON array of clients: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = clientsSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`)).join("");
    const message =
      issue.code === "invalid_type" && issue.path.length === 0 ? "must be a JSON array of clients" : issue.message;
    throw new Error(where ? `${message} at ${where}` : message);
  }
  return parsed.data;
}
