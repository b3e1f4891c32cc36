import deven from "../../locales/deven.json";

/**
 * E-mail texts come from the default locale's "mail" section, like every other user-facing text.
 * Placeholders are {{name}}; values are inserted as they are (the mails are plain text).
 */
type MailTexts = typeof deven.mail;

export function mailText<K extends keyof MailTexts>(
  kind: K,
  values: Record<string, string>,
): { subject: string; text: string } {
  const texts = deven.mail[kind] as { subject: string; text: string };
  const fill = (template: string) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
  return { subject: fill(texts.subject), text: fill(texts.text) };
}
