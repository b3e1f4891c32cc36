// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { listRuntime } from "~/components/lists/list-runtime";
import { removeIntent, rowsOfFormData } from "~/components/lists/useListEngine";
import { criticalProcessList, criticalProcessRow } from "~/features/cpcd/critical-processes";
import { LIST_INTENT } from "~/lib/forms/list-state";
import { handleListPost } from "~/lib/forms/list.server";

/** The list engine off conform (ADR 0050): what it reads of the form, and the posts it shares with the server. */
function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const threeRows = (): [string, string][] => [
  ["rows[0].title", "Consent"],
  ["rows[0].details", "Signed"],
  ["rows[1].title", "Randomisation"],
  ["rows[2].title", "Dosing"],
  ["rows[2].details", "Daily"],
];

describe("the list engine", () => {
  it("reads the rows of the form's data by index, other fields aside", () => {
    const data = form([["version", "3"], ...threeRows(), ["draft.title", "New"], ["rationaleForChange", "Why"]]);
    expect(rowsOfFormData(data)).toEqual([
      { title: "Consent", details: "Signed" },
      { title: "Randomisation" },
      { title: "Dosing", details: "Daily" },
    ]);
  });

  it("Delete's button is the remove intent the server applies without scripts: the rows after it move up", () => {
    const data = form([...threeRows(), ["__intent__", removeIntent(1)]]);
    const post = handleListPost(data, criticalProcessList, criticalProcessRow);
    expect(post.kind).toBe("reply");
    const rows = post.kind === "reply" ? (post.reply.result.initialValue as { rows: unknown[] }).rows : [];
    expect(rows).toEqual([
      { title: "Consent", details: "Signed" },
      { title: "Dosing", details: "Daily" },
    ]);
  });

  it("checks the list by its schemas in the runtime: a row's message on that row, the draft as Add makes it", () => {
    const runtime = listRuntime({ schema: criticalProcessList, row: criticalProcessRow });
    const data = form(threeRows().map(([name, value]) => [name, name === "rows[1].title" ? "" : value]));
    expect(Object.keys(runtime.errors(data) ?? {})).toEqual(["rows[1].title"]);
    expect(runtime.errors(form(threeRows()))).toBeNull();
    const add = form([...threeRows(), ["draft.title", "  Monitoring  "], ["intent", LIST_INTENT.add]]);
    expect(runtime.errors(add)).toBeNull();
    expect(runtime.draftRow(add)).toEqual({ title: "Monitoring" });
    const repeated = form([...threeRows(), ["draft.title", "dosing"], ["intent", LIST_INTENT.add]]);
    expect(Object.keys(runtime.errors(repeated) ?? {})).toEqual(["draft.title"]);
  });

  it("decides each post in the runtime (ADR 0059): Delete and a valid Add in place, a refused post's messages, else on", () => {
    const runtime = listRuntime({ schema: criticalProcessList, row: criticalProcessRow });
    const page = (entries: [string, string][], submitter: [string, string] | null) => {
      document.body.innerHTML = "";
      const element = document.createElement("form");
      for (const [name, value] of entries) {
        const input = document.createElement("input");
        Object.assign(input, { name, value });
        element.append(input);
      }
      const button = submitter
        ? Object.assign(document.createElement("button"), { name: submitter[0], value: submitter[1] })
        : null;
      if (button) element.append(button);
      document.body.append(element);
      return runtime.submit(element, button);
    };
    expect(page(threeRows(), ["__intent__", removeIntent(2)])).toEqual({ kind: "remove", index: 2 });
    expect(page(threeRows(), ["__intent__", "{}"])).toEqual({ kind: "ignore" });
    expect(page([...threeRows(), ["draft.title", "  Monitoring "]], ["intent", LIST_INTENT.add])).toEqual({
      kind: "add",
      row: { title: "Monitoring" },
    });
    const refused = page(
      threeRows().map(([name, value]) => [name, name === "rows[1].title" ? "" : value]),
      ["intent", LIST_INTENT.save],
    );
    expect(refused.kind === "refused" ? Object.keys(refused.errors) : refused).toEqual(["rows[1].title"]);
    expect(page(threeRows(), ["intent", LIST_INTENT.save])).toEqual({ kind: "post" });
  });

  it("reads the form in the runtime: a Save's validity, the messages of the fields gone through, all once edited", () => {
    const runtime = listRuntime({ schema: criticalProcessList, row: criticalProcessRow });
    const invalid = () => form(threeRows().map(([name, value]) => [name, name.endsWith("title") ? "" : value]));
    const seen = { touched: new Set(["rows[1].title"]), all: false };
    expect(runtime.read(invalid(), seen, false)).toEqual({
      valid: false,
      shown: { "rows[1].title": expect.any(Array) },
    });
    expect(Object.keys(runtime.read(invalid(), seen, true).shown).sort()).toEqual([
      "rows[0].title",
      "rows[1].title",
      "rows[2].title",
    ]);
    expect(seen.all).toBe(true);
    expect(runtime.read(form(threeRows()), seen, true)).toEqual({ valid: true, shown: {} });
    // After a Delete the messages and fields of later rows move up; the deleted row's are gone.
    expect(
      ["rows[0].title", "rows[1].title", "rows[2].details", "draft.title"].map((name) => runtime.shiftedName(name, 1)),
    ).toEqual(["rows[0].title", null, "rows[1].details", "draft.title"]);
  });
});
