import { mailOutbox } from "@server/mail/schema";
import { DEMO } from "@server/seed/demo";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getResult, startAssessment, STUDY, uploadProtocol, waitForEnd } from "../support/analysis";
import { dbKinds } from "../support/db";
import { simpleProtocolDocx, simpleProtocolPdf } from "../support/protocol-files";
import { startTestApi, type TestApi } from "../support/service";

const COMPLEXITY = "https://complexity.example/assess";
const startPath = `/api/studies/${STUDY}/ProtocolAnalysisTool/RiskAssessment/start`;

/** Issue 24: what a reviewer needs from the API: the tool's address for every role, named files and e-mails, repeats. */
for (const kind of dbKinds()) {
  describe(`protocol analysis, reach and repeats, on ${kind}`, () => {
    let api: TestApi;
    let manager: string;
    let monitor: string;
    beforeAll(async () => {
      api = await startTestApi(kind, { startWorkers: true, env: { PROTOCOL_COMPLEXITY_TOOL_URL: COMPLEXITY } });
      manager = await api.token(DEMO.users.manager.id);
      monitor = await api.token(DEMO.users.monitor.id);
    });
    afterAll(() => api.close());

    it("gives a monitor the complexity tool's address, though the request list is not theirs (defect 5)", async () => {
      const list = await api.call("POST", `/api/studies/${STUDY}/ProtocolAnalysisTool/requests/get`, {
        token: monitor,
      });
      expect(list.status).toBe(403);
      const settings = await api.call("GET", "/api/v2/settings", { token: monitor });
      expect(settings.status).toBe(200);
      expect(((await settings.json()) as { complexityToolUrl: string | null }).complexityToolUrl).toBe(COMPLEXITY);
    });

    it("keeps the name the user gave, and e-mails the result naming the study (defect 6)", async () => {
      const fileId = await uploadProtocol(api, manager, await simpleProtocolDocx(), "Novartis Draft.PDF");
      const res = await startAssessment(api, manager, fileId);
      expect(res.status).toBe(200);
      const { value } = (await res.json()) as { value: { id: string } };
      const result = await waitForEnd(api, manager, value.id);
      expect(result.state).toBe("Finished");
      expect(result.protocolFile?.name).toBe("Novartis Draft.PDF");
      const list = await api.call("POST", `/api/studies/${STUDY}/ProtocolAnalysisTool/requests/get`, {
        token: manager,
      });
      const items = ((await list.json()) as { items: { id: string; fileName: string }[] }).items;
      expect(items.find((i) => i.id === value.id)?.fileName).toBe("Novartis Draft.PDF");
      const mail = (await api.database.db.select().from(mailOutbox)).find((m) => m.textBody.includes(value.id));
      expect(mail?.subject).toContain(DEMO.studies.active.displayId);
      expect(mail?.textBody).toContain(`${DEMO.studies.active.displayId} ${DEMO.studies.active.displayName}`);
    });

    it("refuses a repeat of the same file for the study when asked to, naming the earlier request", async () => {
      const bytes = await simpleProtocolPdf();
      const name = `repeat-${kind}.pdf`;
      const first = (await (
        await startAssessment(api, manager, await uploadProtocol(api, manager, bytes, name))
      ).json()) as {
        value: { id: string };
      };
      const again = await uploadProtocol(api, manager, bytes, name);
      const asked = await api.call("POST", startPath, {
        token: manager,
        json: { protocolTemporaryFileId: again, askIfRepeated: true },
      });
      expect(asked.status).toBe(409);
      const problem = (await asked.json()) as { additionalData: { reason: string; requestId: string } };
      expect(problem.additionalData).toMatchObject({ reason: "repeat", requestId: first.value.id });
      // Another name, or other bytes, is no repeat.
      const renamed = await uploadProtocol(api, manager, bytes, `other-${name}`);
      const other = await api.call("POST", startPath, {
        token: manager,
        json: { protocolTemporaryFileId: renamed, askIfRepeated: true },
      });
      expect(other.status).toBe(200);
      const changed = Buffer.concat([Buffer.from(bytes), Buffer.from("\n% another revision\n")]);
      const edited = await uploadProtocol(api, manager, changed, name);
      const editedStart = await api.call("POST", startPath, {
        token: manager,
        json: { protocolTemporaryFileId: edited, askIfRepeated: true },
      });
      expect(editedStart.status).toBe(200);
      // Confirmed (the form's "Yes"), the same file starts: the API call of 001 §7 never asks.
      const confirmed = await startAssessment(api, manager, again);
      expect(confirmed.status).toBe(200);
      const { value } = (await confirmed.json()) as { value: { id: string } };
      expect((await getResult(api, manager, value.id)).id).toBe(value.id);
    });
  });
}
