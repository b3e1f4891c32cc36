// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuditEntryPage, RequestResponse } from "~/features/audit/components/AuditEntryPage";
import { DataChanges, RowChanges } from "~/features/audit/components/AuditViews";
import { AUDIT_ROW_CHANGES, AUDIT_ROW_SIDE_CHARS, AUDIT_ROW_SIDE_LINES } from "~/features/audit/views";
import { changesSummary, changesView, cutYaml, listRow } from "~/features/audit/yaml.server";
import { jsonToYaml } from "~/lib/yaml";
import { cleanupAfterEach, renderWithRouter } from "../support/i18n-test";

cleanupAfterEach();

/** The entry page's texts (001 §2 "Audit entry page", §8). */
describe("audit entry views", () => {
  it("shows Old Value / New Value, Created, Deleted, and 'Malformed data:' for what is not JSON", () => {
    renderWithRouter(
      <DataChanges
        view={changesView([
          { before: '{"title":"a"}', after: '{"title":"b"}' },
          { before: null, after: '{"title":"new"}' },
          { before: '{"title":"gone"}', after: null },
          { before: "{not json", after: '{"x":1}' },
        ])}
      />,
    );
    expect(screen.getAllByRole("heading", { name: "Old Value" })).toHaveLength(2);
    expect(screen.getAllByRole("heading", { name: "New Value" })).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Created" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Deleted" })).toBeTruthy();
    expect(screen.getByText("title: gone")).toBeTruthy();
    expect(screen.getByText(/^Malformed data: /)).toBeTruthy();
  });

  it("says 'No data changes were made' and 'Malformed details:' for a body that is not JSON", () => {
    renderWithRouter(
      <>
        <DataChanges view={changesView([])} />
        <DataChanges view={changesView("not a list")} />
        <RequestResponse request={jsonToYaml('{"a":1}')} response={jsonToYaml("<html>")} />
      </>,
    );
    expect(screen.getByText("No data changes were made")).toBeTruthy();
    expect(screen.getByText("a: 1")).toBeTruthy();
    expect(screen.getByText(/^Malformed details: /)).toBeTruthy();
    expect(screen.getByText("Malformed data: the data changes are not a list")).toBeTruthy();
  });

  it("names each missing field, and says 'No audit entry found' when there is no entry", () => {
    const { unmount } = renderWithRouter(
      <AuditEntryPage
        entryId="e1"
        showContext
        listHref="/ng/x"
        entry={
          {
            id: "e1",
            dataChanges: [],
            changesView: changesView([]),
            timestampView: null,
            requesterView: null,
            requestView: jsonToYaml(null),
            responseView: jsonToYaml(null),
            rationale: null,
            request: { body: null },
            response: { body: null },
          } as never
        }
      />,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Audit Entry e1" })).toBeTruthy();
    for (const text of ["No timestamp", "No action listed", "Missing requester"])
      expect(screen.getByText(text)).toBeTruthy();
    unmount();
    renderWithRouter(<AuditEntryPage entryId="e2" showContext={false} listHref="/ng/x" entry={null} />);
    expect(screen.getByText("No audit entry found")).toBeTruthy();
  });
});

/** A list row carries a summary of its data changes, bounded whatever the entry holds (ADR 0041). */
describe("audit list rows", () => {
  const issue = (n: number) =>
    JSON.stringify({
      displayId: `PD1-${n}`,
      type: "Data Quality",
      title: "x".repeat(500),
      a: 1,
      b: 2,
      c: 3,
      d: 4,
      e: 5,
    });

  it("shows the first changes, each side cut to its first lines, and counts the rest", () => {
    const changes = Array.from({ length: 120 }, (_, n) => ({ before: null, after: issue(n) }));
    // As the API answers a bounded list: the first changes and the count.
    const view = changesSummary(changes.slice(0, AUDIT_ROW_CHANGES), 120);
    expect(view).toMatchObject({ kind: "list", more: 120 - AUDIT_ROW_CHANGES });
    if (view.kind !== "list") throw new Error("a list");
    expect(view.changes).toHaveLength(AUDIT_ROW_CHANGES);
    for (const { after } of view.changes) {
      expect(after).toMatchObject({ kind: "yaml", cut: true });
      const text = after!.kind === "yaml" ? after!.text : "";
      expect(text.length).toBeLessThanOrEqual(AUDIT_ROW_SIDE_CHARS + 2);
      expect(text.split("\n").length).toBeLessThanOrEqual(AUDIT_ROW_SIDE_LINES + 1);
      expect(text.endsWith("\n…")).toBe(true);
    }
    // A whole list (no count from the API) is bounded the same way.
    expect(changesSummary(changes)).toEqual(view);
    // A short side stays whole; data changes that are not a list are malformed, as on the entry page.
    expect(cutYaml({ kind: "yaml", text: "a: 1\nb: 2" })).toEqual({ kind: "yaml", text: "a: 1\nb: 2" });
    expect(changesSummary({ not: "a list" }, null)).toEqual(changesView({ not: "a list" }));
    expect(changesSummary([], 0)).toEqual({ kind: "list", changes: [], more: 0 });
  });

  it("carries the cells' texts only, not the raw entry", () => {
    const row = listRow({
      id: "e1",
      timestamp: "2026-11-26T08:19:12.123456Z",
      entryPoint: { displayText: "Import", httpMethod: "POST", apiPath: "/api/secret/path" },
      contextOfChange: { id: "s1", type: "Study", extraInfo: { displayId: "DEMO-001" } },
      requester: { type: "system" },
      dataChanges: [{ before: null, after: issue(1) }],
      dataChangesCount: 1,
      rationale: "because",
    });
    expect(Object.keys(row).sort()).toEqual(
      ["action", "changesView", "context", "id", "rationale", "requesterView", "timestampView"].sort(),
    );
    expect(row).toMatchObject({ action: "Import", context: { type: "Study", id: "DEMO-001" }, rationale: "because" });
    expect(JSON.stringify(row)).not.toContain("/api/secret/path");
  });

  it("says how many changes are not shown and links the entry, which shows them all", () => {
    const changes = Array.from({ length: 5 }, (_, n) => ({ before: null, after: issue(n) }));
    renderWithRouter(
      <RowChanges
        entry={{
          ...listRow({
            id: "e9",
            timestamp: "",
            entryPoint: null as never,
            contextOfChange: null,
            requester: null as never,
            dataChanges: changes,
            rationale: null,
          }),
        }}
        href="/ng/entry/e9"
      />,
    );
    expect(screen.getByText(`Changes not shown here: ${5 - AUDIT_ROW_CHANGES}.`)).toBeTruthy();
    const link = screen.getByRole("link", { name: "View all data changes of audit entry e9", hidden: true });
    expect(link.getAttribute("href")).toBe("/ng/entry/e9");
  });

  it("links no entry when the whole change is shown", () => {
    renderWithRouter(
      <RowChanges
        entry={listRow({
          id: "e8",
          timestamp: "",
          entryPoint: null as never,
          contextOfChange: null,
          requester: null as never,
          dataChanges: [{ before: '{"a":1}', after: '{"a":2}' }],
          rationale: null,
        })}
        href="/ng/entry/e8"
      />,
    );
    expect(screen.queryByRole("link", { hidden: true })).toBeNull();
    expect(screen.queryByText(/Changes not shown here/)).toBeNull();
  });
});
