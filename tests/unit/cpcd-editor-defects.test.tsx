// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RequestResponse } from "~/features/audit/components/AuditEntryPage";
import { criticalDataList, criticalDataListWith } from "~/features/cpcd/critical-data";
import { criticalProcessList, criticalProcessListWith } from "~/features/cpcd/critical-processes";
import { importFormSchema, MAX_IMPORT_BYTES } from "~/features/cpcd/import-form";
import { duplicateRows, ROW_ORIGIN, rowsModified } from "~/lib/forms/list";
import { formRefusalOf } from "~/lib/forms/refusal";
import { parseSubmission } from "~/lib/forms/schema";
import { jsonToYaml } from "~/lib/yaml";
import { cleanupAfterEach, renderWithRouter } from "../support/i18n-test";

cleanupAfterEach();

/** Issue 24, defects 8, 9, 13 and the rationale (ADR 0044): the CP&CD editor's rules, below its pages. */
function form(entries: [string, string | File][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** Rows as the list form posts them: each with its unique field and the value it was loaded with (none: added). */
const rowsOf = (field: string, rows: [string, string | null][], extra: [string, string][] = []) =>
  form([
    ...rows.flatMap(([value, origin], index): [string, string][] => [
      [`rows[${index}].${field}`, value],
      ...(origin === null ? [] : [[`rows[${index}].${ROW_ORIGIN}`, origin] as [string, string]]),
    ]),
    ...extra,
  ]);

describe("the duplicate message goes on the row the user changed (defect 9)", () => {
  it("processes: row 2 changed to ' RANDOMISATION ' beside an untouched 'Randomisation' further down", () => {
    const posted = rowsOf(
      "title",
      [
        ["Informed consent", "Informed consent"],
        [" RANDOMISATION ", "Drug accountability"],
        ["Randomisation", "Randomisation"],
      ],
      [["intent", "save"]],
    );
    const refused = parseSubmission(posted, { schema: criticalProcessList });
    expect(refused.reply().error).toEqual({ "rows[1].title": ["kit.list.duplicateTitle"] });
  });

  it("critical data labels: the same, on the label", () => {
    const posted = rowsOf(
      "label",
      [
        ["Date of informed consent", "Date of informed consent"],
        ["adverse events", "Randomisation date"],
        ["Adverse events", "Adverse events"],
      ],
      [["intent", "save"]],
    );
    const refused = parseSubmission(posted, { schema: criticalDataList });
    expect(refused.reply().error).toEqual({ "rows[1].label": ["kit.list.duplicateTitle"] });
  });

  it("keeps the first untouched row of a group; rows added or changed are the duplicates; none untouched: the later", () => {
    const row = (title: string, origin?: string) => ({
      title,
      ...(origin === undefined ? {} : { [ROW_ORIGIN]: origin }),
    });
    // An added row (no origin) above the loaded one it repeats.
    expect(duplicateRows([row("B"), row("a", "x"), row("A", "A")], "title")).toEqual([false, true, false]);
    // Two rows changed to the same value: the later one.
    expect(duplicateRows([row("c", "x"), row("C", "y")], "title")).toEqual([false, true]);
    // Rows without origins (the test page's list): the later one, as before.
    expect(duplicateRows([row("a"), row("B"), row("b"), row("A ")], "title")).toEqual([false, false, true, true]);
    // A loaded row whose value changed only in case is not untouched.
    expect(duplicateRows([row("D", "D"), row("d", "D")], "title")).toEqual([false, true]);
  });

  it("the origin field does not count as an edit", () => {
    expect(rowsModified([{ title: "A", [ROW_ORIGIN]: "A" }], [{ title: "A" }])).toBe(false);
    expect(rowsModified([{ title: "B", [ROW_ORIGIN]: "A" }], [{ title: "A" }])).toBe(true);
  });
});

describe("the rationale for a change on Save (ADR 0044)", () => {
  const save = (rationale: string | null, required: boolean) =>
    parseSubmission(
      rowsOf(
        "title",
        [["Consent", "Consent"]],
        [["intent", "save"], ...(rationale === null ? [] : [["rationaleForChange", rationale] as [string, string]])],
      ),
      { schema: criticalProcessListWith(required) },
    );

  it("is optional by default, trimmed, and rides with the rows", () => {
    const none = save(null, false);
    expect(none.status).toBe("success");
    const given = save("  Inspector's request ", false);
    expect(given.status === "success" && given.value.rationaleForChange).toBe("Inspector's request");
    if (given.status === "success") expect(given.value.rows).toEqual([{ title: "Consent", details: "" }]);
  });

  it("is required when the company says so, on Save only", () => {
    expect(save(null, true).reply().error).toEqual({ rationaleForChange: ["validation.required"] });
    expect(save("   ", true).reply().error).toEqual({ rationaleForChange: ["validation.required"] });
    expect(save("Agreed", true).status).toBe("success");
    // Opening the Add dialog or adding a row asks for no rationale.
    const add = parseSubmission(
      rowsOf(
        "label",
        [],
        [
          ["intent", "add"],
          ["draft.label", "New"],
        ],
      ),
      {
        schema: criticalDataListWith(true),
      },
    );
    expect(add.status).toBe("success");
  });
});

describe("a file over the limit is said before anything is posted, and on the server (defect 8)", () => {
  it("the import's schema refuses a file over MAX_IMPORT_BYTES with the size in KB", () => {
    const big = new File([new Uint8Array(MAX_IMPORT_BYTES + 1)], "big.csv", { type: "text/csv" });
    const refused = parseSubmission(
      form([
        ["file", big],
        ["rationaleForChange", "r"],
        ["intent", "import"],
      ]),
      {
        schema: importFormSchema,
      },
    );
    expect(refused.reply().error).toEqual({ file: [`cpcd.fileTooLarge|{"size":${MAX_IMPORT_BYTES / 1024}}`] });
    const fits = new File([new Uint8Array(MAX_IMPORT_BYTES)], "fits.csv", { type: "text/csv" });
    expect(
      parseSubmission(
        form([
          ["file", fits],
          ["rationaleForChange", "r"],
          ["intent", "import"],
        ]),
        {
          schema: importFormSchema,
        },
      ).status,
    ).toBe("success");
  });

  it("reads a refusal from an action's answer, and nothing else", () => {
    expect(formRefusalOf({ formRefused: { kind: "formTooLarge", message: "Too large", files: true } })).toEqual({
      kind: "formTooLarge",
      message: "Too large",
      files: true,
    });
    expect(formRefusalOf({ formRefused: { kind: "other", message: "x" } })).toBeNull();
    expect(formRefusalOf({ list: null })).toBeNull();
    expect(formRefusalOf(null)).toBeNull();
  });
});

describe("an absent body on the audit entry page (defect 13)", () => {
  it("says 'No data', as the shared YAML view does (000 §8), never 'None'", () => {
    renderWithRouter(<RequestResponse request={jsonToYaml(null)} response={jsonToYaml("")} />);
    expect(screen.getAllByText("No data").length).toBeGreaterThanOrEqual(1);
    expect(screen.queryByText("None")).toBeNull();
  });
});
