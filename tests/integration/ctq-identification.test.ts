import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { CtqCompanyLists, CtqResult } from "@server/contracts/protocol-analysis";
import { files } from "@server/files/schema";
import { mailOutbox } from "@server/mail/schema";
import { protocolAnalysisRequests } from "@server/protocol-analysis/schema";
import { DEMO } from "@server/seed/demo";
import { DEMO_COMPANY_DATA, DEMO_COMPANY_PROCESSES } from "@server/seed/demo-cpcd";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import deven from "../../locales/deven.json";
import { startAssessment, STUDY, uploadProtocol, waitForEnd as waitForRiskEnd } from "../support/analysis";
import { dbKinds } from "../support/db";
import { startTestOpenAi, type TestOpenAi } from "../support/openai-peer";
import { simpleProtocolDocx, simpleProtocolPdf } from "../support/protocol-files";
import { startTestApi, type TestApi } from "../support/service";
import { startTestSmtp, type TestSmtp } from "../support/smtp";

const CTQ = `/api/studies/${STUDY}/ProtocolAnalysisTool/CriticalToQualityFactorsIdentification`;
const PROCESSES = "Informed consent; Consent before any study procedure\nRandomisation; Through the IRT\n\n";
const DATA = "Primary efficacy measurement; The primary endpoint's value\nSerious adverse events";

function startCtq(api: TestApi, token: string, fileId: string, extra: Record<string, unknown> = {}) {
  return api.call("POST", `${CTQ}/start`, {
    token,
    json: { protocolTemporaryFileId: fileId, criticalProcesses: PROCESSES, criticalData: DATA, ...extra },
  });
}

async function startedId(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  const { value } = (await response.json()) as { value: { id: string; state: string } };
  expect(value.state).toBe("New");
  return value.id;
}

function ctqResult(api: TestApi, token: string, id: string, study: string = STUDY) {
  return api.call(
    "POST",
    `/api/studies/${study}/ProtocolAnalysisTool/CriticalToQualityFactorsIdentification/${id}/getResults`,
    { token },
  );
}

