/**
 * Language codes as English names ("fr" → "French"). The spec's table of ~180 two-letter codes is
 * the browser's own (Intl.DisplayNames knows every ISO 639-1 code), so no table ships at all;
 * a value that is already a name, or a code the browser does not know, is shown as it is.
 */
let names: Intl.DisplayNames | undefined;

export function languageName(value: string): string {
  const code = value.trim();
  if (!/^[a-z]{2}$/i.test(code)) return code;
  try {
    names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
    return names.of(code.toLowerCase()) ?? code;
  } catch {
    return code;
  }
}
