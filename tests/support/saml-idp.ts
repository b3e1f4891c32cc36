import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type * as Samlify from "samlify";

// samlify is CommonJS whose named exports Node's ESM loader cannot all see (the e2e peers run as a bundled ES module).
const samlify = createRequire(import.meta.url)("samlify") as typeof Samlify;

/**
 * A real SAML 2.0 identity provider on 127.0.0.1, built with samlify (a different SAML library than the service's
 * node-saml, so the two check each other). It receives AuthnRequests by the HTTP-Redirect binding at /sso and answers
 * with signed responses by the HTTP-POST binding: its page shows a form with a visible button that posts the
 * SAMLResponse to the service's assertion consumer service, so it works with JavaScript off.
 * Tests also build responses directly (expired, unsolicited, signed by a stranger, …) with `response()`.
 * Its keys are throwaway fixtures (tests/fixtures/saml).
 */

// The service validates what it receives; this test IdP trusts the service's well-formed requests.
samlify.setSchemaValidator({ validate: async () => "skipped" });

const FIXTURES = path.resolve(process.cwd(), "tests/fixtures/saml");
export const TEST_IDP_CERT_FILE = path.join(FIXTURES, "idp-cert.pem");
const readFixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), "utf8");

const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const { binding } = samlify.Constants.namespace;

export interface SamlResponseInput {
  /** InResponseTo; null leaves it out (an unsolicited response). */
  inResponseTo: string | null;
  nameId: string;
  /** An "email" attribute. */
  email?: string;
  /** Defaults: issued now, valid 5 minutes. */
  issueInstant?: Date;
  notOnOrAfter?: Date;
  issuer?: string;
  audience?: string;
  recipient?: string;
  destination?: string;
  assertionId?: string;
  /** Whose key signs: this IdP's (default) or a stranger's. */
  signedBy?: "idp" | "other";
  /** Also sign the whole response (default: only the assertion). */
  signResponse?: boolean;
}

export interface TestSamlIdp {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The single sign-on address (HTTP-Redirect binding). */
  entryPoint: string;
  /** The IdP's entity id. */
  issuer: string;
  certPem: string;
  certFile: string;
  /** The AuthnRequest a redirect to this IdP carries, checked by samlify. */
  parseRedirect(
    location: string,
  ): Promise<{ requestId: string; relayState: string | null; acsUrl: string | undefined }>;
  /** A base64 SAMLResponse for the service. */
  response(input: SamlResponseInput): Promise<string>;
  close(): Promise<void>;
}

export interface TestSamlIdpOptions {
  /** The service's entity id and assertion consumer service URL. */
  sp: { entityId: string; acsUrl: string };
  /** 0 (default) picks a free port. */
  port?: number;
  /** The account the /sso page signs in. */
  user?: { email: string; name?: string };
  /** The service's signing certificate (PEM): AuthnRequests must then be signed with its key. */
  spCert?: string;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );
}

