import { ConfigError, loadConfig } from "@server/config/config";
import { describe, expect, it } from "vitest";

/** OAUTH_CLIENTS: the client applications of the authorization server (server/config/oauth-clients.ts). */
function problem(value: string): string {
  try {
    loadConfig({ OAUTH_CLIENTS: value });
  } catch (error) {
    if (error instanceof ConfigError) {
      expect(error.variable).toBe("OAUTH_CLIENTS");
      return error.message;
    }
    throw error;
  }
  throw new Error("expected a ConfigError");
}

const client = (overrides: Record<string, unknown> = {}) => ({
  clientId: "portal",
  name: "Study Portal",
  redirectUris: ["https://portal.example/callback"],
  postLogoutRedirectUris: ["https://portal.example/bye"],
  ...overrides,
});

describe("OAUTH_CLIENTS", () => {
  it("registers no client by default", () => {
    expect(loadConfig({}).oauthClients).toEqual([]);
    expect(loadConfig({ OAUTH_CLIENTS: " " }).oauthClients).toEqual([]);
  });

  it("reads clients, keeping the addresses exactly as written", () => {
    const clients = [
      client({ redirectUris: ["https://portal.example/callback", "http://127.0.0.1:8080/cb"] }),
      client({ clientId: "b", postLogoutRedirectUris: undefined }),
    ];
    expect(loadConfig({ OAUTH_CLIENTS: JSON.stringify(clients) }).oauthClients).toEqual([
      { ...clients[0] },
      { ...clients[1], postLogoutRedirectUris: [] },
    ]);
  });

  it.each([
    ["not JSON", "[{", /^Configuration error: OAUTH_CLIENTS must be a JSON array of clients: /],
    ["not an array", JSON.stringify(client()), /must be a JSON array of clients$/],
    [
      "a relative redirect URI",
      JSON.stringify([client({ redirectUris: ["/callback"] })]),
      /is not an absolute URL \(\/callback\) at \[0\]\.redirectUris\[0\]$/,
    ],
    [
      "a relative post-logout URI",
      JSON.stringify([client({ postLogoutRedirectUris: ["bye"] })]),
      /is not an absolute URL \(bye\) at \[0\]\.postLogoutRedirectUris\[0\]/,
    ],
    [
      "plain http to another host",
      JSON.stringify([client({ redirectUris: ["http://portal.example/cb"] })]),
      /must use https \(http only for localhost\)/,
    ],
    [
      "a fragment",
      JSON.stringify([client({ redirectUris: ["https://portal.example/cb#x"] })]),
      /must not contain a fragment/,
    ],
    [
      "a javascript: address",
      JSON.stringify([client({ redirectUris: ["javascript:alert(1)"] })]),
      /must be an http\(s\) URL/,
    ],
    ["no redirect URI", JSON.stringify([client({ redirectUris: [] })]), /needs at least one redirect URI/],
    ["a missing name", JSON.stringify([client({ name: undefined })]), /at \[0\]\.name/],
    [
      "a client registered twice",
      JSON.stringify([client(), client()]),
      /"portal" is registered twice at \[1\]\.clientId/,
    ],
    ["a client id with spaces", JSON.stringify([client({ clientId: "a b" })]), /may contain only letters/],
  ])("stops the start with a clear message for %s", (_name, value, message) => {
    expect(problem(value)).toMatch(message);
  });
});
