import { auditEntries } from "@server/audit/schema";
import {
  authSessions,
  passwordResetTokens,
  refreshTokens,
  signInChallenges,
  signInThrottles,
} from "@server/auth/schema";
import { mailOutbox } from "@server/mail/schema";
import { DEMO, DEMO_PASSWORD } from "@server/seed/demo";
import { hashPassword } from "@server/users/passwords";
import { users } from "@server/users/schema";
import { and, desc, eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dbKinds } from "../support/db";
import { startTestApi, type TestApi } from "../support/service";

const U = DEMO.users;

describe.each(dbKinds())("sign-in API on %s", (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(kind, { env: { PUBLIC_URL: "https://rbqm.example.test" } });
  });
  afterAll(async () => {
    await api.close();
  });
  beforeEach(async () => {
    // Each test starts with no throttling and no open codes.
    await api.database.db.delete(signInThrottles);
    await api.database.db.delete(signInChallenges);
  });

  const login = (fields: Record<string, string>, headers?: Record<string, string>) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return api.call("POST", "/api/auth/login", { body, headers });
  };
  const form = (path: string, fields: Record<string, string>) =>
    api.call("POST", path, {
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  const problem = async (response: Response) => {
    const body = (await response.json()) as { title: string; detail: string; additionalData?: Record<string, unknown> };
    return { status: response.status, title: body.title, additionalData: body.additionalData };
  };
  const lastMailTo = async (email: string) => {
    const [mail] = await api.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return mail;
  };
  const codeOf = (text: string) => /\b(\d{8})\b/.exec(text)![1]!;
  async function sendCode(email = U.mfa.email) {
    const response = await login({ Email: email, Password: DEMO_PASSWORD });
    const result = await problem(response);
    expect(result.title).toBe("SecurityCodeSent");
    const mail = await lastMailTo(email);
    return { attemptId: String(result.additionalData!.attemptId), code: codeOf(mail!.textBody) };
  }

  describe("result codes", () => {
    it("asks every non-SSO address for the password the same way, known or not", async () => {
      const known = await problem(await login({ Email: U.admin.email }));
      const unknown = await problem(await login({ Email: "nobody@demo-pharma.example" }));
      expect(known).toEqual({ status: 400, title: "WrongCredentials", additionalData: undefined });
      expect(unknown).toEqual(known);
    });

    it("answers SamlAuthenticationNeeded for the SSO company's domain, whether or not the account exists", async () => {
      expect(await problem(await login({ Email: U.sso.email }))).toMatchObject({
        status: 400,
        title: "SamlAuthenticationNeeded",
      });
      expect(await problem(await login({ Email: "someone.else@northwind.example" }))).toMatchObject({
        title: "SamlAuthenticationNeeded",
      });
    });

    it("refuses a malformed address as invalid input", async () => {
      expect(await problem(await login({ Email: "not-an-address" }))).toMatchObject({
        status: 400,
        title: "ValidationFailed",
      });
    });

    it("answers WrongCredentials for a wrong password and for an unknown account", async () => {
      expect(await problem(await login({ Email: U.admin.email, Password: "wrong" }))).toMatchObject({
        title: "WrongCredentials",
      });
      expect(
        await problem(await login({ Email: "nobody@demo-pharma.example", Password: DEMO_PASSWORD })),
      ).toMatchObject({
        title: "WrongCredentials",
      });
    });

    it("denies a blocked account only once the password is right", async () => {
      expect(await problem(await login({ Email: U.blocked.email, Password: "wrong" }))).toMatchObject({
        title: "WrongCredentials",
      });
      expect(await problem(await login({ Email: U.blocked.email, Password: DEMO_PASSWORD }))).toMatchObject({
        status: 403,
        title: "Denied",
      });
    });

    it("signs in with the right password: access, refresh and id tokens (sub and name claims)", async () => {
      const response = await login({ Email: ` ${U.admin.email.toUpperCase()} `, Password: DEMO_PASSWORD });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const tokens = (await response.json()) as {
        access_token: string;
        refresh_token: string;
        id_token: string;
        token_type: string;
      };
      expect(tokens.token_type).toBe("Bearer");
      const id = decodeJwt(tokens.id_token);
      expect(id).toMatchObject({
        sub: U.admin.id,
        name: U.admin.displayName,
        email: U.admin.email,
        iss: "https://rbqm.example.test",
      });
      expect(decodeJwt(tokens.refresh_token)).toMatchObject({ sub: U.admin.id, aud: "rbqm-refresh" });
      const session = await api.call("POST", "/api/oauth/session", { token: tokens.access_token });
      expect(await session.json()).toEqual({ active: true, userId: U.admin.id });
    });
  });

  describe("throttling per account", () => {
    it("answers exactly five failures, then pauses the sixth attempt for 30 s, even with the right password", async () => {
      for (let i = 0; i < 5; i++) {
        expect((await problem(await login({ Email: U.manager.email, Password: `wrong-${i}` }))).title).toBe(
          "WrongCredentials",
        );
      }
      expect(await problem(await login({ Email: U.manager.email, Password: "wrong-5" }))).toMatchObject({
        status: 429,
        title: "TooManyAttempts",
      });
      const lockedAnswer = await login({ Email: U.manager.email, Password: DEMO_PASSWORD });
      const locked = await problem(lockedAnswer.clone());
      expect(lockedAnswer.headers.get("retry-after")).toBe(String(locked.additionalData!.retryAfterSeconds));
      expect(locked.status).toBe(429);
      expect(locked.title).toBe("TooManyAttempts");
      expect(locked.additionalData!.retryAfterSeconds).toBeGreaterThan(25);
      expect(locked.additionalData!.retryAfterSeconds).toBeLessThanOrEqual(30);
      // Other accounts are not affected.
      expect((await login({ Email: U.admin.email, Password: DEMO_PASSWORD })).status).toBe(200);
    });

    it("throttles an unknown address exactly like a known one", async () => {
      for (let i = 0; i < 5; i++) await login({ Email: "ghost@demo-pharma.example", Password: `wrong-${i}` });
      expect((await problem(await login({ Email: "ghost@demo-pharma.example", Password: "x" }))).title).toBe(
        "TooManyAttempts",
      );
    });

    it("a success clears the count", async () => {
      for (let i = 0; i < 4; i++) await login({ Email: U.manager.email, Password: `wrong-${i}` });
      expect((await login({ Email: U.manager.email, Password: DEMO_PASSWORD })).status).toBe(200);
      const rows = await api.database.db.select().from(signInThrottles);
      expect(rows).toEqual([]);
    });
  });

  describe("limits hold when the attempts come all at once", () => {
    const statuses = (answers: { title: string }[]) => {
      const counts: Record<string, number> = {};
      for (const { title } of answers) counts[title] = (counts[title] ?? 0) + 1;
      return counts;
    };
    const inParallel = <T>(n: number, attempt: (i: number) => Promise<T>) =>
      Promise.all(Array.from({ length: n }, (_, i) => attempt(i)));

    it("twenty wrong passwords at once: exactly five are answered, the others paused", async () => {
      const answers = await inParallel(20, async (i) =>
        problem(await login({ Email: U.monitor.email, Password: `wrong-${i}` })),
      );
      expect(statuses(answers)).toEqual({ WrongCredentials: 5, TooManyAttempts: 15 });
    });

    it("twenty reset requests at once: exactly five links", async () => {
      const mailsBefore = await api.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, U.monitor.email));
      const answers = await inParallel(20, async () =>
        api.call("POST", "/api/auth/sendResetPasswordEmail", { json: { Email: U.monitor.email, Password: null } }),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
      const mailsAfter = await api.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, U.monitor.email));
      expect(mailsAfter.length - mailsBefore.length).toBe(5);
    });

    it("ten code requests at once: at most five codes", async () => {
      const answers = await inParallel(10, async () =>
        problem(await login({ Email: U.mfa.email, Password: DEMO_PASSWORD })),
      );
      const sent = answers.filter((a) => a.title === "SecurityCodeSent").length;
      expect(sent).toBeLessThanOrEqual(5);
      expect(answers.filter((a) => a.title !== "SecurityCodeSent").every((a) => a.title === "TooManyAttempts")).toBe(
        true,
      );
      // The next one, alone, is refused too when five went out.
      await api.database.db.delete(signInThrottles);
      if (sent === 5) {
        expect((await problem(await login({ Email: U.mfa.email, Password: DEMO_PASSWORD }))).title).toBe(
          "TooManyAttempts",
        );
      }
    });

    it("a code works once, also when it is sent five times at once", async () => {
      const { attemptId, code } = await sendCode();
      const answers = await inParallel(5, async () =>
        login({ Email: U.mfa.email, Password: DEMO_PASSWORD, SecurityCode: code, AttemptId: attemptId }),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    });

    it("ten wrong codes at once use up the code's five tries: then the right one fails", async () => {
      const { attemptId, code } = await sendCode();
      const wrong = code === "00000000" ? "11111111" : "00000000";
      await inParallel(10, () =>
        login({ Email: U.mfa.email, Password: DEMO_PASSWORD, SecurityCode: wrong, AttemptId: attemptId }),
      );
      const [challenge] = await api.database.db
        .select()
        .from(signInChallenges)
        .where(eq(signInChallenges.userId, U.mfa.id));
      expect(challenge!.failedAttempts).toBe(5);
      await api.database.db.delete(signInThrottles);
      const right = await login({
        Email: U.mfa.email,
        Password: DEMO_PASSWORD,
        SecurityCode: code,
        AttemptId: attemptId,
      });
      expect((await problem(right)).title).toBe("WrongCredentials");
    });
  });

  describe("e-mailed codes", () => {
    it("sends an 8-digit code by e-mail and signs in with it, once", async () => {
      const { attemptId, code } = await sendCode();
      const mail = await lastMailTo(U.mfa.email);
      expect(mail!.subject).toContain("sign-in code");
      const ok = await login({ Email: U.mfa.email, Password: DEMO_PASSWORD, SecurityCode: code, AttemptId: attemptId });
      expect(ok.status).toBe(200);
      const again = await login({
        Email: U.mfa.email,
        Password: DEMO_PASSWORD,
        SecurityCode: code,
        AttemptId: attemptId,
      });
      expect((await problem(again)).title).toBe("WrongCredentials");
    });

    it("binds the code to its attempt and to the password", async () => {
      const { attemptId, code } = await sendCode();
      expect(
        (await problem(await login({ Email: U.mfa.email, Password: DEMO_PASSWORD, SecurityCode: code }))).title,
      ).toBe("WrongCredentials");
      expect(
        (
          await problem(
            await login({ Email: U.mfa.email, Password: DEMO_PASSWORD, SecurityCode: code, AttemptId: "other" }),
          )
        ).title,
      ).toBe("WrongCredentials");
      expect(
        (
          await problem(
            await login({ Email: U.mfa.email, Password: "wrong", SecurityCode: code, AttemptId: attemptId }),
          )
        ).title,
      ).toBe("WrongCredentials");
      expect(
        (await login({ Email: U.mfa.email, Password: DEMO_PASSWORD, SecurityCode: code, AttemptId: attemptId })).status,
      ).toBe(200);
    });

    it("expires a code after 10 minutes", async () => {
      const { attemptId, code } = await sendCode();
      const row = (
        await api.database.db.select().from(signInChallenges).where(eq(signInChallenges.userId, U.mfa.id))
      )[0]!;
      expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60 * 1000);
      await api.database.db
        .update(signInChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(signInChallenges.userId, U.mfa.id));
      const late = await login({
        Email: U.mfa.email,
        Password: DEMO_PASSWORD,
        SecurityCode: code,
        AttemptId: attemptId,
      });
      expect((await problem(late)).title).toBe("WrongCredentials");
    });

    it("a resend overwrites the old code", async () => {
      const first = await sendCode();
      const second = await sendCode();
      expect(second.attemptId).not.toBe(first.attemptId);
      const old = await login({
        Email: U.mfa.email,
        Password: DEMO_PASSWORD,
        SecurityCode: first.code,
        AttemptId: first.attemptId,
      });
      expect((await problem(old)).title).toBe("WrongCredentials");
      const fresh = await login({
        Email: U.mfa.email,
        Password: DEMO_PASSWORD,
        SecurityCode: second.code,
        AttemptId: second.attemptId,
      });
      expect(fresh.status).toBe(200);
    });

    it("allows five wrong tries; after them even the right code fails", async () => {
      const { attemptId, code } = await sendCode();
      const wrong = code === "00000000" ? "11111111" : "00000000";
      for (let i = 0; i < 5; i++) {
        await login({ Email: U.mfa.email, Password: DEMO_PASSWORD, SecurityCode: wrong, AttemptId: attemptId });
      }
      await api.database.db.delete(signInThrottles);
      const right = await login({
        Email: U.mfa.email,
        Password: DEMO_PASSWORD,
        SecurityCode: code,
        AttemptId: attemptId,
      });
      expect((await problem(right)).title).toBe("WrongCredentials");
    });

    it("sends at most five codes in 15 minutes", async () => {
      for (let i = 0; i < 5; i++) await sendCode();
      const sixth = await problem(await login({ Email: U.mfa.email, Password: DEMO_PASSWORD }));
      expect(sixth).toMatchObject({ status: 429, title: "TooManyAttempts" });
    });
  });

  describe("refresh tokens", () => {
    async function signIn(email: string = U.admin.email) {
      const response = await login({ Email: email, Password: DEMO_PASSWORD });
      expect(response.status).toBe(200);
      return (await response.json()) as { access_token: string; refresh_token: string; id_token: string };
    }
    const refresh = (token: string) => form("/api/oauth/token", { grant_type: "refresh_token", refresh_token: token });

    it("rotates: a refresh answers new tokens of the same grant", async () => {
      const first = await signIn();
      const response = await refresh(first.refresh_token);
      expect(response.status).toBe(200);
      const second = (await response.json()) as { refresh_token: string; access_token: string };
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(decodeJwt(second.access_token).sid).toBe(decodeJwt(first.access_token).sid);
      expect((await refresh(second.refresh_token)).status).toBe(200);
    });

    it("gives a second request within the leeway the same successor, without ending the grant", async () => {
      const first = await signIn();
      const a = (await (await refresh(first.refresh_token)).json()) as { refresh_token: string };
      const b = (await (await refresh(first.refresh_token)).json()) as { refresh_token: string };
      expect(decodeJwt(b.refresh_token).jti).toBe(decodeJwt(a.refresh_token).jti);
    });

    it("revokes the whole grant when a rotated token is used again later", async () => {
      const first = await signIn();
      const second = (await (await refresh(first.refresh_token)).json()) as {
        refresh_token: string;
        access_token: string;
      };
      await api.database.db
        .update(refreshTokens)
        .set({ rotatedAt: new Date(Date.now() - 60_000) })
        .where(eq(refreshTokens.id, String(decodeJwt(first.refresh_token).jti)));
      const reuse = await refresh(first.refresh_token);
      expect(reuse.status).toBe(400);
      expect(await reuse.json()).toMatchObject({ error: "invalid_grant", title: "invalid_grant" });
      // The thief's use ended the rightful holder's tokens too.
      expect((await refresh(second.refresh_token)).status).toBe(400);
      expect((await api.call("POST", "/api/oauth/session", { token: second.access_token })).status).toBe(401);
      const [session] = await api.database.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.id, String(decodeJwt(first.refresh_token).sid)));
      expect(session!.revokedReason).toBe("refresh token reused");
    });

    it("refuses garbage, a token of another kind and an unknown grant type", async () => {
      const tokens = await signIn();
      expect((await refresh("garbage")).status).toBe(400);
      expect((await refresh(tokens.access_token)).status).toBe(400);
      expect((await refresh(tokens.id_token)).status).toBe(400);
      const other = await form("/api/oauth/token", { grant_type: "password", username: "x" });
      expect(await other.json()).toMatchObject({ error: "unsupported_grant_type" });
    });

    it("ends with the account: a blocked user's refresh fails", async () => {
      const tokens = await signIn(U.monitor.email);
      await api.database.db.update(users).set({ isBlocked: true }).where(eq(users.id, U.monitor.id));
      try {
        expect((await refresh(tokens.refresh_token)).status).toBe(400);
      } finally {
        await api.database.db.update(users).set({ isBlocked: false }).where(eq(users.id, U.monitor.id));
      }
    });

    it("logout (revoke) ends the grant: refresh and access token stop working", async () => {
      const tokens = await signIn();
      expect((await api.call("POST", "/api/oauth/revoke", { json: { token: tokens.refresh_token } })).status).toBe(200);
      expect((await refresh(tokens.refresh_token)).status).toBe(400);
      expect((await api.call("POST", "/api/oauth/session", { token: tokens.access_token })).status).toBe(401);
      // Revoking garbage is not an error, and tells nothing.
      expect((await api.call("POST", "/api/oauth/revoke", { json: { token: "garbage" } })).status).toBe(200);
    });
  });

  describe("password reset", () => {
    const sendReset = (email: string, headers?: Record<string, string>) =>
      api.call("POST", "/api/auth/sendResetPasswordEmail", { json: { Email: email, Password: null }, headers });
    const reset = (fields: { Password: string; ConfirmPassword: string; Token: string; UserId: string }) =>
      api.call("POST", "/api/auth/resetPassword", { json: fields });

    let resetUserId: string;
    const resetEmail = `reset-${kind}@demo-pharma.example`;
    beforeAll(async () => {
      resetUserId = `ee${kind === "pglite" ? "1" : "2"}000000000000000000000`;
      await api.database.db.insert(users).values({
        id: resetUserId,
        email: resetEmail,
        displayName: "Reset Tester",
        passwordHash: await hashPassword(DEMO_PASSWORD),
        homeCompanyId: DEMO.company.id,
      });
    });

    async function linkFor(email: string) {
      const since = new Date(Date.now() - 1);
      const response = await sendReset(email, { host: "evil.example", "x-forwarded-host": "evil.example" });
      expect(await response.json()).toEqual({ isSuccess: true });
      const mail = await lastMailTo(email);
      expect(mail!.createdAt.getTime()).toBeGreaterThanOrEqual(since.getTime() - 1000);
      const link = new URL(/https?:\/\/\S+/.exec(mail!.textBody)![0]);
      return { link, token: link.searchParams.get("token")!, userId: link.searchParams.get("userId")! };
    }

    it("answers success for an unknown address and sends nothing", async () => {
      const before = await api.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      expect(await (await sendReset("nobody@demo-pharma.example")).json()).toEqual({ isSuccess: true });
      const after = await api.database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it("answers SsoUserCanNotResetPassword and MFAUserCanNotResetPassword", async () => {
      expect(await problem(await sendReset(U.sso.email))).toMatchObject({ title: "SsoUserCanNotResetPassword" });
      expect(await problem(await sendReset(U.mfa.email))).toMatchObject({ title: "MFAUserCanNotResetPassword" });
    });

    it("builds the link from PUBLIC_URL, never from the Host header", async () => {
      const { link } = await linkFor(resetEmail);
      expect(link.origin).toBe("https://rbqm.example.test");
      expect(link.pathname).toBe("/ng/setNewPassword");
    });

    it("checks length (after trimming) and equality", async () => {
      const { token, userId } = await linkFor(resetEmail);
      expect(
        await problem(
          await reset({ Password: "  short-pw  ", ConfirmPassword: "short-pw", Token: token, UserId: userId }),
        ),
      ).toMatchObject({
        title: "PasswordTooShort",
      });
      expect(
        await problem(
          await reset({ Password: "Long-enough-1", ConfirmPassword: "long-enough-1", Token: token, UserId: userId }),
        ),
      ).toMatchObject({ title: "PasswordMismatch" });
    });

    it("sets the password once: the token used twice is out of date; sessions end; the change is audited", async () => {
      const signedIn = (await (await login({ Email: resetEmail, Password: DEMO_PASSWORD })).json()) as {
        access_token: string;
      };
      const { token, userId } = await linkFor(resetEmail);
      const newPassword = "Brand-new-password-1";
      const ok = await reset({
        Password: ` ${newPassword} `,
        ConfirmPassword: newPassword,
        Token: token,
        UserId: userId,
      });
      expect(await ok.json()).toEqual({ isSuccess: true });
      const twice = await reset({
        Password: "Another-password-2",
        ConfirmPassword: "Another-password-2",
        Token: token,
        UserId: userId,
      });
      expect(await problem(twice)).toMatchObject({ title: "WrongCredentials" });

      expect((await login({ Email: resetEmail, Password: newPassword })).status).toBe(200);
      expect((await problem(await login({ Email: resetEmail, Password: DEMO_PASSWORD }))).title).toBe(
        "WrongCredentials",
      );
      expect((await api.call("POST", "/api/oauth/session", { token: signedIn.access_token })).status).toBe(401);

      const [entry] = await api.database.db
        .select()
        .from(auditEntries)
        .where(sql`${auditEntries.entryPoint}->>'apiPath' = '/api/auth/resetPassword'`)
        .orderBy(desc(auditEntries.seq))
        .limit(1);
      expect(entry!.requester).toMatchObject({ type: "user", id: resetUserId });
      expect(JSON.stringify(entry!.requestBody)).not.toContain(newPassword);
      expect(JSON.stringify(entry!.requestBody)).not.toContain(token);
    });

    it("refuses an expired token, another user's id and a made-up token", async () => {
      const { token, userId } = await linkFor(resetEmail);
      const body = { Password: "Valid-password-99", ConfirmPassword: "Valid-password-99" };
      expect(await problem(await reset({ ...body, Token: token, UserId: U.admin.id }))).toMatchObject({
        title: "WrongCredentials",
      });
      expect(await problem(await reset({ ...body, Token: "made-up", UserId: userId }))).toMatchObject({
        title: "WrongCredentials",
      });
      await api.database.db
        .update(passwordResetTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(passwordResetTokens.userId, userId)));
      expect(await problem(await reset({ ...body, Token: token, UserId: userId }))).toMatchObject({
        title: "WrongCredentials",
      });
    });

    it("sends at most five reset links per address in 15 minutes: the sixth waits for the window's end", async () => {
      const email = "limit-test@demo-pharma.example";
      for (let i = 0; i < 5; i++) expect((await sendReset(email)).status).toBe(200);
      const sixth = await problem(await sendReset(email));
      expect(sixth).toMatchObject({ status: 429, title: "TooManyAttempts" });
      // Not a short pause: what is left of the 15-minute window.
      expect(sixth.additionalData!.retryAfterSeconds).toBeGreaterThan(800);
      expect(sixth.additionalData!.retryAfterSeconds).toBeLessThanOrEqual(900);
    });
  });
});
