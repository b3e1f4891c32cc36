import { fileRoutes } from "../files/http";
import { ractRoutes } from "../ract/http";
import { ctqIdentificationRoutes, riskAssessmentRoutes } from "./http";

/** Every call of the Protocol Analysis Tool (issues 15, 25): files, the risk assessment, the CTQ identification, the RACT import. */
export const protocolAnalysisRoutes = [
  ...fileRoutes,
  ...riskAssessmentRoutes,
  ...ctqIdentificationRoutes,
  ...ractRoutes,
];
