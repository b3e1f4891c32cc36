import { canonicalJson, computeDataChanges, redactSecrets, stripInternal, toJsonValue } from "@server/audit/changes";
import { describe, expect, it } from "vitest";

describe("audit dataChanges", () => {
  it("records a created record with before null and an ordinary JSON after", () => {
    const changes = computeDataChanges([{ before: null, after: { title: "Consent", details: "ICF signed" } }]);
    expect(changes).toEqual([{ before: null, after: JSON.stringify({ title: "Consent", details: "ICF signed" }) }]);
  });

  it("records a deleted record with after null", () => {
    const changes = computeDataChanges([{ before: { label: "AE" }, after: undefined }]);
    expect(changes).toEqual([{ before: '{"label":"AE"}', after: null }]);
  });

  it("strips the internal fields _id, context, contextId, AuditInfo and Source", () => {
    const before = { _id: "x", context: "c", contextId: "ci", AuditInfo: { a: 1 }, Source: "s", title: "Old" };
    const after = { _id: "x", context: "c", contextId: "ci", AuditInfo: { a: 2 }, Source: "s2", title: "New" };
    const [change] = computeDataChanges([{ before, after }]);
    expect(JSON.parse(change!.before!)).toEqual({ title: "Old" });
    expect(JSON.parse(change!.after!)).toEqual({ title: "New" });
  });

  it("skips pairs identical after stripping, whatever the key order", () => {
    const changes = computeDataChanges([
      { before: { a: 1, b: { c: 2, d: 3 }, Source: "x" }, after: { b: { d: 3, c: 2 }, a: 1, Source: "y" } },
      { before: { a: 1 }, after: { a: 2 } },
    ]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toEqual({ before: '{"a":1}', after: '{"a":2}' });
  });

  it("skips a pair with nothing on either side", () => {
    expect(computeDataChanges([{ before: null, after: null }])).toEqual([]);
  });

  it("strips only the top level: a nested 'context' is data", () => {
    expect(stripInternal({ issue: { context: ["site 1"] }, context: "internal" })).toEqual({
      issue: { context: ["site 1"] },
    });
  });

  it("keeps list order significant", () => {
    expect(computeDataChanges([{ before: { items: [1, 2] }, after: { items: [2, 1] } }])).toHaveLength(1);
  });

  it("writes dates as ISO strings and binary as a size note", () => {
    expect(
      toJsonValue({ at: new Date("2026-01-02T03:04:05.678Z"), logo: Buffer.from("abc"), gone: undefined }),
    ).toEqual({
      at: "2026-01-02T03:04:05.678Z",
      logo: "[binary, 3 bytes]",
    });
  });

  it("canonical JSON sorts keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":2,"f":1}]},"b":1}',
    );
  });
});

describe("audit request bodies", () => {
  it("redacts passwords, tokens and codes at any depth", () => {
    expect(
      redactSecrets({
        Email: "a@b.example",
        Password: "hunter22",
        nested: { refresh_token: "r", SecurityCode: "123456", ConfirmPassword: "x", note: "fine" },
        list: [{ code_verifier: "v" }],
      }),
    ).toEqual({
      Email: "a@b.example",
      Password: "[redacted]",
      nested: { refresh_token: "[redacted]", SecurityCode: "[redacted]", ConfirmPassword: "[redacted]", note: "fine" },
      list: [{ code_verifier: "[redacted]" }],
    });
  });

  it("leaves a null secret as null, so an absent value stays visible as absent", () => {
    expect(redactSecrets({ Password: null })).toEqual({ Password: null });
  });
});
