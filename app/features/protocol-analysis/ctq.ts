import { appLinks, destination, type Destination } from "~/lib/links";

/** CTQ identification's page (001 §2 "ctqf/identification"), by its name in PRODUCT_PAGES (app/lib/links.ts). */
export const CTQ_IDENTIFICATION_PAGE = "ctqf/identification";

/**
 * Where Generate CTQ (landing STEP 2) and Ask AI (study CP&CD) lead: CTQ identification once its page is registered
 * in PRODUCT_PAGES (issue 25), until then "not available yet" (issue 24, defect 4). The one switch for both buttons.
 */
export function ctqIdentification(companyId: string, studyName: string): Destination {
  return destination(
    {
      page: { name: CTQ_IDENTIFICATION_PAGE, href: appLinks.studyPage(companyId, studyName, CTQ_IDENTIFICATION_PAGE) },
    },
    null,
  );
}
