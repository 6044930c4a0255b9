/**
 * A blog post's slug (its address on the company's site): lower-case Latin letters, digits and single hyphens
 * between them. Zod-free, so the blog form proposes one as the title is typed without loading the schemas.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_SLUG_LENGTH = 100;
/** What a proposal is cut to (a whole word where it can be): short addresses are easier to share. */
const PROPOSED_SLUG_LENGTH = 80;
/** The proposal when a title gives no letter or digit at all (only emoji, say). */
export const FALLBACK_SLUG = 'post';

export const isSlug = (value: string) => value.length <= MAX_SLUG_LENGTH && SLUG_PATTERN.test(value);

/**
 * Tamil letters in a plain Latin spelling people type in addresses (வணக்கம் → vanakkam, தமிழ் → thamizh): a
 * consonant carries an `a` unless a vowel sign or the pulli (்) follows. It is for readable slugs, not a
 * scholarly transliteration: long and short e/o are spelled alike, as in everyday romanised Tamil.
 */
const tamilVowels: Record<string, string> = {
  அ: 'a',
  ஆ: 'aa',
  இ: 'i',
  ஈ: 'ee',
  உ: 'u',
  ஊ: 'oo',
  எ: 'e',
  ஏ: 'e',
  ஐ: 'ai',
  ஒ: 'o',
  ஓ: 'o',
  ஔ: 'au',
  ஃ: 'h',
  ௐ: 'om',
};
const tamilConsonants: Record<string, string> = {
  க: 'k',
  ங: 'ng',
  ச: 's',
  ஞ: 'nj',
  ட: 't',
  ண: 'n',
  த: 'th',
  ந: 'n',
  ப: 'p',
  ம: 'm',
  ய: 'y',
  ர: 'r',
  ல: 'l',
  வ: 'v',
  ழ: 'zh',
  ள: 'l',
  ற: 'r',
  ன: 'n',
  ஜ: 'j',
  ஶ: 'sh',
  ஷ: 'sh',
  ஸ: 's',
  ஹ: 'h',
};
const tamilVowelSigns: Record<string, string> = {
  'ா': 'aa',
  'ி': 'i',
  'ீ': 'ee',
  'ு': 'u',
  'ூ': 'oo',
  'ெ': 'e',
  'ே': 'e',
  'ை': 'ai',
  'ொ': 'o',
  'ோ': 'o',
  'ௌ': 'au',
  'ௗ': 'au',
};
const PULLI = '்';

/** Tamil script in Latin letters; everything else as it was. */
export function romaniseTamil(text: string): string {
  const chars = [...text.normalize('NFC')];
  let out = '';
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index] ?? '';
    const consonant = tamilConsonants[char];
    if (consonant !== undefined) {
      const next = chars[index + 1] ?? '';
      if (next === PULLI) {
        out += consonant;
        index++;
      } else if (tamilVowelSigns[next] !== undefined) {
        out += consonant + tamilVowelSigns[next];
        index++;
      } else out += `${consonant}a`;
      continue;
    }
    if (tamilVowels[char] !== undefined) out += tamilVowels[char];
    else if (char >= '௦' && char <= '௯') out += String(char.charCodeAt(0) - '௦'.charCodeAt(0));
    // A stray vowel sign or pulli (after no consonant) says nothing on its own.
    else if (tamilVowelSigns[char] === undefined && char !== PULLI) out += char;
  }
  // As the pairs are said: ங்க is "ng" (எங்கள் engal), ஞ்ச is "nj" (பஞ்சு panju).
  return out.replace(/ngk/g, 'ng').replace(/njs/g, 'nj');
}

/**
 * The slug proposed for a title: Tamil spelled in Latin letters, accents dropped (Café → cafe), anything that is
 * not a letter or digit a hyphen, at most 80 characters ending at a whole word; `post` when nothing is left.
 */
export function proposeSlug(title: string): string {
  const latin = romaniseTamil(title)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (latin === '') return FALLBACK_SLUG;
  if (latin.length <= PROPOSED_SLUG_LENGTH) return latin;
  const cut = latin.slice(0, PROPOSED_SLUG_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, PROPOSED_SLUG_LENGTH)).replace(/-+$/, '');
}
