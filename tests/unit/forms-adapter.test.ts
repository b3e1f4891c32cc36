import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { criticalProcessList, criticalProcessRow } from "~/features/cpcd/critical-processes";
import { deleteIndexOf, duplicateRows, rowsModified } from "~/lib/forms/list";
import { handleListPost, listShaped } from "~/lib/forms/list.server";
import {
  coerceFormValue,
  errorsByName,
  fieldName,
  isBoundedFieldName,
  isBoundedIntent,
  parseSubmission,
  secret,
  secretFieldNames,
  withoutFields,
} from "~/lib/forms/schema";
import { passwordField, textField } from "~/lib/validation";

/** conform's control intents, as its buttons post them (name `__intent__`). */
const intent = (value: object) => ["__intent__", JSON.stringify(value)] as [string, string];

function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the conform adapter over zod/mini (app/lib/forms/schema.ts)", () => {
  const schema = z.object({
    intent: z.literal("go"),
    name: textField({ required: true, trim: true }),
    note: textField(),
    rows: z.optional(z.array(z.object({ title: textField({ required: true }) }))),
  });

  it("coerces empty strings and empty file inputs to undefined, at any depth", () => {
    const empty = new File([], "", { type: "application/octet-stream" });
    expect(coerceFormValue({ a: "", b: "x", c: [{ d: "" }, "e"], f: empty })).toEqual({
      a: undefined,
      b: "x",
      c: [{ d: undefined }, "e"],
      f: undefined,
    });
  });

  it("names errors by conform's paths", () => {
    expect(fieldName([])).toBe("");
    expect(fieldName(["rows", 1, "title"])).toBe("rows[1].title");
    expect(
      errorsByName([
        { code: "custom", path: ["rows", 0, "title"], message: "a", input: "" },
        { code: "custom", path: ["rows", 0, "title"], message: "b", input: "" },
      ]),
    ).toEqual({
      "rows[0].title": ["a", "b"],
    });
  });

  it("gives the value on success and the errors by field otherwise", () => {
    const ok = parseSubmission(
      form([
        ["intent", "go"],
        ["name", "  Ann "],
        ["note", ""],
      ]),
      { schema },
    );
    expect(ok.status).toBe("success");
    if (ok.status === "success") expect(ok.value).toEqual({ intent: "go", name: "Ann", note: "" });
    const bad = parseSubmission(
      form([
        ["intent", "go"],
        ["name", "   "],
        ["rows[0].title", ""],
        ["rows[1].title", "x"],
      ]),
      { schema },
    );
    expect(bad.status).toBe("error");
    expect(bad.reply().error).toEqual({ name: ["validation.required"], "rows[0].title": ["validation.required"] });
  });

  it("applies conform's list intents before the schema: insert, remove, update", () => {
    const base: [string, string][] = [
      ["intent", "go"],
      ["name", "n"],
      ["rows[0].title", "a"],
      ["rows[1].title", "b"],
    ];
    const removed = parseSubmission(form([...base, intent({ type: "remove", payload: { name: "rows", index: 0 } })]), {
      schema,
    });
    expect(removed.status).toBeUndefined();
    expect(removed.payload.rows).toEqual([{ title: "b" }]);
    expect(removed.reply().initialValue).toMatchObject({ rows: [{ title: "b" }] });
    const inserted = parseSubmission(
      form([...base, intent({ type: "insert", payload: { name: "rows", defaultValue: { title: "c" } } })]),
      { schema },
    );
    expect(inserted.payload.rows).toEqual([{ title: "a" }, { title: "b" }, { title: "c" }]);
    const updated = parseSubmission(
      form([...base, intent({ type: "update", payload: { name: "rows", index: 1, value: { title: "B" } } })]),
      { schema },
    );
    expect(updated.payload.rows).toEqual([{ title: "a" }, { title: "B" }]);
  });

  it("never echoes a secret: marked fields and anything named like a password, whatever the reply asks", () => {
    const withSecrets = z.discriminatedUnion("intent", [
      z.object({
        intent: z.literal("signIn"),
        password: passwordField({ required: true }),
        code: secret(textField()),
        user: textField(),
      }),
      z.object({ intent: z.literal("cancel") }),
    ]);
    expect([...secretFieldNames(withSecrets)].sort()).toEqual(["code", "password"]);
    const posted = form([
      ["intent", "bogus"],
      ["password", "S3cret-pass"],
      ["code", "12345678"],
      ["user", "ann"],
      ["newPassword", "x1"],
    ]);
    const submission = parseSubmission(posted, { schema: withSecrets });
    expect(submission.status).toBe("error");
    for (const reply of [
      submission.reply(),
      submission.reply({ formErrors: ["x"] }),
      submission.reply({ hideFields: [] }),
    ]) {
      const text = JSON.stringify(reply);
      expect(text).not.toContain("S3cret-pass");
      expect(text).not.toContain("12345678");
      expect(text).not.toContain('"x1"');
      expect(reply.initialValue).toEqual({ intent: "bogus", user: "ann" });
    }
    expect(withoutFields({ rows: [{ password: "p", title: "t" }] }, new Set())).toEqual({ rows: [{ title: "t" }] });
  });
});

