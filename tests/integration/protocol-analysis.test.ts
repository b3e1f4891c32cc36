import fs from "node:fs";
import path from "node:path";
import { files } from "@server/files/schema";
import { mailOutbox } from "@server/mail/schema";
import { protocolAnalysisRequests } from "@server/protocol-analysis/schema";
import { ractWorkingDraftItems } from "@server/ract/schema";
import { DEMO } from "@server/seed/demo";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import deven from "../../locales/deven.json";
import { getResult, startAssessment, STUDY, uploadProtocol, waitForEnd } from "../support/analysis";
import { dbKinds } from "../support/db";
import { scannedLikePdf, simpleProtocolDocx, simpleProtocolPdf } from "../support/protocol-files";
import { startTestApi, type TestApi } from "../support/service";

/** Issue 15: start → job → worker pool → results, e-mail; retries and failures; permissions; the RACT import. */
for (const kind of dbKinds()) {
  describe(`protocol analysis pipeline on ${kind}`, () => {
    let api: TestApi;
    let manager: string;
    beforeAll(async () => {
      api = await startTestApi(kind, {
        startWorkers: true,
        env: { ANALYSIS_RETRY_LIMIT: "1", ANALYSIS_RETRY_DELAY_SECONDS: "1" },
      });
      manager = await api.token(DEMO.users.manager.id);
    });
    afterAll(() => api.close());

    it("answers the start call at once, then finishes with cited rows, three files and an e-mail", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolPdf(), "ACE-221 protocol.pdf");
      const res = await startAssessment(api, manager, fileId);
      expect(res.status).toBe(200);
      const { value } = (await res.json()) as { value: { id: string; state: string } };
      expect(value.state).toBe("New");
      const result = await waitForEnd(api, manager, value.id);
      expect(result.state).toBe("Finished");
      expect(result.result.isSuccess).toBe(true);
      expect(result.value!.length).toBeGreaterThan(0);
      for (const row of result.value!) {
        expect(row.key).toBeTruthy();
        expect(row.citation?.quote.length).toBeGreaterThan(0);
      }
      expect(result.protocolFile?.name).toBe("ACE-221 protocol.pdf");
      for (const file of [result.protocolFile, result.parsedProtocolFile, result.historyFile]) {
        const download = await api.call("POST", `/api/files/get/${file!.id}`, { token: manager });
        expect(download.status).toBe(200);
        expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
      const history = await api.call("POST", `/api/files/get/${result.historyFile!.id}`, { token: manager });
      expect(JSON.parse(await history.text())).toHaveProperty("steps");
      const mails = await api.database.db.select().from(mailOutbox);
      const mail = mails.find((m) => m.textBody.includes(value.id));
      expect(mail?.toAddress).toBe(DEMO.users.manager.email);
      expect(mail?.textBody).toContain(
        `/ng/companies/${DEMO.company.id}/studies/${STUDY}/riskAssessment/results?id=${value.id}`,
      );
      // The landing page's list shows it.
      const list = await api.call("POST", `/api/studies/${STUDY}/ProtocolAnalysisTool/requests/get`, {
        token: manager,
      });
      const items = ((await list.json()) as { items: { id: string; requestedBy: string }[] }).items;
      expect(items.find((i) => i.id === value.id)?.requestedBy).toBe(DEMO.users.manager.displayName);
    });

    it("analyses a DOCX too", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolDocx(), "protocol.docx");
      const { value } = (await (await startAssessment(api, manager, fileId)).json()) as { value: { id: string } };
      const result = await waitForEnd(api, manager, value.id);
      expect(result.state).toBe("Finished");
    });

    it("ends a scanned PDF Failed with the limitation message, without retrying, and e-mails the reason", async () => {
      const fileId = await uploadProtocol(api, manager, await scannedLikePdf(), "scan.pdf");
      const { value } = (await (await startAssessment(api, manager, fileId)).json()) as { value: { id: string } };
      const result = await waitForEnd(api, manager, value.id);
      expect(result.state).toBe("Failed");
      expect(result.result.isSuccess).toBe(false);
      expect(result.result.error).toBe("The protocol could not be read.");
      expect(result.result.errorDetails).toMatch(/text|scan|OCR/i);
      expect(result.result.errorDetails).not.toMatch(/at .*\.(ts|js):\d+/);
      const [row] = await api.database.db
        .select()
        .from(protocolAnalysisRequests)
        .where(eq(protocolAnalysisRequests.id, value.id));
      expect(row!.attempts).toBe(1);
      const mails = await api.database.db.select().from(mailOutbox);
      expect(mails.find((m) => m.textBody.includes(value.id))?.textBody).toContain(
        "Reason: The protocol could not be read.",
      );
    });

    it("retries a failing job with backoff, then ends it Failed with a readable error and its e-mail", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolPdf(), "lost.pdf");
      // The stored bytes disappear: every attempt fails.
      const [file] = await api.database.db.select().from(files).where(eq(files.id, fileId));
      fs.rmSync(path.join(api.config.files.localDir, file!.storageKey.slice(0, 2), file!.storageKey));
      const { value } = (await (await startAssessment(api, manager, fileId)).json()) as { value: { id: string } };
      const result = await waitForEnd(api, manager, value.id);
      expect(result.state).toBe("Failed");
      expect(result.result.error).toBe("The analysis failed.");
      // Issue 22, defect 8: a readable reason, never the raw error with its server path.
      expect(result.result.errorDetails).toBe(deven.protocolAnalysis.errors.fileMissing);
      expect(JSON.stringify(result)).not.toContain(api.config.files.localDir);
      const [row] = await api.database.db
        .select()
        .from(protocolAnalysisRequests)
        .where(eq(protocolAnalysisRequests.id, value.id));
      expect(row!.attempts).toBe(2);
      const mails = await api.database.db.select().from(mailOutbox);
      expect(mails.find((m) => m.textBody.includes(value.id))?.subject).toContain("failed");
    });

    it("an analysis whose files cannot be written ends Failed with a readable reason, in the page and the e-mail", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolPdf(), "unwritable.pdf");
      const [file] = await api.database.db.select().from(files).where(eq(files.id, fileId));
      // Every other directory of the local storage is blocked by a file: the generated files cannot be written.
      const blocked: string[] = [];
      for (let i = 0; i < 256; i++) {
        const prefix = i.toString(16).padStart(2, "0");
        const at = path.join(api.config.files.localDir, prefix);
        if (prefix === file!.storageKey.slice(0, 2) || fs.existsSync(at)) continue;
        fs.writeFileSync(at, "");
        blocked.push(at);
      }
      try {
        const { value } = (await (await startAssessment(api, manager, fileId)).json()) as { value: { id: string } };
        const result = await waitForEnd(api, manager, value.id);
        expect(result.state).toBe("Failed");
        expect(result.result.error).toBe("The analysis failed.");
        expect(result.result.errorDetails).toBe(deven.protocolAnalysis.errors.storage);
        expect(JSON.stringify(result)).not.toContain(api.config.files.localDir);
        const mails = await api.database.db.select().from(mailOutbox);
        const mail = mails.find((m) => m.textBody.includes(value.id))!;
        expect(mail.textBody).toContain(deven.protocolAnalysis.errors.storage);
        expect(mail.textBody).not.toContain(api.config.files.localDir);
        expect(mail.textBody).not.toMatch(/EEXIST|EACCES|mkdir/);
      } finally {
        for (const at of blocked) fs.rmSync(at, { force: true });
      }
    });

    it("refuses what the caller may not do, and another company's or study's ids", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolPdf(), "p.pdf");
      const noAccess = await api.token(DEMO.users.noAccess.id);
      expect((await startAssessment(api, noAccess, fileId)).status).toBe(403);
      // Another user of the company cannot start with someone else's upload.
      const admin = await api.token(DEMO.users.admin.id);
      expect((await startAssessment(api, admin, fileId)).status).toBe(404);
      expect((await startAssessment(api, manager, "ffffffffffffffffffffffff")).status).toBe(404);
      const { value } = (await (await startAssessment(api, manager, fileId)).json()) as { value: { id: string } };
      // The monitor may read results (getResults), not start.
      const monitor = await api.token(DEMO.users.monitor.id);
      expect((await getResult(api, monitor, value.id)).id).toBe(value.id);
      expect((await startAssessment(api, monitor, fileId)).status).toBe(403);
      // The same id under another study is not found.
      const other = await api.call(
        "POST",
        `/api/studies/${DEMO.studies.second.name}/ProtocolAnalysisTool/RiskAssessment/${value.id}/getResults`,
        { token: manager },
      );
      expect(other.status).toBe(404);
      // Northwind (tool off) is refused.
      const northwind = await api.token(DEMO.users.sso.id);
      const nw = await api.call(
        "POST",
        `/api/studies/${DEMO.studies.northwind.name}/ProtocolAnalysisTool/RiskAssessment/${value.id}/getResults`,
        { token: northwind },
      );
      expect([403, 404]).toContain(nw.status);
      await waitForEnd(api, manager, value.id);
    });

    it("inserts rows into the RACT working draft, audited, and validates them", async () => {
      const path = `/api/companies/${DEMO.company.id}/studies/${STUDY}/legacyRact/import`;
      const row = {
        key: "1",
        category: "Safety",
        question: "Is the DSMB charter in place?",
        statementIf: "If the DSMB reviews late",
        statementDueTo: "due to an unclear charter",
        statementThen: "then safety signals may be missed",
        citation: { page: 2, printedPage: null, section: "5.1", sectionTitle: "Overall Design", quote: "DSMB" },
      };
      const bad = await api.call("POST", path, { token: manager, json: { items: [{ ...row, statementThen: " " }] } });
      expect(bad.status).toBe(400);
      expect((await api.call("POST", path, { token: manager, json: { items: [] } })).status).toBe(400);
      const monitor = await api.token(DEMO.users.monitor.id);
      expect((await api.call("POST", path, { token: monitor, json: { items: [row] } })).status).toBe(403);
      const ok = await api.call("POST", path, { token: manager, json: { items: [row, { ...row, key: "2" }] } });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ isSuccess: true, value: { inserted: 2 } });
      const stored = await api.database.db.select().from(ractWorkingDraftItems);
      expect(stored.length).toBe(2);
      const draft = await api.call(
        "POST",
        `/api/companies/${DEMO.company.id}/studies/${STUDY}/legacyRact/workingDraft/get`,
        { token: manager },
      );
      expect(((await draft.json()) as { items: unknown[] }).items.length).toBe(2);
    });

    it("records an insert of a request's rows on its result, as inserted (issue 24, defect 3)", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolPdf(), "insert-record.pdf");
      const { value } = (await (await startAssessment(api, manager, fileId)).json()) as { value: { id: string } };
      const finished = await waitForEnd(api, manager, value.id);
      expect(finished.inserted).toBeNull();
      const [first, ...rest] = finished.value!;
      const edited = { ...first!, question: "Edited before the insert?" };
      const items = [edited, ...rest.slice(1)];
      const path = `/api/companies/${DEMO.company.id}/studies/${STUDY}/legacyRact/import`;
      const ok = await api.call("POST", path, { token: manager, json: { requestId: value.id, items } });
      expect(ok.status).toBe(200);
      const after = await getResult(api, manager, value.id);
      expect(after.inserted?.count).toBe(items.length);
      expect(after.inserted?.rows.map((r) => r.key)).toEqual(items.map((r) => r.key));
      expect(after.inserted?.rows[0]).toMatchObject({
        question: "Edited before the insert?",
        citation: first!.citation,
      });
      expect(Date.parse(after.inserted!.at)).not.toBeNaN();
      // The AI's own rows are kept as they were.
      expect(after.value).toEqual(finished.value);
      // Another study's import naming this request marks nothing.
      const other = `/api/companies/${DEMO.company.id}/studies/${DEMO.studies.second.name}/legacyRact/import`;
      await api.call("POST", other, { token: manager, json: { requestId: value.id, items: [edited] } });
      expect((await getResult(api, manager, value.id)).inserted?.count).toBe(items.length);
    });
  });
}
