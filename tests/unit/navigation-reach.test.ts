import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildNav, type NavContext } from "~/lib/navigation.server";

/**
 * Issue 24, the class of defect 1: every page of this product under a company or a study is reachable from the header
 * (which the study overview draws as its cards), or from a page that is, by a link the page itself offers. A new page
 * must be added to the menus or to REACHED_FROM here, with the page that links to it.
 */
const COMPANY = "6560de000000000000000001";
const ctx: NavContext = {
  companyId: COMPANY,
  study: { studyName: "S", internalStudyId: "6560de000000000000000101" },
  protocolAnalysisEnabled: true,
  helpUrl: null,
  kriWikiUrl: null,
  studyDesignerUrl: null,
  legacyBaseUrl: null,
};

/** Pages reached from another page (the key), not from the menus: where their link lives. */
const REACHED_FROM: Record<string, string> = {
  "riskAssessment/identification": "protocolAnalysisTool (STEP 3)",
  "riskAssessment/results": "protocolAnalysisTool (recent requests), the upload's alert, the e-mail",
  "riskAssessment/workingDraft": "riskAssessment/results (after Insert in RACT)",
  "riskAssessment/evidence": "riskAssessment/results (each row's citation)",
  "ctqf/identification": "protocolAnalysisTool (STEP 2, Generate CTQ), cpcd (Ask AI), ctqf/results (New request)",
  "ctqf/results": "protocolAnalysisTool (recent requests), the form's alert, the e-mail",
  "ctqf/evidence": "ctqf/results (each item's citation)",
};

const ROUTES = path.join("app", "routes", "ng+", "companies+", "$companyId+");

/** The page routes (components, no parameters of their own) under a folder, as paths relative to it. */
function pages(dir: string, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!entry.name.startsWith("$") && entry.name.endsWith("+"))
        found.push(...pages(path.join(dir, entry.name), `${prefix}${entry.name.slice(0, -1)}/`));
      continue;
    }
    if (!entry.name.endsWith(".tsx") || entry.name.includes("$") || entry.name === "_layout.tsx") continue;
    if (!/export default function/.test(fs.readFileSync(path.join(dir, entry.name), "utf8"))) continue;
    const name = entry.name.replace(/\.tsx$/, "").replace(/\./g, "/");
    found.push(name === "_index" ? prefix.replace(/\/$/, "") : `${prefix}${name}`);
  }
  return found;
}

function navHrefs(context: NavContext): string[] {
  const nav = buildNav(context, () => true);
  return [...nav.top.flatMap((e) => (e.kind === "link" ? [e] : e.items)), ...nav.settings]
    .map((i) => i.href)
    .filter((href): href is string => typeof href === "string");
}

describe("every page of this product can be reached (issue 24)", () => {
  it("each study page is in the study's menus (the overview's cards) or linked from one that is", () => {
    const study = `/ng/companies/${COMPANY}/studies/S`;
    const hrefs = navHrefs(ctx).map((href) => href.split("?")[0]);
    const studyPages = pages(path.join(ROUTES, "studies+", "$studyName+")).filter((p) => p !== "");
    expect(studyPages).toContain("protocolAnalysisTool");
    for (const page of studyPages) {
      const reached = hrefs.includes(`${study}/${page}`) || page in REACHED_FROM;
      expect(reached, `${page} is in no menu and linked from no page`).toBe(true);
    }
  });

  it("each company page is in the company's menus", () => {
    const hrefs = navHrefs({ ...ctx, study: null }).map((href) => href.split("?")[0]);
    const companyPages = pages(ROUTES).filter((p) => p !== "" && !p.startsWith("studies"));
    for (const page of companyPages) expect(hrefs, page).toContain(`/ng/companies/${COMPANY}/${page}`);
  });
});
