import { LIMITS } from '@shared/limits';
import { SHELL_MSG } from '@shared/shell-texts';
import { hasMarkup } from '@shared/markup';

/** What is wrong with a search text (spec 1 section 5), or undefined when it may be sent. */
export function searchError(query: string): string | undefined {
  if (hasMarkup(query)) return SHELL_MSG.searchHtml;
  if (query.length > LIMITS.searchMax) return SHELL_MSG.searchTooLong;
  return undefined;
}

/** The expert directory showing the results for a text. */
export const directoryUrl = (query: string) => `/experts?q=${encodeURIComponent(query.trim())}`;
