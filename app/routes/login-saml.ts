import { forwardToApi } from "~/lib/api/forward.server";

/** /login-saml?email=&continue= (000 §7): the server starts SAML single sign-on and sends the browser to the IdP. */
export const loader = forwardToApi;
