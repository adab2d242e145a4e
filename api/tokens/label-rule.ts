// When creator-written text may be shown as a token's name or symbol. A label is short, one line, plain
// words: a name of at most 32 characters and 5 words of letters, digits, spaces and a little punctuation,
// without links, markup or control characters; a symbol of 1 to 12 ASCII letters or digits (and . _ -
// inside), an optional leading `$` dropped. Anything else (sentences, instructions, URLs, emoji strings) is
// not a label and reads null. Both are returned NFKC-normalised, trimmed, spaces collapsed.

const NAME_MAX_CHARS = 32;
const NAME_MAX_WORDS = 5;
const NAME_CHARS = /^[\p{L}\p{N} .,'’&!?()+:#/-]+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LINK = /(:\/\/|www\.|\.(com|io|xyz|net|org|app|gg|fun|so|ai|me|co)\b)/i;
const SYMBOL = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,10}[A-Za-z0-9])?$/;

function tidy(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

export function labelName(text: string): string | null {
  if (/[\p{Cc}\p{Cf}]/u.test(text.replace(/[ \t]/g, ''))) return null;
  const name = tidy(text);
  if (name.length === 0 || [...name].length > NAME_MAX_CHARS) return null;
  if (!NAME_CHARS.test(name) || !HAS_LETTER_OR_DIGIT.test(name) || LINK.test(name)) return null;
  if (name.split(' ').length > NAME_MAX_WORDS) return null;
  return name;
}

export function labelSymbol(text: string): string | null {
  const symbol = tidy(text).replace(/^\$/, '');
  return SYMBOL.test(symbol) ? symbol : null;
}
