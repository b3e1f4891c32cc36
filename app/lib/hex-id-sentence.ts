/**
 * A readable sentence for a 24-hex-digit object id (000 §3.10, ADR 0017).
 *
 * The id is 12 bytes, read left to right as two-hex-digit pairs (00 to FF, any letter case). Every 4 bytes make one
 * clause: byte 1 picks the first adjective, byte 2 the second adjective, byte 3 the noun, byte 4 the adverb, and the
 * clause is "{a|an} {adjective1} {adjective2} {noun} {adverb}". The three clauses are joined with "and":
 *
 *   "0123456789abcdef01234567" → "an active clay dragonfly honestly and a lucid saffron scarf vigilantly and
 *                                 an active clay dragonfly honestly"
 *
 * The article is "an" when the next word (always the first adjective) starts with a vowel letter a, e, i, o or u,
 * else "a"; the first-adjective list holds no word for which the letter misleads (no silent h, no u read as "you").
 * Anything other than exactly 24 hex digits is returned unchanged.
 */
import { ADVERBS, FIRST_ADJECTIVES, NOUNS, SECOND_ADJECTIVES } from "./hex-id-words";

const HEX_ID = /^[0-9a-f]{24}$/i;
const SLOTS = [FIRST_ADJECTIVES, SECOND_ADJECTIVES, NOUNS, ADVERBS] as const;

export function isHexId(value: unknown): value is string {
  return typeof value === "string" && HEX_ID.test(value);
}

/** "an" before a word starting with a vowel letter, else "a". */
export function article(word: string): "a" | "an" {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

/** The sentence for a 24-hex-digit id; any other value unchanged. */
export function hexIdSentence(id: string): string {
  if (!isHexId(id)) return id;
  const bytes = id.match(/../g)!.map((pair) => parseInt(pair, 16));
  const clauses: string[] = [];
  for (let start = 0; start < bytes.length; start += SLOTS.length) {
    const words = SLOTS.map((list, slot) => list[bytes[start + slot]!]!);
    clauses.push(`${article(words[0]!)} ${words.join(" ")}`);
  }
  return clauses.join(" and ");
}