describe("the list schema (001 §5): rows of critical processes", () => {
  const rows = (titles: string[], extra: [string, string][] = []) =>
    form([
      ...titles.flatMap((title, index): [string, string][] => [
        [`rows[${index}].title`, title],
        [`rows[${index}].details`, ""],
      ]),
      ...extra,
    ]);

  it("trims titles, requires them, and keeps details optional", () => {
    const ok = parseSubmission(rows(["  Consent  ", "Randomisation"], [["intent", "save"]]), {
      schema: criticalProcessList,
    });
    expect(ok.status).toBe("success");
    if (ok.status === "success")
      expect(ok.value.rows).toEqual([
        { title: "Consent", details: "" },
        { title: "Randomisation", details: "" },
      ]);
    const bad = parseSubmission(rows(["Consent", "   "], [["intent", "save"]]), { schema: criticalProcessList });
    expect(bad.reply().error).toEqual({ "rows[1].title": ["validation.required"] });
  });

  it("refuses a title that repeats an earlier one regardless of case, on the later row", () => {
    const bad = parseSubmission(
      rows(["Informed consent", "Randomisation", " INFORMED Consent "], [["intent", "save"]]),
      { schema: criticalProcessList },
    );
    expect(bad.reply().error).toEqual({ "rows[2].title": ["kit.list.duplicateTitle"] });
    expect(
      duplicateRows(
        [{ title: "a" }, { title: "B" }, { title: "b" }, { title: "A " }, { title: "" }, { title: "" }],
        "title",
      ),
    ).toEqual([false, false, true, true, false, false]);
  });

  it("checks the Add dialog's draft only when adding: a valid row that repeats none", () => {
    const draftOf = (title: string, intentValue?: string) =>
      parseSubmission(
        rows(
          ["Consent", ""],
          [["draft.title", title], ...(intentValue ? [["intent", intentValue] as [string, string]] : [])],
        ),
        {
          schema: criticalProcessList,
        },
      );
    // Adding ignores the unfinished rows and looks at the draft alone.
    expect(draftOf("", "add").reply().error).toEqual({ "draft.title": ["validation.required"] });
    expect(draftOf("consent ", "add").reply().error).toEqual({ "draft.title": ["kit.list.duplicateTitle"] });
    expect(draftOf("Data review", "add").status).toBe("success");
    // While typing, a repeated draft is pointed out; an empty one is not.
    expect(draftOf("CONSENT").reply().error).toEqual({
      "rows[1].title": ["validation.required"],
      "draft.title": ["kit.list.duplicateTitle"],
    });
    expect(draftOf("").reply().error).toEqual({ "rows[1].title": ["validation.required"] });
  });

  it("knows when the edits differ from the loaded copy", () => {
    const loaded = [
      { title: "A", details: "" },
      { title: "B", details: "x" },
    ];
    expect(rowsModified([{ title: "A" }, { title: "B", details: "x" }], loaded)).toBe(false);
    expect(rowsModified([{ title: "A" }, { title: "B", details: "y" }], loaded)).toBe(true);
    expect(rowsModified([{ title: "A" }], loaded)).toBe(true);
    expect(rowsModified(undefined, [])).toBe(false);
    expect(rowsModified([{ title: "B", details: "x" }, { title: "A" }], loaded)).toBe(true);
    expect(rowsModified([{ on: "on" }], [{ on: true }])).toBe(false);
  });

  it("reads the deletion question's row", () => {
    expect(deleteIndexOf("askDelete:3")).toBe(3);
    expect(deleteIndexOf("askDelete:-1")).toBeNull();
    expect(deleteIndexOf("save")).toBeNull();
  });
});

