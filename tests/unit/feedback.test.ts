import { describe, expect, it } from "vitest";
import type { WebContext } from "~/lib/context.server";
import { externalAddress, leaveHref, legacyRedirectTarget } from "~/lib/external-links";
import { consumeFlash, flash, toastForApiFailure } from "~/lib/flash.server";
import { isLegacyPath, isOutsideSystem } from "~/lib/links";
import { writeFlowCookie } from "~/lib/session.server";
import {
  isNetworkError,
  normaliseToastType,
  showErrorToast,
  showToast,
  subscribeToasts,
  type ToastRequest,
} from "~/lib/toasts";
import { contextFor } from "../support/web-context";

/** The browser's next request, carrying the cookies the last response set (a Max-Age=0 cookie is dropped). */
function nextRequest(from: WebContext, extraCookie?: string): Request {
  const pairs = [...from.responseCookies.values()]
    .filter((header) => !/Max-Age=0\b/.test(header))
    .map((header) => header.split(";")[0]);
  if (extraCookie) pairs.push(extraCookie);
  return new Request("http://localhost:3000/ng/testApi", { headers: { cookie: pairs.join("; ") } });
}

describe("toast type", () => {
  it.each(["error", "warning", "information"] as const)("keeps %s", (type) => {
    expect(normaliseToastType(type)).toBe(type);
  });

  it.each([undefined, null, "", "info", "Error", "success", 3, {}])("treats %j as information", (type) => {
    expect(normaliseToastType(type)).toBe("information");
  });
});

describe("toast bus", () => {
  it("hands requests to the mounted toast area and shows a caller's message, or the generic text, as an error", () => {
    const seen: ToastRequest[] = [];
    const stop = subscribeToasts((request) => seen.push(request));
    showToast({ type: "warning", message: "w" });
    showErrorToast("boom");
    showErrorToast();
    stop();
    showErrorToast("after unsubscribing");
    expect(seen).toEqual([
      { type: "warning", message: "w" },
      { type: "error", message: "boom" },
      { type: "error", messageKey: "feedback.errors.generic" },
    ]);
  });

  it("counts only a failed fetch (TypeError) as a network error", () => {
    expect(isNetworkError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkError(new Error("Unexpected Server Error"))).toBe(false);
    expect(isNetworkError(new Response(null, { status: 500 }))).toBe(false);
  });
});

describe("flash cookie", () => {
  it("survives the round trip once, in order, with normalised types", () => {
    const writer = contextFor();
    flash(writer, { type: "information", message: "Allow: api/x" });
    flash(writer, { type: "nonsense", message: "second" });
    const header = writer.responseCookies.get("rbqm_flash")!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Max-Age=60\b/);
    expect(header).not.toContain("Allow: api/x"); // sealed: the text cannot show (":" and " " are not base64url)

    const reader = contextFor();
    const request = nextRequest(writer);
    const messages = consumeFlash(request, reader);
    expect(messages.map(({ type, message }) => ({ type, message }))).toEqual([
      { type: "information", message: "Allow: api/x" },
      { type: "information", message: "second" },
    ]);
    expect(new Set(messages.map((m) => m.key)).size).toBe(2);
    // Read once: the answer clears the cookie, and a second read in the same request finds nothing.
    expect(reader.responseCookies.get("rbqm_flash")).toMatch(/^rbqm_flash=; .*Max-Age=0/);
    expect(consumeFlash(request, reader)).toEqual([]);
  });

  it("is seen by a loader of the same request (an action that answers without a redirect)", () => {
    const context = contextFor();
    flash(context, { type: "warning", message: "now" });
    expect(consumeFlash(new Request("http://localhost:3000/ng/"), context).map((m) => m.message)).toEqual(["now"]);
    expect(context.responseCookies.get("rbqm_flash")).toMatch(/Max-Age=0/);
  });

  it("ignores (and clears) a tampered cookie, one sealed with another secret, and one moved from another cookie", () => {
    const writer = contextFor();
    flash(writer, { type: "error", message: "secret text" });
    const value = writer.responseCookies.get("rbqm_flash")!.split(";")[0]!.split("=")[1]!;
    const raw = Buffer.from(value, "base64url");
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 0x01, raw.length - 1);
    const tampered = new Request("http://localhost:3000/ng/", {
      headers: { cookie: `rbqm_flash=${raw.toString("base64url")}` },
    });
    const reader = contextFor();
    expect(consumeFlash(tampered, reader)).toEqual([]);
    expect(reader.responseCookies.get("rbqm_flash")).toMatch(/Max-Age=0/);

    expect(consumeFlash(nextRequest(writer), contextFor("http://localhost:3000", "o".repeat(40)))).toEqual([]);
    // A value sealed for another cookie of the app (its name is authenticated) does not open as a flash.
    writeFlowCookie(writer, "rbqm_other", [{ key: "k", type: "error", message: "moved" }], 60);
    const other = writer.responseCookies.get("rbqm_other")!.split(";")[0]!.split("=")[1]!;
    const moved = new Request("http://localhost:3000/ng/", { headers: { cookie: `rbqm_flash=${other}` } });
    expect(consumeFlash(moved, contextFor())).toEqual([]);
  });

  it("writes nothing when there is no flash", () => {
    const context = contextFor();
    expect(consumeFlash(new Request("http://localhost:3000/ng/"), context)).toEqual([]);
    expect(context.responseCookies.size).toBe(0);
  });

  it("keeps the last five messages of a request", () => {
    const writer = contextFor();
    for (let i = 1; i <= 7; i++) flash(writer, { type: "information", message: `m${i}` });
    expect(consumeFlash(nextRequest(writer), contextFor()).map((m) => m.message)).toEqual([
      "m3",
      "m4",
      "m5",
      "m6",
      "m7",
    ]);
  });

  it("is __Host- and Secure over https", () => {
    const writer = contextFor("https://rbqm.example");
    flash(writer, { type: "information", message: "x" });
    expect([...writer.responseCookies.values()][0]).toMatch(/^__Host-rbqm_flash=.*; Secure(;|$)/);
  });
});

