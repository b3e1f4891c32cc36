import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from "jose";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";

/**
 * A real OpenID Connect identity provider (panva's oidc-provider) on 127.0.0.1, for the single sign-on tests.
 * One public client (token_endpoint_auth_method "none", PKCE required), an account store, and interaction pages
 * that work without JavaScript: a plain login form with a submit button; consent is granted without asking.
 */
export interface IdpAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface OidcIdpOptions {
  accounts: IdpAccount[];
  /** The product's callback, registered exactly. */
  redirectUris: string[];
  clientId?: string;
  /** 0 (the default) for a free port. */
  port?: number;
}

export interface TestOidcIdp {
  issuer: string;
  clientId: string;
  /** The password of every account at the login form. */
  password: string;
  /** Signs an id token with the IdP's own key (or a foreign key under the IdP's kid), defaults filled in. */
  signIdToken(claims: JWTPayload, options?: { foreignKey?: boolean; algorithm?: string }): Promise<string>;
  /**
   * Signs in at the IdP as a browser would, without one: authorization request with PKCE (S256) and nonce, the login
   * form, then the code exchanged at the token endpoint. Answers the id token.
   */
  obtainIdToken(input: { email: string; nonce: string; redirectUri?: string }): Promise<string>;
  /** Follows an authorization request like a browser, signing in as `email` at the login form: where the IdP returns. */
  authorize(authorizationUrl: string, email: string): Promise<URL>;
  close(): Promise<void>;
}

export const IDP_PASSWORD = "Contoso-IdP-2026";
const KID = "contoso-idp-key-1";

export async function startOidcIdp(options: OidcIdpOptions): Promise<TestOidcIdp> {
  const clientId = options.clientId ?? "rbqm-studio";
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]));
  const byEmail = (email: string) => options.accounts.find((a) => a.email.toLowerCase() === email.trim().toLowerCase());

  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid: KID, alg: "RS256", use: "sig" };
  void publicKey;
  const foreign = await generateKeyPair("RS256");

  const server = http.createServer((req, res) => {
    void route(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: "none",
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        application_type: "web",
      },
    ],
    jwks: { keys: [privateJwk] as never },
    cookies: { keys: [crypto.randomBytes(32).toString("hex")] },
    // Like most IdPs, put the profile and e-mail claims into the id token itself.
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, IdToken: 300, AccessToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified, name: account.name }),
      };
    },
    async renderError(ctx, out) {
      ctx.type = "html";
      ctx.body = page(
        "Sign-in error",
        `<h1>Sign-in error</h1><p role="alert">${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ""))}</p>`,
      );
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  async function route(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", issuer);
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      callback(req, res);
      return;
    }
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "consent") {
      // The product is the company's own application: consent is granted without a page.
      const grant = details.grantId
        ? (await provider.Grant.find(details.grantId))!
        : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    const loginHint = typeof details.params.login_hint === "string" ? details.params.login_hint : "";
    if (req.method === "POST" && match[2]) {
      const form = new URLSearchParams(await readBody(req));
      const account = byEmail(form.get("email") ?? "");
      if (account && form.get("password") === IDP_PASSWORD) {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: account.sub, remember: false } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      sendHtml(res, 200, loginPage(details.uid, form.get("email") ?? loginHint, true));
      return;
    }
    sendHtml(res, 200, loginPage(details.uid, loginHint, false));
  }

  async function signIdToken(
    claims: JWTPayload,
    signOptions: { foreignKey?: boolean; algorithm?: string } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const body: JWTPayload = { iss: issuer, aud: clientId, iat: now, exp: now + 300, ...claims };
    const key: CryptoKey = signOptions.foreignKey ? foreign.privateKey : privateKey;
    return new SignJWT(body)
      .setProtectedHeader({ alg: signOptions.algorithm ?? "RS256", kid: KID, typ: "JWT" })
      .sign(key);
  }

  /** Follows an authorization request as a browser would, signing in at the login form; answers where the IdP returns. */
  async function authorize(authorizationUrl: string, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (target: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (jar.size > 0) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      const response = await fetch(new URL(target, issuer), { ...init, headers, redirect: "manual" });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ""] = cookie.split(";");
        const index = pair.indexOf("=");
        const name = pair.slice(0, index).trim();
        const value = pair.slice(index + 1).trim();
        if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(name);
        else jar.set(name, value);
      }
      return response;
    };
    let response = await send(authorizationUrl);
    let location = response.headers.get("location");
    for (let hops = 0; location && new URL(location, issuer).origin === issuer && hops < 10; hops++) {
      const target = new URL(location, issuer);
      if (/^\/interaction\/[\w-]+$/.test(target.pathname)) {
        response = await send(target.pathname);
        if (response.status === 200) {
          response = await send(`${target.pathname}/login`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ email, password: IDP_PASSWORD }).toString(),
          });
          if (response.status === 200) throw new Error("the IdP refused the credentials");
        }
      } else {
        response = await send(target.href);
      }
      location = response.headers.get("location");
    }
    if (!location) throw new Error(`the IdP did not redirect back (HTTP ${response.status}): ${await response.text()}`);
    return new URL(location, issuer);
  }

  async function obtainIdToken(input: { email: string; nonce: string; redirectUri?: string }): Promise<string> {
    const redirectUri = input.redirectUri ?? options.redirectUris[0]!;
    const verifier = crypto.randomBytes(32).toString("base64url");
    const state = crypto.randomBytes(16).toString("base64url");
    const request = new URL("/auth", issuer);
    request.search = new URLSearchParams({
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "openid email profile",
      state,
      nonce: input.nonce,
      code_challenge: crypto.createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      login_hint: input.email,
    }).toString();
    const returned = await authorize(request.href, input.email);
    if (!returned.href.startsWith(redirectUri)) throw new Error(`the IdP returned elsewhere: ${returned.href}`);
    if (returned.searchParams.get("state") !== state) throw new Error("the IdP returned another state");
    const code = returned.searchParams.get("code");
    if (!code) throw new Error(`the IdP returned no code: ${returned.search}`);
    const token = await fetch(new URL("/token", issuer), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: clientId,
        code_verifier: verifier,
      }),
    });
    const tokens = (await token.json()) as { id_token?: string; error?: string };
    if (!tokens.id_token) throw new Error(`the token endpoint answered ${token.status} ${tokens.error ?? ""}`);
    return tokens.id_token;
  }

  return {
    issuer,
    clientId,
    password: IDP_PASSWORD,
    signIdToken,
    authorize,
    obtainIdToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > 64 * 1024) req.destroy(new Error("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

function loginPage(uid: string, email: string, failed: boolean): string {
  return page(
    "Contoso sign-in",
    `<h1>Contoso sign-in</h1>
${failed ? '<p role="alert">The e-mail address or the password is wrong.</p>' : ""}
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<p><label for="email">E-mail</label> <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"></p>
<p><label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password" required></p>
<p><button type="submit">Sign in</button></p>
</form>`,
  );
}