describe("a list post without scripts (app/lib/forms/list.server.ts)", () => {
  const post = (entries: [string, string][]) =>
    handleListPost<{ title: string; details: string }>(form(entries), criticalProcessList, criticalProcessRow);
  const edits: [string, string][] = [
    ["rows[0].title", "Consent (edited)"],
    ["rows[1].title", "Randomisation"],
  ];

  it("persists only on a valid Save", () => {
    expect(post([...edits, ["intent", "save"]])).toEqual({
      kind: "save",
      rows: [
        { title: "Consent (edited)", details: "" },
        { title: "Randomisation", details: "" },
      ],
    });
    const refused = post([
      ["rows[0].title", "A"],
      ["rows[1].title", "a"],
      ["intent", "save"],
    ]);
    expect(refused.kind).toBe("reply");
    if (refused.kind === "reply")
      expect(refused.reply.result.error).toEqual({ "rows[1].title": ["kit.list.duplicateTitle"] });
  });

  it("answers every other intent with the edits intact and the dialog asked for", () => {
    const opened = post([...edits, ["intent", "openAdd"]]);
    expect(opened).toMatchObject({
      kind: "reply",
      reply: {
        dialog: { kind: "add" },
        result: { initialValue: { rows: [{ title: "Consent (edited)" }, { title: "Randomisation" }] } },
      },
    });
    expect(post([...edits, ["intent", "askDelete:1"]])).toMatchObject({
      kind: "reply",
      reply: { dialog: { kind: "delete", index: 1 } },
    });
    // A row that is not there asks nothing.
    expect(post([...edits, ["intent", "askDelete:7"]])).toMatchObject({ kind: "reply", reply: { dialog: null } });
    const removed = post([...edits, intent({ type: "remove", payload: { name: "rows", index: 1 } })]);
    expect(removed).toMatchObject({
      kind: "reply",
      reply: { dialog: null, result: { initialValue: { rows: [{ title: "Consent (edited)" }] } } },
    });
  });

  it("adds a valid draft as a row (trimmed) and forgets it; a wrong one stays in the open dialog with its message", () => {
    const added = post([...edits, ["draft.title", "  Data review "], ["draft.details", "Monthly"], ["intent", "add"]]);
    expect(added.kind).toBe("reply");
    if (added.kind !== "reply") return;
    expect(added.reply.dialog).toBeNull();
    expect(added.reply.result.initialValue).toEqual({
      intent: "add",
      rows: [{ title: "Consent (edited)" }, { title: "Randomisation" }, { title: "Data review", details: "Monthly" }],
    });
    const repeated = post([...edits, ["draft.title", "randomisation"], ["intent", "add"]]);
    expect(repeated).toMatchObject({
      kind: "reply",
      reply: { dialog: { kind: "add" }, result: { error: { "draft.title": ["kit.list.duplicateTitle"] } } },
    });
    if (repeated.kind === "reply")
      expect(repeated.reply.result.initialValue).toMatchObject({ draft: { title: "randomisation" } });
  });

  it("a post of a shape no form sends (rows or the draft as plain text) replies with a list, never a throw", () => {
    for (const entries of [[["rows", "x"]], [["rows.title", "x"]], [["rows[0]", "x"]], [["draft", "x"]]] as [
      string,
      string,
    ][][]) {
      for (const action of ["save", "openAdd", "add", "askDelete:0"]) {
        const answer = post([...entries, ["intent", action]]);
        if (answer.kind !== "reply") continue;
        const value = answer.reply.result.initialValue as Record<string, unknown> | undefined;
        if (value && "rows" in value) {
          expect(Array.isArray(value.rows)).toBe(true);
          for (const row of value.rows as unknown[]) expect(typeof row).toBe("object");
        }
        if (value && "draft" in value) expect(typeof value.draft).toBe("object");
      }
    }
    expect(listShaped({ status: "error", initialValue: { rows: "x", draft: "y" } } as never).initialValue).toEqual({
      rows: [],
    });
  });
});

