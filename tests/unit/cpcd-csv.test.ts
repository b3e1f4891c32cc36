import { describe, expect, it } from "vitest";
import { decodeText, listToCsv, parseImport, unescapeCell } from "~/features/cpcd/csv.server";
import { normaliseTab } from "~/features/cpcd/tabs";

describe("CP&CD CSV (issue 12; 001 §3 text format, 001 §9)", () => {
  it("exports with a semicolon separator, CRLF line ends and the spec's columns", () => {
    expect(listToCsv("criticalProcesses", [{ title: "Consent", details: "ICF; signed" }])).toBe(
      'title;details\r\nConsent;"ICF; signed"\r\n',
    );
    expect(
      listToCsv("criticalData", [
        { label: "AE", description: "", isCritical: true },
        { label: "Vitals", description: 'say "hi"', isCritical: false },
      ]),
    ).toBe('isCritical;label;description\r\ntrue;AE;\r\nfalse;Vitals;"say ""hi"""\r\n');
  });

  it("escapes every cell a spreadsheet would run as a formula, and an import takes the escape off again", () => {
    for (const value of ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "\nx"]) {
      const csv = listToCsv("criticalProcesses", [{ title: value, details: "" }]);
      expect(csv.split("\r\n")[1]).toBe(`"'${value.replaceAll('"', '""')}";`);
      if (!/\s/.test(value))
        expect(parseImport("criticalProcesses", csv)).toEqual({ ok: true, items: [{ title: value, details: "" }] });
    }
    expect(listToCsv("criticalProcesses", [{ title: "Consent", details: "" }])).toBe("title;details\r\nConsent;\r\n");
    expect(unescapeCell("'quoted")).toBe("'quoted");
    const csv = listToCsv("criticalProcesses", [{ title: '=HYPERLINK("x")', details: "-5" }]);
    expect(csv).toContain(`"'=HYPERLINK(""x"")";"'-5"`);
    expect(parseImport("criticalProcesses", csv)).toEqual({
      ok: true,
      items: [{ title: '=HYPERLINK("x")', details: "-5" }],
    });
  });

  it("quotes a line break inside a cell, so a spreadsheet keeps the record whole, and it imports back", () => {
    const csv = listToCsv("criticalProcesses", [{ title: "Consent", details: "first line\nsecond line" }]);
    expect(csv).toBe('title;details\r\nConsent;"first line\nsecond line"\r\n');
    expect(parseImport("criticalProcesses", csv)).toEqual({
      ok: true,
      items: [{ title: "Consent", details: "first line\nsecond line" }],
    });
  });

  it("reads pasted lines (title;details) and exported files, whatever the line ends and a BOM", () => {
    expect(parseImport("criticalProcesses", "A;first\r\n\r\n B ; second; with semicolon \nC")).toEqual({
      ok: true,
      items: [
        { title: "A", details: "first" },
        { title: "B", details: "second; with semicolon" },
        { title: "C", details: "" },
      ],
    });
    expect(parseImport("criticalData", "\uFEFFisCritical;label;description\r\ntrue;AE;x\r\nfalse;Vitals;\r\n")).toEqual(
      {
        ok: true,
        items: [
          { label: "AE", description: "x", isCritical: true },
          { label: "Vitals", description: "", isCritical: false },
        ],
      },
    );
    expect(parseImport("criticalData", "Death;date and cause\nyes;SAE;serious")).toEqual({
      ok: true,
      items: [
        { label: "Death", description: "date and cause", isCritical: false },
        { label: "SAE", description: "serious", isCritical: true },
      ],
    });
  });

  it("names each bad line: no title, too long, repeated regardless of case; nothing at all", () => {
    const parsed = parseImport("criticalProcesses", `;no title\nA;x\n a ;y\n${"t".repeat(201)};z`);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems).toEqual([
      { key: "cpcd.lineTitleRequired", values: { line: 1 } },
      { key: "cpcd.lineRepeatedTitle", values: { line: 3, first: 2 } },
      { key: "cpcd.lineTitleTooLong", values: { line: 4, count: 200 } },
    ]);
    expect(parseImport("criticalProcesses", "title;details\r\n")).toEqual({
      ok: false,
      problems: [{ key: "cpcd.nothingToImport" }],
    });
  });

  it("takes an upload as text only by its content: UTF-8, no NUL bytes", () => {
    expect(decodeText(new TextEncoder().encode("title;details\nA;b"))).toBe("title;details\nA;b");
    expect(decodeText(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toBeNull();
    expect(decodeText(new Uint8Array([0x41, 0xff, 0xfe, 0x41]))).toBeNull();
  });

  it("normalises the tab: cd in any case is cd, anything else cp (001 §2, §9)", () => {
    expect([null, "", "cp", "CD", " cd ", "x", "cpcd"].map(normaliseTab)).toEqual([
      "cp",
      "cp",
      "cp",
      "cd",
      "cd",
      "cp",
      "cp",
    ]);
  });
});
