import { fileRoutes } from "../files/http";
import { ractRoutes } from "../ract/http";
import { riskAssessmentRoutes } from "./http";

/** Every call of the Protocol Analysis Tool (issue 15): files, the risk assessment, the RACT import. */
export const protocolAnalysisRoutes = [...fileRoutes, ...riskAssessmentRoutes, ...ractRoutes];