describe("toastForApiFailure", () => {
  const t = ((key: string) => `T(${key})`) as unknown as Parameters<typeof toastForApiFailure>[0];
  it("uses the network-error text for no answer at all (status 0), the generic text otherwise", () => {
    expect(
      toastForApiFailure(t, { ok: false, status: 0, error: { code: "TypeError", detail: "fetch failed" } }),
    ).toEqual({
      type: "error",
      message: "T(feedback.errors.network)",
    });
    expect(toastForApiFailure(t, { ok: false, status: 500, error: { code: "Unknown", detail: "" } })).toEqual({
      type: "error",
      message: "T(feedback.errors.generic)",
    });
    expect(
      toastForApiFailure(t, { ok: false, status: 503, error: { code: "Unknown", detail: "" } }, "Own text").message,
    ).toBe("Own text");
  });
});

describe("external links", () => {
  const origins = ["http://localhost:3000", null, "https://designer.example/app"];
  it.each([
    ["https://example.org/", true],
    ["http://example.org/x?y=1", true],
    ["https://designer.example/other", false],
    ["http://localhost:3000/ng/", false],
    ["/ng/companies/1", false],
    ["/db?studyName=DEMO001", false],
    ["mailto:someone@example.org", false],
  ])("isOutsideSystem(%j) is %s", (href, outside) => {
    expect(isOutsideSystem(href, origins)).toBe(outside);
  });

  it("sends the no-JavaScript link to /ng/leave with the address as a query value", () => {
    expect(leaveHref("https://example.org/a?b=1&c=2#d")).toBe(
      "/ng/leave?to=https%3A%2F%2Fexample.org%2Fa%3Fb%3D1%26c%3D2%23d",
    );
  });

  it.each([
    ["https://example.org", "https://example.org/"],
    ["HTTP://Example.org/a b".replace(" ", "%20"), "http://example.org/a%20b"],
  ])("offers %j on /ng/leave as %j", (value, expected) => {
    expect(externalAddress(value)).toBe(expected);
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,x",
    "//evil.example/",
    "/ng/",
    "ftp://example.org/",
    "https://user:pw@example.org/",
    "https://example.org/\nx",
    " https://example.org/",
    "https://",
    "",
    `https://example.org/${"a".repeat(2048)}`,
    undefined,
  ])("refuses %j on /ng/leave", (value) => {
    expect(externalAddress(value)).toBeNull();
  });
});

describe("legacy paths outside /ng/", () => {
  it.each(["/db", "/db?studyName=DEMO001", "/patients/study/DEMO001/patient/S-1", "/tickets/T1", "/yourAccount"])(
    "%j is a page of the classic application",
    (path) => expect(isLegacyPath(path)).toBe(true),
  );
  it.each(["/", "/dbx", "/ng/db", "/wp-admin", "//db", "/patients/study"])("%j is not", (path) =>
    expect(isLegacyPath(path)).toBe(false),
  );

  it("redirects to the same path and query under LEGACY_BASE_URL", () => {
    expect(legacyRedirectTarget("https://classic.example/", "/db?studyName=DEMO001")).toBe(
      "https://classic.example/db?studyName=DEMO001",
    );
    expect(legacyRedirectTarget("https://classic.example/app", "/tickets/T1")).toBe(
      "https://classic.example/app/tickets/T1",
    );
  });
});

describe("the splat outside /ng/", () => {
  async function answer(path: string, legacyBaseUrl: string | null) {
    const { loader } = await import("~/routes/$");
    const context = contextFor();
    context.apiTransport = async () =>
      Response.json({ legacyBaseUrl, rbqmSupportEmail: "support@rbqm.example", productNameHtmlTitle: "RBQM Studio" });
    const args = { request: new Request(`http://localhost:3000${path}`), context, params: {} } as unknown as Parameters<
      typeof loader
    >[0];
    return (await loader(args)) as unknown;
  }
  const statusOf = (value: unknown) =>
    value instanceof Response ? value.status : (value as { init?: { status?: number } }).init?.status;

  it("redirects a legacy path with its query to LEGACY_BASE_URL when it is set", async () => {
    const result = await answer("/db?studyName=DEMO001", "https://classic.example");
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get("location")).toBe("https://classic.example/db?studyName=DEMO001");
  });

  it("answers a legacy path with the classic-application 404 when it is not", async () => {
    const result = await answer("/tickets/T-1?studyName=DEMO001", null);
    expect(statusOf(result)).toBe(404);
    expect((result as { data: { kind: string } }).data.kind).toBe("legacy");
  });

  it("answers any other address with the normal 404, never redirecting it", async () => {
    for (const path of ["/wp-admin", "/dbx?studyName=X", "/ng-not"]) {
      const result = await answer(path, "https://classic.example");
      expect(statusOf(result), path).toBe(404);
      expect((result as { data: { kind: string } }).data.kind, path).toBe("notFound");
    }
  });
});
