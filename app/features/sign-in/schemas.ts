/**
 * The sign-in pages' form schemas (000 §2.5, §4.1, §4.4), one module loaded apart: the actions read it through
 * ./schemas.server, the pages after their first paint through ./forms (ADR 0050), so that zod is not in a sign-in
 * page's first download.
 */
import { MIN_PASSWORD_LENGTH } from "@server/contracts/auth-codes";
import * as z from "zod/mini";
import { secret } from "~/lib/forms/schema";
import { emailField, MAX_LENGTH, passwordField, textField } from "~/lib/validation";

/** /ng/login: the e-mail step (000 §2.5, §4.1). */
export const loginSchema = z.object({
  intent: z.literal("continue"),
  email: emailField({ required: true }),
  continue: z.optional(z.string().check(z.maxLength(2048))),
});

/** /ng/login/password: the password step (000 §2.5, §4.1). The password is never sent back to the page. */
export const passwordSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("signIn"), password: passwordField({ required: true }) }),
  z.object({ intent: z.literal("cancel") }),
]);

/** /ng/login/code: the e-mailed verification code (000 §2.5, §4.1 steps 3–5). The code is never sent back. */
export const codeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("signIn"),
    code: secret(textField({ required: true, stripWhitespace: true, maxLength: MAX_LENGTH.code })),
  }),
  z.object({ intent: z.literal("resend") }),
  z.object({ intent: z.literal("cancel") }),
]);

/** /ng/forgotPassword: asks for a password-reset e-mail (000 §2.5, §4.4). */
export const forgotPasswordSchema = z.object({
  intent: z.literal("reset"),
  email: emailField({ required: true }),
});

/**
 * /ng/setNewPassword?token=…&userId=…: sets a new password from the e-mailed link (000 §2.5, §3.4, §4.4, §5). Both
 * passwords are trimmed; the new one needs 11 characters (PasswordTooShort), the repeat must equal it
 * (PasswordMismatch). Neither is ever sent back to the page.
 */
export const setNewPasswordSchema = z
  .object({
    intent: z.literal("setPassword"),
    token: z.string().check(z.minLength(1), z.maxLength(256)),
    userId: z.string().check(z.minLength(1), z.maxLength(64)),
    password: passwordField({
      required: true,
      trim: true,
      minLength: MIN_PASSWORD_LENGTH,
      tooShort: "setNewPassword.tooShort",
    }),
    confirmPassword: passwordField({ required: true, trim: true }),
  })
  .check(
    z.refine((value) => value.confirmPassword === "" || value.password === value.confirmPassword, {
      path: ["confirmPassword"],
      message: "setNewPassword.mismatch",
      when: () => true,
    }),
  );
