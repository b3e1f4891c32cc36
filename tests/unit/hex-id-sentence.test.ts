import { describe, expect, it } from "vitest";
import { article, hexIdSentence, isHexId } from "~/lib/hex-id-sentence";
import { ADVERBS, FIRST_ADJECTIVES, NOUNS, SECOND_ADJECTIVES } from "~/lib/hex-id-words";

const LISTS = { FIRST_ADJECTIVES, SECOND_ADJECTIVES, NOUNS, ADVERBS };

/** A deterministic pseudo-random 24-hex id (a linear congruential generator), so the sample is the same each run. */
function sampleIds(count: number): string[] {
  let state = 12345;
  const next = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 12 }, () => ((next() >>> 16) & 0xff).toString(16).padStart(2, "0")).join(""),
  );
}

describe("word lists", () => {
  it.each(Object.entries(LISTS))("%s has exactly 256 distinct lowercase words", (_name, list) => {
    expect(list).toHaveLength(256);
    expect(new Set(list).size).toBe(256);
    for (const word of list) expect(word).toMatch(/^[a-z]+$/);
  });

  it("shares no word between lists, so a clause never repeats a word", () => {
    const all = Object.values(LISTS).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it("has no first adjective whose first letter misleads the article rule", () => {
    for (const word of FIRST_ADJECTIVES) {
      expect(word).not.toMatch(/^(hon|hour|heir|uni|use|usu|ute|eu|one|once)/);
    }
  });
});

describe("hexIdSentence", () => {
  it("builds three clauses of article, two adjectives, noun and adverb joined with 'and'", () => {
    expect(hexIdSentence("000000000000000000000000")).toBe(
      "an able airy aardvark actively and an able airy aardvark actively and an able airy aardvark actively",
    );
    expect(hexIdSentence("ffffffffffffffffffffffff")).toBe(
      "a zippy zigzag zephyr zippily and a zippy zigzag zephyr zippily and a zippy zigzag zephyr zippily",
    );
  });

  it("picks each word with one byte, in order", () => {
    const id = "0102030405060708090a0b0c";
    const words = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((byte, index) => Object.values(LISTS)[index % 4]![byte]!);
    const clauses = [0, 4, 8].map((start) => `${article(words[start]!)} ${words.slice(start, start + 4).join(" ")}`);
    expect(hexIdSentence(id)).toBe(clauses.join(" and "));
  });

  it("is deterministic and ignores the letter case", () => {
    const id = "5f1b2c3d4e5f60718293a4b5";
    expect(hexIdSentence(id)).toBe(hexIdSentence(id));
    expect(hexIdSentence(id.toUpperCase())).toBe(hexIdSentence(id));
  });

  it("uses 'an' before a vowel letter and 'a' otherwise", () => {
    expect(article("eager")).toBe("an");
    expect(article("upbeat")).toBe("an");
    expect(article("brave")).toBe("a");
    for (const id of sampleIds(200)) {
      for (const clause of hexIdSentence(id).split(" and ")) {
        const [art, word] = clause.split(" ");
        expect(art).toBe(/^[aeiou]/.test(word!) ? "an" : "a");
      }
    }
  });

  it("has 'and' exactly twice and five words per clause", () => {
    const sentence = hexIdSentence("0123456789abcdef01234567");
    expect(sentence.match(/ and /g)).toHaveLength(2);
    for (const clause of sentence.split(" and ")) expect(clause.split(" ")).toHaveLength(5);
  });

  it.each([
    "",
    "abc",
    "0123456789abcdef0123456",
    "0123456789abcdef012345678",
    "0123456789abcdef0123456g",
    " 0123456789abcdef01234567",
    "0x23456789abcdef01234567",
  ])("returns %j unchanged", (value) => {
    expect(hexIdSentence(value)).toBe(value);
    expect(isHexId(value)).toBe(false);
  });

  it("gives distinct ids distinct sentences (a sample of 2000)", () => {
    const ids = [...new Set(sampleIds(2000))];
    const sentences = new Set(ids.map(hexIdSentence));
    expect(sentences.size).toBe(ids.length);
  });

  it("gives ids differing in one byte different sentences", () => {
    const base = "00112233445566778899aabb";
    for (let byte = 0; byte < 12; byte += 1) {
      const changed = `${base.slice(0, byte * 2)}ff${base.slice(byte * 2 + 2)}`;
      expect(hexIdSentence(changed)).not.toBe(hexIdSentence(base));
    }
  });
});
