// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CpcdAiEntry, CtqButton } from "~/features/protocol-analysis/components/CtqEntry";
import { ctqIdentification } from "~/features/protocol-analysis/ctq";
import { elapsedSeconds, formatElapsed, isRunning, progressStep } from "~/features/protocol-analysis/live";
import { cleanupAfterEach, renderWithRouter } from "../support/i18n-test";

cleanupAfterEach();
const COMPANY = "6560de000000000000000001";

describe("CTQ identification, not there yet (issue 24, defect 4)", () => {
  it("leads to its page now that it is registered (issue 25)", () => {
    expect(ctqIdentification(COMPANY, "S")).toEqual({
      href: `/ng/companies/${COMPANY}/studies/S/ctqf/identification`,
    });
  });

  it("shows Generate CTQ disabled with the reason in words", () => {
    renderWithRouter(<CtqButton to={{ unavailable: "notYet" }} allowed label="Generate CTQ" testId="ctq" />);
    const button = screen.getByTestId("ctq");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("href")).toBeNull();
    expect(screen.getByTestId("ctq-reason").textContent).toBe("Not available yet");
  });

  it("becomes a link once the page exists and the user may start it", () => {
    renderWithRouter(
      <CtqButton to={{ href: "/ng/x/ctqf/identification" }} allowed label="Generate CTQ" testId="ctq" />,
    );
    expect(screen.getByTestId("ctq").getAttribute("href")).toBe("/ng/x/ctqf/identification");
  });

  it("hides Ask AI and the way into the tool when the company has the tool off (001 §6)", () => {
    const props = { companyId: COMPANY, studyName: "S", ctq: { unavailable: "notYet" } as const, canAskAi: true };
    const off = renderWithRouter(<CpcdAiEntry {...props} toolEnabled={false} />);
    expect(off.container.querySelector('[data-testid="cpcd-ai"]')).toBeNull();
    off.unmount();
    renderWithRouter(<CpcdAiEntry {...props} toolEnabled />);
    expect(screen.getByTestId("cpcd-ask-ai")).toBeTruthy();
    expect(screen.getByTestId("cpcd-protocol-analysis").getAttribute("href")).toBe(
      `/ng/companies/${COMPANY}/studies/S/protocolAnalysisTool`,
    );
  });

  it("shows no Ask AI without the CTQ permission", () => {
    renderWithRouter(
      <CpcdAiEntry companyId={COMPANY} studyName="S" ctq={{ unavailable: "notYet" }} canAskAi={false} toolEnabled />,
    );
    expect(screen.queryByTestId("cpcd-ask-ai")).toBeNull();
  });
});

describe("live status (issue 24)", () => {
  it("runs while New or InProgress, in three plain steps", () => {
    expect(["New", "InProgress", "Finished", "Failed"].map((s) => isRunning(s as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(progressStep("New")).toBe("queued");
    expect(progressStep("InProgress")).toBe("reading");
    expect(progressStep("InProgress", "reading")).toBe("reading");
    expect(progressStep("InProgress", "analysing")).toBe("analysing");
    expect(progressStep("Finished")).toBe("done");
  });

  it("counts the elapsed time on the server's clock, never below zero", () => {
    expect(elapsedSeconds("2026-11-27T10:00:00.000Z", "2026-11-27T10:03:05.900Z")).toBe(185);
    expect(elapsedSeconds("2026-11-27T10:00:05.000Z", "2026-11-27T10:00:00.000Z")).toBe(0);
    expect(formatElapsed(42)).toEqual({ key: "seconds", values: { s: "42" } });
    expect(formatElapsed(185)).toEqual({ key: "minutes", values: { m: "3", s: "05" } });
    expect(formatElapsed(3720)).toEqual({ key: "hours", values: { h: "1", m: "02" } });
  });
});
