/**
 * Free slots as the pickers show them (docs/bookings.md): each start in the viewer's zone, with the
 * expert's own time beside it where their zone differs, both zones named by their city:
 * "10:00 your time (Paris) · 09:00 for Claire (London)".
 */
const clockOf = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** "Europe/Paris" → "Paris", "America/New_York" → "New York". */
export const cityOf = (timeZone: string): string => (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');

export interface SlotOption {
  /** The start's time on the viewer's clock, "HH:MM": what the date-and-time picker sends. */
  value: string;
  label: string;
}

export function slotOptions(slots: string[], viewer: string, expert: { firstName: string; timeZone: string }): SlotOption[] {
  return slots.map((slot) => {
    const mine = clockOf(slot, viewer);
    const theirs = clockOf(slot, expert.timeZone);
    const same = mine === theirs && cityOf(viewer) === cityOf(expert.timeZone);
    return {
      value: mine,
      label: same ? `${mine} (${cityOf(viewer)})` : `${mine} your time (${cityOf(viewer)}) · ${theirs} for ${expert.firstName} (${cityOf(expert.timeZone)})`,
    };
  });
}