describe("a list post that asks too much", () => {
  it("is refused with a message, without checking a row", () => {
    const result = parseSubmission(
      form([
        ["intent", "save"],
        ["rows[600].title", "x"],
      ]),
      { schema: criticalProcessList },
    );
    expect(result.reply().error).toEqual({ rows: ['validation.maxLength|{"max":500}'] });
  });
});

describe("hostile field names and intents never reach conform (app/lib/forms/schema.ts)", () => {
  const schema = z.object({
    email: textField({ required: true }),
    rows: z.optional(z.array(z.object({ title: z.optional(z.string()) }))),
  });
  const post = (...entries: [string, string][]) =>
    parseSubmission(form([["email", "a@b.example"], ...entries]), { schema });

  it("an index beyond 999 is left out: no array of a hundred million entries is built, checked or echoed", () => {
    const submission = post(["email[99999999]", "x"], ["rows[99999999].title", "y"], ["rows[0].title", "kept"]);
    expect(submission.payload).toEqual({ email: "a@b.example", rows: [{ title: "kept" }] });
    expect(JSON.stringify(submission.reply()).length).toBeLessThan(1000);
    expect(isBoundedFieldName("rows[999].title")).toBe(true);
    expect(isBoundedFieldName("rows[1000].title")).toBe(false);
  });

  it("a path deeper than 8 levels or a name longer than 200 characters is left out", () => {
    expect(isBoundedFieldName("a.b.c.d.e.f.g.h")).toBe(true);
    expect(isBoundedFieldName("a.b.c.d.e.f.g.h.i")).toBe(false);
    expect(isBoundedFieldName(`${"x".repeat(201)}`)).toBe(false);
    const deep = `a${".a".repeat(100_000)}`;
    expect(post([deep, "1"]).payload).toEqual({ email: "a@b.example" });
  });

  it("an intent that is not JSON, of an unknown type, or out of bounds is a plain submission, never a throw", () => {
    const bad = [
      "not json",
      JSON.stringify({ type: "nope" }),
      JSON.stringify("update"),
      JSON.stringify({ type: "update", payload: { name: "rows", index: 9_999_999, value: { title: "x" } } }),
      JSON.stringify({ type: "update", payload: { name: "rows[9999999]", value: { title: "x" } } }),
      JSON.stringify({ type: "reorder", payload: { name: "rows", from: -1, to: 1.5 } }),
      JSON.stringify({
        type: "update",
        payload: { name: "rows", value: JSON.parse(`${"[".repeat(50)}${"]".repeat(50)}`) },
      }),
    ];
    for (const value of bad) {
      expect(isBoundedIntent(value), value.slice(0, 60)).toBe(false);
      const submission = post(["rows[0].title", "a"], ["__intent__", value]);
      expect(submission.status, value.slice(0, 60)).toBe("success");
      expect(submission.payload.rows).toEqual([{ title: "a" }]);
    }
  });

  it("the kit's own intents still pass", () => {
    for (const value of [
      { type: "validate", payload: { name: "email" } },
      { type: "insert", payload: { name: "rows", defaultValue: { title: "c" } } },
      { type: "remove", payload: { name: "rows", index: 0 } },
      { type: "update", payload: { name: "rows", index: 499, value: { title: "B" } } },
      { type: "reorder", payload: { name: "rows", from: 0, to: 1 } },
      { type: "reset" },
    ])
      expect(isBoundedIntent(JSON.stringify(value)), value.type).toBe(true);
  });
});
