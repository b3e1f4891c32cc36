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
});
