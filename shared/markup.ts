/** Markup handling shared by the web forms and the functions. */
const TAG = /<\/?[a-zA-Z!][^>]*>/g;

export function hasMarkup(value: string): boolean {
  return /<\/?[a-zA-Z!][^>]*>/.test(value);
}

/** Removes every tag, then leftover angle brackets, so stored text can never carry markup. */
export function stripMarkup(value: string): string {
  return value.replace(TAG, '').replace(/[<>]/g, '').trim();
}

/** Escapes text for HTML (mail bodies, server-rendered pages). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
