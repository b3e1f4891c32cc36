import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Issue 24, defect 8, the class: every form that can post a file says "too large" in place, with and without
 * scripts, and keeps what the user entered. The browser tests cover each such form (below, where); this test keeps
 * the list whole: a new file field in app/ without a row here fails, so its over-the-limit test is written with it.
 */
const COVERED: Record<string, string> = {
  // The kit's own FileField (the control itself).
  "app/components/forms/fields.tsx": "the control",
  "app/features/cpcd/components/CpcdImportDialogs.tsx":
    "tests/e2e/cpcd-editor-defects.spec.ts (defect 8: CP&CD import)",
  "app/features/gallery/components/WidgetGallery.tsx": "tests/e2e/cpcd-editor-defects.spec.ts (defect 8: sample form)",
  "app/features/protocol-analysis/components/ProtocolFileField.tsx":
    "tests/e2e/protocol-analysis.spec.ts (bad uploads are refused with their message) and " +
    "tests/e2e/ctq-form-limits.spec.ts (the CTQ form: too large, the lists kept)",
};

function sources(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("every form that posts a file is covered by an over-the-limit test", () => {
  it("finds each file field of app/ in the list", () => {
    const withFiles = sources("app")
      .filter((file) => /<FileField\b|type="file"/.test(readFileSync(file, "utf8")))
      .map((file) => file.split(path.sep).join("/"))
      .sort();
    expect(withFiles).toEqual(Object.keys(COVERED).sort());
  });
});
