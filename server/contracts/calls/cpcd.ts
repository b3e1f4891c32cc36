import { emptyBodySchema } from "../common";
import {
  importDataSchema,
  importProcessesSchema,
  saveDataSchema,
  saveProcessesSchema,
  type CpcdList,
  type CpcdSaveResult,
  type CriticalDatumItem,
  type CriticalProcessItem,
} from "../cpcd";
import { answer, COMPANY_PATH, STUDY_PATH, defineCall } from "./define";

const COMPANY = COMPANY_PATH;
const STUDY = STUDY_PATH;

/** Critical Processes and Data (001 §7): the company's lists (get, save) and a study's (get, save, import). */
export const cpcdCalls = {
  company: {
    criticalProcesses: {
      get: defineCall({
        method: "POST",
        path: `${COMPANY}/criticalProcesses/get`,
        body: emptyBodySchema,
        answer: answer<CpcdList<CriticalProcessItem>>(),
      }),
      save: defineCall({
        method: "POST",
        path: `${COMPANY}/criticalProcesses/save`,
        body: saveProcessesSchema,
        answer: answer<CpcdSaveResult>(),
      }),
    },
    criticalData: {
      get: defineCall({
        method: "POST",
        path: `${COMPANY}/criticalData/get`,
        body: emptyBodySchema,
        answer: answer<CpcdList<CriticalDatumItem>>(),
      }),
      save: defineCall({
        method: "POST",
        path: `${COMPANY}/criticalData/save`,
        body: saveDataSchema,
        answer: answer<CpcdSaveResult>(),
      }),
    },
  },
  study: {
    criticalProcesses: {
      get: defineCall({
        method: "POST",
        path: `${STUDY}/criticalProcesses/get`,
        body: emptyBodySchema,
        answer: answer<CpcdList<CriticalProcessItem>>(),
      }),
      save: defineCall({
        method: "POST",
        path: `${STUDY}/criticalProcesses/save`,
        body: saveProcessesSchema,
        answer: answer<CpcdSaveResult>(),
      }),
      /** "Duplicate value found" (409, the duplicates in additionalData) unless `overwrite`. */
      import: defineCall({
        method: "POST",
        path: `${STUDY}/criticalProcesses/import`,
        body: importProcessesSchema,
        answer: answer<CpcdSaveResult>(),
      }),
    },
    criticalData: {
      get: defineCall({
        method: "POST",
        path: `${STUDY}/criticalData/get`,
        body: emptyBodySchema,
        answer: answer<CpcdList<CriticalDatumItem>>(),
      }),
      save: defineCall({
        method: "POST",
        path: `${STUDY}/criticalData/save`,
        body: saveDataSchema,
        answer: answer<CpcdSaveResult>(),
      }),
      import: defineCall({
        method: "POST",
        path: `${STUDY}/criticalData/import`,
        body: importDataSchema,
        answer: answer<CpcdSaveResult>(),
      }),
    },
  },
};
