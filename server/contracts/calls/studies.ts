import { studyListRequestSchema, type StudyBasicInfo, type StudyList } from "../studies";
import { answer, defineCall } from "./define";

export const studyCalls = {
  list: defineCall({
    method: "POST",
    path: "/companies/:companyId/studies/get",
    body: studyListRequestSchema,
    answer: answer<StudyList>(),
  }),
  get: defineCall({
    method: "POST",
    path: "/companies/:companyId/studies/:studyName/get",
    answer: answer<StudyBasicInfo>(),
  }),
};
