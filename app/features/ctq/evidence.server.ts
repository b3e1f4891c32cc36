/**
 * …/ctqf/evidence?id=&item=: a CTQ item's citation in the recognised protocol, its quote marked (issue 25, ADR 0049).
 * The risk rows' evidence page (issue 24) given a CTQ item: the same loader and page, the CTQ result's permission.
 */
import type { CtqResult } from "@server/contracts/protocol-analysis";
import { ctqItemsOf } from "~/features/ctq/items";
import { ctqAddresses } from "~/features/ctq/results.server";
import type { EvidenceSource } from "~/features/protocol-analysis/evidence.server";

export const ctqEvidence: EvidenceSource<CtqResult> = {
  param: "item",
  addresses: ctqAddresses,
  read: (api, studyName, id) => api.ctq.result(studyName, id),
  subject: (result, key) => {
    const found = ctqItemsOf(result).find(({ item }) => item.id === key);
    if (!found) return null;
    const { list, item } = found;
    const fields = [
      { label: `ctq.results.${list}.title`, text: item.title },
      { label: `ctq.results.${list}.details`, text: item.details },
    ];
    return { fields, citation: item.citation };
  },
  results: "ctqf/results",
  back: "ctqEvidence.back",
  problems: {
    missingId: "ctq.results.missingId",
    notFound: "ctq.results.notFound",
    noCitation: "ctqEvidence.noCitation",
  },
};
