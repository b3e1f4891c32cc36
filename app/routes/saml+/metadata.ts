import { forwardToApi } from "~/lib/api/forward.server";

/** /saml/metadata: the service provider's SAML metadata (its entity id is this address). */
export const loader = forwardToApi;