async function waitForEnd(api: TestApi, token: string, id: string, timeoutMs = 60_000): Promise<CtqResult> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await ctqResult(api, token, id);
    if (res.status !== 200) throw new Error(`getResults: ${res.status} ${await res.text()}`);
    const result = (await res.json()) as CtqResult;
    if (result.state === "Finished" || result.state === "Failed") return result;
    if (Date.now() > until) throw new Error(`request ${id} still ${result.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** ANALYSIS_HOLD_URL (ADR 0043): holds a running request whose file name starts with "hold-" until released. */
async function startHoldGate(): Promise<{ url: string; held: string[]; release(): void; close(): Promise<void> }> {
  const held: string[] = [];
  const waiting: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { requestId: string; fileName: string };
      if (!body.fileName.startsWith("hold-")) return void res.end("{}");
      held.push(body.requestId);
      waiting.push(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const release = () => waiting.splice(0).forEach((res) => res.end("{}"));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hold`,
    held,
    release,
    close: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The quoted-printable of a raw message undone, enough to read its links. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

/** Issue 25: the CTQ identification's calls and job (001 §3 CTQF, 001 §5, 001 §7), on the risk assessment's pipeline. */
for (const kind of dbKinds()) {
  describe(`CTQ identification on ${kind}`, () => {
    let api: TestApi;
    let smtp: TestSmtp;
    let gate: Awaited<ReturnType<typeof startHoldGate>>;
    let manager: string;
    let monitor: string;
    beforeAll(async () => {
      smtp = await startTestSmtp();
      gate = await startHoldGate();
      api = await startTestApi(kind, {
        startWorkers: true,
        env: {
          ANALYSIS_RETRY_LIMIT: "1",
          ANALYSIS_RETRY_DELAY_SECONDS: "1",
          SMTP_URL: smtp.url,
          ANALYSIS_HOLD_URL: gate.url,
        },
      });
      manager = await api.token(DEMO.users.manager.id);
      monitor = await api.token(DEMO.users.monitor.id);
    });
    afterAll(async () => {
      await api.close();
      await gate.close();
      await smtp.close();
    });

    it("starts, runs the job and answers the CTQF result: both lists, their history files, the e-mail", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolPdf(), "hold-ACE-221 protocol.pdf");
      const id = await startedId(await startCtq(api, manager, fileId));
      // The lists the user sent are the job's input, parsed by the 001 §3 text format.
      const [row] = await api.database.db
        .select()
        .from(protocolAnalysisRequests)
        .where(eq(protocolAnalysisRequests.id, id));
      expect(row!.kind).toBe("ctqIdentification");
      expect(row!.ctqInput).toEqual({
        criticalProcesses: [
          { title: "Informed consent", details: "Consent before any study procedure" },
          { title: "Randomisation", details: "Through the IRT" },
        ],
        criticalData: [
          { title: "Primary efficacy measurement", details: "The primary endpoint's value" },
          { title: "Serious adverse events", details: "" },
        ],
      });
      // Held before it reads its file: in progress, no lists yet.
      const until = Date.now() + 30_000;
      while (!gate.held.includes(id) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const running = (await (await ctqResult(api, manager, id)).json()) as CtqResult;
      expect(running).toMatchObject({ id, state: "InProgress", inProgress: true, error: null, finishedAt: null });
      expect(running.criticalProcessesResult.result.value).toBeNull();
      expect(running.criticalDataResult.historyFile).toBeNull();
      gate.release();

      const result = await waitForEnd(api, manager, id);
      expect(result).toMatchObject({ state: "Finished", inProgress: false, error: null, stage: null });
      expect(result.result).toEqual({ isSuccess: true, error: null, errorDetails: null });
      expect(result.protocolFile?.name).toBe("hold-ACE-221 protocol.pdf");
      expect(result.parsedProtocolFile?.name).toBe("hold-ACE-221 protocol - recognized protocol.txt");
      expect(result.criticalProcessesResult.historyFile?.name).toBe(
        "hold-ACE-221 protocol - critical processes history.json",
      );
      expect(result.criticalDataResult.historyFile?.name).toBe("hold-ACE-221 protocol - critical data history.json");
      const processes = result.criticalProcessesResult.result.value!;
      const data = result.criticalDataResult.result.value!;
      expect(Array.isArray(processes) && Array.isArray(data)).toBe(true);
      expect(result.criticalProcessesResult.result.isSuccess).toBe(true);
      processes.forEach((item, i) => {
        expect(item).toMatchObject({ id: `p${i + 1}`, source: "aiGenerated" });
        expect(item.citation?.quote.length).toBeGreaterThan(0);
      });
      data.forEach((item, i) => {
        expect(item).toMatchObject({ id: `d${i + 1}`, source: "aiGenerated" });
        expect(typeof item.isCritical).toBe("boolean");
        expect(item.citation?.quote.length).toBeGreaterThan(0);
      });
      for (const file of [
        result.protocolFile,
        result.parsedProtocolFile,
        result.criticalProcessesResult.historyFile,
        result.criticalDataResult.historyFile,
      ]) {
        const download = await api.call("POST", `/api/files/get/${file!.id}`, { token: manager });
        expect(download.status).toBe(200);
        expect((await download.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
      const history = await api.call("POST", `/api/files/get/${result.criticalDataResult.historyFile!.id}`, {
        token: manager,
      });
      expect(JSON.parse(await history.text())).toHaveProperty("steps");

      // The e-mail, through the real SMTP peer: the CTQ results page of the study, and the study's name.
      const link = `/ng/companies/${DEMO.company.id}/studies/${STUDY}/ctqf/results?id=${id}`;
      const outbox = (await api.database.db.select().from(mailOutbox)).find((m) => m.textBody.includes(id));
      expect(outbox?.textBody).toContain(link);
      expect(outbox?.subject).toContain(DEMO.studies.active.displayId);
      const until2 = Date.now() + 20_000;
      while (!smtp.received.some((m) => plain(m.raw).includes(link)) && Date.now() < until2)
        await new Promise((r) => setTimeout(r, 50));
      const mail = smtp.received.find((m) => plain(m.raw).includes(link));
      expect(mail?.to).toEqual([DEMO.users.manager.email]);
      expect(plain(mail!.raw)).toContain(`${DEMO.studies.active.displayId} ${DEMO.studies.active.displayName}`);

      // The landing page's list names the kind of each request.
      const list = await api.call("POST", `/api/studies/${STUDY}/ProtocolAnalysisTool/requests/get`, {
        token: manager,
      });
      const items = ((await list.json()) as { items: { id: string; kind: string }[] }).items;
      expect(items.find((i) => i.id === id)?.kind).toBe("ctqIdentification");

      // The monitor reads the result, not the manager's only.
      expect((await ctqResult(api, monitor, id)).status).toBe(200);
    });

    it("refuses texts without an item (001 §5) and a file that is not a protocol", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolDocx(), "validation.docx");
      for (const extra of [{ criticalProcesses: ";only details\n  \n" }, { criticalData: " ; " }]) {
        const res = await startCtq(api, manager, fileId, extra);
        expect(res.status).toBe(400);
        const problem = (await res.json()) as { detail: string; additionalData: { issues: { message: string }[] } };
        expect(problem.detail).toBe("Add examples of CP&CD");
        expect(problem.additionalData.issues.map((i) => i.message)).toEqual(["Add examples of CP&CD"]);
      }
      const empty = await startCtq(api, manager, fileId, { criticalData: "" });
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain("Add examples of CP&CD");
      // A stored file that is not a PDF or DOCX is refused by the start as by the risk assessment's.
      await api.database.db.update(files).set({ contentType: "text/plain" }).where(eq(files.id, fileId));
      const wrongType = await startCtq(api, manager, fileId);
      expect(wrongType.status).toBe(400);
      expect(await wrongType.text()).toContain("Only a native PDF (.pdf) or Word (.docx) file is accepted.");
      expect(
        await api.database.db
          .select()
          .from(protocolAnalysisRequests)
          .where(eq(protocolAnalysisRequests.protocolFileId, fileId)),
      ).toEqual([]);
    });

    it("checks permissions, and keeps CTQ and risk assessment ids, studies and companies apart", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolPdf(), "perm.pdf");
      const noAccess = await api.token(DEMO.users.noAccess.id);
      expect((await startCtq(api, noAccess, fileId)).status).toBe(403);
      expect((await startCtq(api, monitor, fileId)).status).toBe(403);
      // Another user of the company cannot start with someone else's upload; an unknown file is not found.
      const admin = await api.token(DEMO.users.admin.id);
      expect((await startCtq(api, admin, fileId)).status).toBe(404);
      expect((await startCtq(api, manager, "ffffffffffffffffffffffff")).status).toBe(404);
      const id = await startedId(await startCtq(api, manager, fileId));
      await waitForEnd(api, manager, id);
      expect((await ctqResult(api, noAccess, id)).status).toBe(403);
      // The same id under another study of the company is not found.
      expect((await ctqResult(api, manager, id, DEMO.studies.second.name)).status).toBe(404);
      // A CTQ id is no risk assessment, and a risk assessment id no CTQ identification.
      const riskPath = `/api/studies/${STUDY}/ProtocolAnalysisTool/RiskAssessment/${id}/getResults`;
      expect((await api.call("POST", riskPath, { token: manager })).status).toBe(404);
      const riskFile = await uploadProtocol(api, manager, await simpleProtocolPdf(), "risk.pdf");
      const risk = (await (await startAssessment(api, manager, riskFile)).json()) as { value: { id: string } };
      expect((await ctqResult(api, manager, risk.value.id)).status).toBe(404);
      await waitForRiskEnd(api, manager, risk.value.id);
      // Northwind's user (another company, the tool off) reaches nothing of Demo Pharma's.
      const northwind = await api.token(DEMO.users.sso.id);
      expect([403, 404]).toContain((await ctqResult(api, northwind, id)).status);
      expect([403, 404]).toContain((await ctqResult(api, northwind, id, DEMO.studies.northwind.name)).status);
      expect([403, 404]).toContain((await startCtq(api, northwind, fileId)).status);
    });

    it("another company's request is not found, even by its id", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolPdf(), "isolation.pdf");
      const id = await startedId(await startCtq(api, manager, fileId));
      await waitForEnd(api, manager, id);
      // The request moved to Northwind (and the tool switched on there): Demo Pharma no longer finds it.
      await api.database.db
        .update(protocolAnalysisRequests)
        .set({ companyId: DEMO.ssoCompany.id })
        .where(eq(protocolAnalysisRequests.id, id));
      expect((await ctqResult(api, manager, id)).status).toBe(404);
      const admin = await api.token(DEMO.users.admin.id);
      expect((await ctqResult(api, admin, id)).status).toBe(404);
    });

    it("asks before a repeat of the same file for the study, apart from a risk assessment of it", async () => {
      const bytes = await simpleProtocolPdf();
      const name = `ctq-repeat-${kind}.pdf`;
      // A risk assessment of the file is no repeat of a CTQ identification.
      const risk = await startAssessment(api, manager, await uploadProtocol(api, manager, bytes, name));
      expect(risk.status).toBe(200);
      const firstFile = await uploadProtocol(api, manager, bytes, name);
      const first = await startedId(await startCtq(api, manager, firstFile, { askIfRepeated: true }));
      const again = await startCtq(api, manager, await uploadProtocol(api, manager, bytes, name), {
        askIfRepeated: true,
      });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ additionalData: { reason: "repeat", requestId: first } });
      // Confirmed (askIfRepeated off), it starts.
      await startedId(await startCtq(api, manager, await uploadProtocol(api, manager, bytes, name)));
    });

    it("gives the study manager the company lists of the form, title and details (ADR 0047)", async () => {
      const res = await api.call("POST", `${CTQ}/companyLists/get`, { token: manager });
      expect(res.status).toBe(200);
      expect((await res.json()) as CtqCompanyLists).toEqual({
        criticalProcesses: DEMO_COMPANY_PROCESSES.map((p) => ({ title: p.title, details: p.details })),
        criticalData: DEMO_COMPANY_DATA.map((d) => ({ title: d.label, details: d.description })),
      });
      // The study manager may not read the company's lists themselves, and a monitor (who cannot start) not these.
      const company = `/api/companies/${DEMO.company.id}/criticalProcesses/get`;
      expect((await api.call("POST", company, { token: manager })).status).toBe(403);
      expect((await api.call("POST", `${CTQ}/companyLists/get`, { token: monitor })).status).toBe(403);
      // Another company's user reads none of Demo Pharma's.
      const northwind = await api.token(DEMO.users.sso.id);
      const nw = await api.call(
        "POST",
        `/api/studies/${DEMO.studies.northwind.name}/ProtocolAnalysisTool/CriticalToQualityFactorsIdentification/companyLists/get`,
        { token: northwind },
      );
      expect([403, 404]).toContain(nw.status);
    });

    it("the study manager may insert into the study; the monitor may not", async () => {
      const check = async (token: string, url: string) => {
        const res = await api.call("POST", "/api/auth/permissions/check", { token, json: { permissions: [{ url }] } });
        return ((await res.json()) as { permissionCheckResults: { result: string }[] }).permissionCheckResults[0]!
          .result;
      };
      const study = `api/companies/${DEMO.company.id}/studies/${STUDY}`;
      const pat = `api/studies/${STUDY}/ProtocolAnalysisTool/CriticalToQualityFactorsIdentification`;
      for (const url of [`${study}/criticalProcesses/import`, `${study}/criticalData/import`, `${pat}/start`]) {
        expect(await check(manager, url)).toBe("Allow");
        expect(await check(monitor, url)).toBe("Deny");
      }
      expect(await check(monitor, `${pat}/x1/getResults`)).toBe("Allow");
    });
  });

  describe(`CTQ identification with a failing analyzer on ${kind}`, () => {
    let api: TestApi;
    let llm: TestOpenAi;
    beforeAll(async () => {
      llm = await startTestOpenAi(() => ({ status: 400, body: '{"error":{"message":"The model refuses."}}' }));
      api = await startTestApi(kind, {
        startWorkers: true,
        env: {
          ANALYSIS_RETRY_LIMIT: "1",
          ANALYSIS_RETRY_DELAY_SECONDS: "1",
          ANALYZER: "openai",
          LLM_BASE_URL: llm.baseUrl,
          LLM_MODEL: "fake",
        },
      });
    });
    afterAll(async () => {
      await api.close();
      await llm.close();
    });

    it("ends Failed with the root error, no lists, and e-mails the reason", async () => {
      const manager = await api.token(DEMO.users.manager.id);
      const fileId = await uploadProtocol(api, manager, await simpleProtocolPdf(), "fails.pdf");
      const id = await startedId(await startCtq(api, manager, fileId));
      const result = await waitForEnd(api, manager, id);
      expect(result).toMatchObject({ state: "Failed", inProgress: false });
      expect(result.error?.error).toBe(deven.protocolAnalysis.errors.failed);
      expect(result.error?.errorDetails?.length).toBeGreaterThan(0);
      expect(result.result).toEqual({ isSuccess: false, ...result.error });
      expect(result.criticalProcessesResult.result.value).toBeNull();
      expect(result.criticalDataResult.result.value).toBeNull();
      const mail = (await api.database.db.select().from(mailOutbox)).find((m) => m.textBody.includes(id));
      expect(mail?.subject).toContain("failed");
      expect(mail?.textBody).toContain(`/ctqf/results?id=${id}`);
    });
  });
}
