import { describe, expect, it } from "vitest";
import { csvResponse } from "~/features/cpcd/csv.server";
import { addLines, fileError, textErrors } from "~/features/ctq/form";
import { partsFromField, partsOf, scopeOf } from "~/features/ctq/insert";
import { ctqRowList } from "~/features/ctq/items";
import { insertItems } from "~/features/ctq/results.server";
import { parseSubmission } from "~/lib/forms/schema";

/** Issue 25: the CTQ pages' pure parts: the form's rules and intents, the results' rows, the CSV bytes (001 §9). */
describe("CTQ identification form", () => {
  it("001 §5: neither list → 'Add examples of CP&CD'; each list required; a .pdf or .docx file required", () => {
    expect(textErrors({ criticalProcesses: " ", criticalData: "" })).toEqual({
      form: "ctq.form.addExamplesMessage",
      criticalProcesses: "ctq.form.required",
      criticalData: "ctq.form.required",
    });
    expect(textErrors({ criticalProcesses: "Consent; who", criticalData: "" })).toEqual({
      criticalData: "ctq.form.required",
    });
    expect(textErrors({ criticalProcesses: "a", criticalData: "b" })).toEqual({});
    expect(fileError(null)).toBe("protocolAnalysis.identification.required");
    expect(fileError({ name: "p.pdf", size: 0 })).toBe("protocolAnalysis.identification.required");
    expect(fileError({ name: "p.txt", size: 3 })).toBe("protocolAnalysis.identification.typeNotAccepted");
    expect(fileError({ name: "P.DOCX", size: 3 })).toBeNull();
  });

  it("the Add buttons add the lines not yet there, after the user's own", () => {
    expect(addLines("", "A; x\nB; y")).toBe("A; x\nB; y");
    expect(addLines("Mine; 1\n", "a; X\nMine; 1\nC; z")).toBe("Mine; 1\na; X\nC; z");
    expect(addLines("A; x", "a; X")).toBe("A; x");
  });
});

/** The body as the browser saves it: every byte, the BOM too (Response.text() would drop it). */
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer()).toString("utf8");

describe("CTQ results", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [k, v] of entries) data.append(k, v);
    return data;
  };
  const rows: [string, string][] = [
    ["rows[0].id", "p1"],
    ["rows[0].list", "criticalProcesses"],
    ["rows[0].title", " Informed consent "],
    ["rows[0].details", '=HYPERLINK("x"); who may consent'],
    ["rows[1].id", "d1"],
    ["rows[1].list", "criticalData"],
    ["rows[1].title", "Primary endpoint"],
    ["rows[1].details", "Week 4"],
    ["rows[1].isCritical", "on"],
    ["rows[2].id", "d2"],
    ["rows[2].list", "criticalData"],
    ["rows[2].title", "Vitals"],
  ];

  it("the insert menu's scopes and the flow's carried parts", () => {
    expect(partsOf("all")).toEqual(["criticalProcesses", "criticalData"]);
    expect(partsOf("data")).toEqual(["criticalData"]);
    expect(scopeOf("processes")).toBe("processes");
    expect(scopeOf("x")).toBeNull();
    expect(partsFromField("criticalData,criticalProcesses,evil")).toEqual(["criticalProcesses", "criticalData"]);
  });

  it("rows as edited become the study's import items; a title is required", () => {
    const ok = parseSubmission(form([["intent", "insertSave"], ...rows]), { schema: ctqRowList });
    expect(ok.status).toBe("success");
    const items = insertItems((ok as unknown as { value: { rows: never[] } }).value.rows);
    expect(items.criticalProcesses).toEqual([
      { title: "Informed consent", details: '=HYPERLINK("x"); who may consent' },
    ]);
    expect(items.criticalData).toEqual([
      { label: "Primary endpoint", description: "Week 4", isCritical: true },
      { label: "Vitals", description: "", isCritical: false },
    ]);
    const blank = rows.map(([k, v]): [string, string] => (k === "rows[2].title" ? [k, "  "] : [k, v]));
    expect(parseSubmission(form([["intent", "insertSave"], ...blank]), { schema: ctqRowList }).status).toBe("error");
  });

  it("001 §9: the CSV bytes, semicolon, CRLF, formula cells escaped", async () => {
    const ok = parseSubmission(form(rows), { schema: ctqRowList });
    const items = insertItems((ok as unknown as { value: { rows: never[] } }).value.rows);
    const processes = csvResponse("criticalProcesses", items.criticalProcesses);
    expect(processes.headers.get("content-disposition")).toBe('attachment; filename="criticalProcesses.csv"');
    expect(await bytes(processes)).toBe(
      '\uFEFFtitle;details\r\nInformed consent;"\'=HYPERLINK(""x""); who may consent"\r\n',
    );
    const data = csvResponse("criticalData", items.criticalData);
    expect(await bytes(data)).toBe(
      "\uFEFFisCritical;label;description\r\ntrue;Primary endpoint;Week 4\r\nfalse;Vitals;\r\n",
    );
  });
});
