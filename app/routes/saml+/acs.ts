import { forwardToApi } from "~/lib/api/forward.server";

/**
 * /saml/acs: the assertion consumer service. The IdP's page posts here from its own site, so this is a resource route
 * (no cookies needed, no Origin check); the server validates the response itself.
 */
export const action = forwardToApi;
