import { fileRoutes } from "../files/http";

/** Every call of the Protocol Analysis Tool (issue 15): files, the risk assessment, the RACT import. */
export const protocolAnalysisRoutes = [...fileRoutes];
