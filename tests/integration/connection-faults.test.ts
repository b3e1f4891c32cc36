import { DEMO } from "@server/seed/demo";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPostgresBin, startCluster, type Cluster } from "../support/postgres-cluster";
import { simpleProtocolPdf } from "../support/protocol-files";
import { killProcess, startServiceProcess, tempDataDir, type ServiceProcess } from "../support/service-process";

/**
 * Issue 22, defect 1 and its class: PostgreSQL ends the service's connections (pg_terminate_backend, a fast stop)
 * while requests hold them, on every write path at once. The process lives on, the requests caught fail with 503
 * (never 500), and every path answers again afterwards. A real process: an unheard `error` event ends it.
 */
const bin = findPostgresBin();

const C = DEMO.company.id;
const CSV_HEADER =
  "displayId,type,countryId,country,siteId,site,subjectId,subject,title,category,subCategory,context,reasoning,source,severity,patientSafetyScore,dateOfOccurrence,dateOfDetection,designee,state,reviewStatus,dueDate";
const csvRow = (n: number) =>
  `FAULT-${n},Protocol Deviation,DE,Germany,DE-900,Test Site,900-001,Subject 900-001,Visit out of window,Visit Schedule,Out-of-window visit,ctx,why,Fault test,Major,40,2026-03-01,2026-03-05,${DEMO.users.monitor.email},Active,Reviewed,2026-04-01`;

describe.runIf(bin !== null)("PostgreSQL ends the connections under concurrent writes on every path", () => {
  let cluster: Cluster;
  let service: ServiceProcess | undefined;
  beforeAll(async () => {
    cluster = await startCluster(bin!);
  });
  afterAll(async () => {
    await killProcess(service);
    cluster?.stop();
  });

  it(
    "the process lives, the requests caught answer 503, and every path answers again",
    { timeout: 240_000 },
    async () => {
      service = await startServiceProcess({
        DATABASE_URL: cluster.url,
        DATABASE_POOL_MAX: "6",
        DATA_DIR: tempDataDir(),
        ANALYZER: "offline",
      });
      const s = service;
      const admin = await s.signIn(DEMO.users.admin.email);
      const manager = await s.signIn(DEMO.users.manager.email);
      const pdf = await simpleProtocolPdf();
      const statuses = new Map<string, number[]>();
      const note = (path: string, status: number) => statuses.set(path, [...(statuses.get(path) ?? []), status]);

      /** One write path, as a client does it: each call a step; returns whether every step answered 200. */
      const cpcdList = (prefix: string, kind: "criticalData" | "criticalProcesses") => async () => {
        const get = await s.call(`${prefix}/${kind}/get`, { token: admin });
        note(`${kind}/get`, get.status);
        if (get.status !== 200) return false;
        const { value, version } = (await get.json()) as { value: unknown[]; version: number };
        const save = await s.call(`${prefix}/${kind}/save`, { token: admin, json: { [kind]: value, version } });
        note(`${kind}/save`, save.status);
        await save.body?.cancel();
        return save.status === 200;
      };
      let imports = 0;
      const paths: Record<string, () => Promise<boolean>> = {
        studyData: cpcdList(`/api/companies/${C}/studies/${DEMO.studies.active.name}`, "criticalData"),
        studyProcesses: cpcdList(`/api/companies/${C}/studies/${DEMO.studies.second.name}`, "criticalProcesses"),
        companyData: cpcdList(`/api/companies/${C}`, "criticalData"),
        companyProcesses: cpcdList(`/api/companies/${C}`, "criticalProcesses"),
        cdqImport: async () => {
          const body = new FormData();
          body.set("file", new File([`${CSV_HEADER}\r\n${csvRow(imports++)}`], "issues.csv", { type: "text/csv" }));
          const res = await s.call(`/api/companies/${C}/studies/${DEMO.studies.second.name}/dataQualityIssues/import`, {
            token: admin,
            body,
          });
          note("cdq/import", res.status);
          await res.body?.cancel();
          return res.status === 200;
        },
        signIn: async () => {
          const form = new FormData();
          form.set("Email", DEMO.users.monitor.email);
          form.set("Password", "Rbqm-Demo-2026");
          const res = await s.call("/api/auth/login", { body: form });
          note("auth/login", res.status);
          await res.body?.cancel();
          return res.status === 200;
        },
        uploadAndAnalyse: async () => {
          const form = new FormData();
          form.set("File", new Blob([new Uint8Array(pdf)]), "fault.pdf");
          const upload = await s.call("/api/files", { token: manager, body: form });
          note("files", upload.status);
          if (upload.status !== 200) return false;
          const { value } = (await upload.json()) as { value: { fileId: string } };
          const start = await s.call(
            `/api/studies/${DEMO.studies.active.name}/ProtocolAnalysisTool/RiskAssessment/start`,
            {
              token: manager,
              json: { protocolTemporaryFileId: value.fileId },
            },
          );
          note("riskAssessment/start", start.status);
          await start.body?.cancel();
          return start.status === 200;
        },
      };
      // Every path works before the faults.
      for (const [name, step] of Object.entries(paths)) expect([name, await step()]).toEqual([name, true]);

      let running = true;
      const loops = Object.values(paths).map(async (step) => {
        while (running) await step().catch(() => note("transport", 0));
      });
      const dba = new pg.Client({ connectionString: cluster.url });
      await dba.connect();
      let terminated = 0;
      for (let round = 0; round < 3; round++) {
        await new Promise((r) => setTimeout(r, 400));
        const { rows } = await dba.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'rbqm'",
        );
        terminated += rows.filter((r) => r.ended).length;
      }
      await dba.end();
      // And a fast stop of the server under the same load (a restart, a failover).
      await new Promise((r) => setTimeout(r, 400));
      cluster.pause();
      await new Promise((r) => setTimeout(r, 300));
      cluster.resume();
      await new Promise((r) => setTimeout(r, 400));
      running = false;
      await Promise.all(loops);

      expect(terminated).toBeGreaterThan(0);
      expect(s.child.exitCode).toBeNull();
      expect(s.output()).not.toMatch(/Unhandled 'error' event/);
      // Caught requests fail as "briefly unavailable" (or a version conflict of two saves), never 500.
      const all = [...statuses.values()].flat();
      expect(all.filter((status) => ![200, 409, 503].includes(status))).toEqual([]);
      // Every path answers again.
      for (const [name, step] of Object.entries(paths)) {
        let ok = false;
        for (let i = 0; i < 100 && !ok; i++) {
          ok = await step().catch(() => false);
          if (!ok) await new Promise((r) => setTimeout(r, 200));
        }
        expect([name, ok]).toEqual([name, true]);
      }
      expect(s.child.exitCode).toBeNull();
    },
  );
});