function authnStatement(instant: string): string {
  return (
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="_${crypto.randomBytes(8).toString("hex")}">` +
    "<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>" +
    "</saml:AuthnStatement>"
  );
}

function attributeStatement(email: string | undefined): string {
  if (!email) return "";
  return (
    '<saml:AttributeStatement><saml:Attribute Name="email" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">' +
    `<saml:AttributeValue xsi:type="xs:string">${escapeHtml(email)}</saml:AttributeValue>` +
    "</saml:Attribute></saml:AttributeStatement>"
  );
}

export async function startTestSamlIdp(options: TestSamlIdpOptions): Promise<TestSamlIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const entryPoint = `${url}/sso`;
  const issuer = `${url}/metadata`;
  const certPem = readFixture("idp-cert.pem");

  const idpFor = (signer: "idp" | "other") =>
    samlify.IdentityProvider({
      entityID: issuer,
      signingCert: readFixture(`${signer}-cert.pem`),
      privateKey: readFixture(`${signer}-key.pem`),
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: binding.redirect, Location: entryPoint }],
      wantAuthnRequestsSigned: Boolean(options.spCert),
      requestSignatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    });
  const idp = idpFor("idp");
  const spFor = (signResponse: boolean) =>
    samlify.ServiceProvider({
      entityID: options.sp.entityId,
      assertionConsumerService: [{ Binding: binding.post, Location: options.sp.acsUrl }],
      wantAssertionsSigned: true,
      wantMessageSigned: signResponse,
      authnRequestsSigned: Boolean(options.spCert),
      ...(options.spCert ? { signingCert: options.spCert } : {}),
    });
  const sp = spFor(false);

  async function parseRedirect(location: string) {
    const target = new URL(location);
    const query = Object.fromEntries(target.searchParams.entries());
    // What a signed redirect signs: its parameters as they appear in the address, in this order (SAML bindings §3.4.4.1).
    const raw = target.search.slice(1).split("&");
    const octetString = ["SAMLRequest", "RelayState", "SigAlg"]
      .map((name) => raw.find((part) => part.startsWith(`${name}=`)))
      .filter(Boolean)
      .join("&");
    const parsed = await idp.parseLoginRequest(sp, "redirect", { query, octetString });
    const request = (parsed.extract as { request?: { id?: string; assertionConsumerServiceUrl?: string } }).request;
    if (!request?.id) throw new Error("the AuthnRequest has no ID");
    return { requestId: request.id, relayState: query.RelayState ?? null, acsUrl: request.assertionConsumerServiceUrl };
  }

  async function response(input: SamlResponseInput): Promise<string> {
    const issued = input.issueInstant ?? new Date();
    const until = (input.notOnOrAfter ?? new Date(issued.getTime() + 5 * 60 * 1000)).toISOString();
    const instant = issued.toISOString();
    const responseId = `_${crypto.randomBytes(16).toString("hex")}`;
    let template = samlify.SamlLib.defaultLoginResponseTemplate.context
      .replace("{AuthnStatement}", authnStatement(instant))
      .replace("{AttributeStatement}", attributeStatement(input.email));
    if (input.inResponseTo === null) template = template.replaceAll(' InResponseTo="{InResponseTo}"', "");
    const values = {
      ID: responseId,
      AssertionID: input.assertionId ?? `_${crypto.randomBytes(16).toString("hex")}`,
      Destination: input.destination ?? options.sp.acsUrl,
      Audience: input.audience ?? options.sp.entityId,
      SubjectRecipient: input.recipient ?? options.sp.acsUrl,
      Issuer: input.issuer ?? issuer,
      IssueInstant: instant,
      StatusCode: "urn:oasis:names:tc:SAML:2.0:status:Success",
      ConditionsNotBefore: instant,
      ConditionsNotOnOrAfter: until,
      SubjectConfirmationDataNotOnOrAfter: until,
      NameIDFormat: EMAIL_FORMAT,
      NameID: input.nameId,
      InResponseTo: input.inResponseTo ?? "",
    };
    const signer = input.signedBy === "other" ? idpFor("other") : idp;
    const built = await signer.createLoginResponse(
      spFor(input.signResponse ?? false),
      { extract: {} } as never,
      "post",
      {},
      {
        customTagReplacement: () => ({ id: responseId, context: samlify.SamlLib.replaceTagsByValue(template, values) }),
      },
    );
    return (built as { context: string }).context;
  }

  server.on("request", (req, res) => {
    void (async () => {
      const requestUrl = new URL(req.url ?? "/", url);
      if (req.method === "GET" && requestUrl.pathname === "/sso") {
        try {
          const { requestId, relayState } = await parseRedirect(requestUrl.toString());
          const user = options.user ?? { email: "sso@northwind.example" };
          const samlResponse = await response({ inResponseTo: requestId, nameId: user.email, email: user.email });
          const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Northwind test identity provider</title></head>
<body>
<main>
<h1>Northwind test identity provider</h1>
<p>Sign in to the service as <strong>${escapeHtml(user.name ?? user.email)}</strong> (${escapeHtml(user.email)}).</p>
<form method="post" action="${escapeHtml(options.sp.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}">
${relayState === null ? "" : `<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">`}
<button type="submit">Sign in</button>
</form>
</main>
</body>
</html>`;
          res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
          res.end(page);
        } catch (error) {
          res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
          res.end(`Bad AuthnRequest: ${error instanceof Error ? error.message : String(error)}`);
        }
        return;
      }
      if (req.method === "GET" && requestUrl.pathname === "/metadata") {
        res.writeHead(200, { "content-type": "application/samlmetadata+xml; charset=utf-8" });
        res.end(idp.getMetadata());
        return;
      }
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      res.end("Not found");
    })();
  });

  return {
    url,
    entryPoint,
    issuer,
    certPem,
    certFile: TEST_IDP_CERT_FILE,
    parseRedirect,
    response,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
