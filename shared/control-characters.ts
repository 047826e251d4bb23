/**
 * Control characters: Unicode's Cc, that is C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
 * Text of one line (a name, a title) holds none: a CR or LF in a name would start a new header where
 * the name reaches a mail's subject. Text of several lines (a message, a bio) keeps its tabs and line
 * breaks (U+0009, U+000A, U+000D) and holds no other.
 */
export type TextLines = 'one' | 'several';

const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_BUT_TAB_AND_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;

/** Whether `text` holds a control character that text of `lines` may not. */
export const hasControlCharacters = (text: string, lines: TextLines): boolean => (lines === 'one' ? ANY_CONTROL : CONTROL_BUT_TAB_AND_LINE_BREAKS).test(text);

/** `text` on one line: each run of control characters becomes one space, and the ends are trimmed. */
export const oneLine = (text: string): string => text.replace(/\p{Cc}+/gu, ' ').trim();
