/**
 * The CP&CD pages' views (ADR 0064): the company's and the study's editor, with the study's way into the AI. This
 * module is the pages' lazy chunk in the browser (./CpcdPages.tsx); the server renders it from ./CpcdViews.server.ts.
 */
import { CpcdEditor } from "~/features/cpcd/components/CpcdEditor";
import type { CpcdActionData, CpcdPageData } from "~/features/cpcd/page.server";
import { CpcdAiEntry } from "~/features/protocol-analysis/components/CtqEntry";
import type { Destination } from "~/lib/links";

export interface CpcdViewProps<Data extends CpcdPageData = CpcdPageData> {
  data: Data;
  actionData?: CpcdActionData | null;
}

/** The study page's data beside the lists: the study, and whether its company has the Protocol Analysis Tool on. */
export interface StudyCpcdData extends CpcdPageData {
  companyId: string;
  studyName: string;
  protocolAnalysisEnabled: boolean;
  ctq: Destination;
}

/** The company's Critical Processes and Data: the study editor with company wording. */
export function CompanyCpcdView({ data, actionData }: CpcdViewProps) {
  return <CpcdEditor level="company" data={data} actionData={actionData} />;
}

/** The study's Critical Processes and Data, with Ask AI and the way into the Protocol Analysis Tool (issue 24). */
export function StudyCpcdView({ data, actionData }: CpcdViewProps<StudyCpcdData>) {
  const aiEntry = (
    <CpcdAiEntry
      companyId={data.companyId}
      studyName={data.studyName}
      ctq={data.ctq}
      canAskAi={data.canAskAi}
      toolEnabled={data.protocolAnalysisEnabled}
    />
  );
  return <CpcdEditor level="study" data={data} actionData={actionData} aiEntry={aiEntry} />;
}
