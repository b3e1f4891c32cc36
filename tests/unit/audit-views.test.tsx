// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AuditEntryPage, RequestResponse } from "~/features/audit/components/AuditEntryPage";
import { DataChanges } from "~/features/audit/components/AuditViews";
import { changesView } from "~/features/audit/yaml.server";
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
