// The cascade's clock rules, pure: quiet hours and the day of the caps, in the brand's market time zone.

/** The market's wall clock at `at`: hour, minute, second. */
function wallClock(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hour: part("hour"), minute: part("minute"), second: part("second") };
}

export interface QuietHours {
  startHour: number;
  endHour: number;
}

/** Whether `at` falls in the quiet hours (start inclusive, end exclusive; a window may span midnight). */
export function inQuietHours(at: number, timeZone: string, quiet: QuietHours): boolean {
  if (quiet.startHour === quiet.endHour) return false;
  const { hour } = wallClock(at, timeZone);
  return quiet.startHour < quiet.endHour
    ? hour >= quiet.startHour && hour < quiet.endHour
    : hour >= quiet.startHour || hour < quiet.endHour;
}

/** When the quiet hours around `at` end (the next time the market's clock shows endHour:00). */
export function quietEnd(at: number, timeZone: string, quiet: QuietHours): number {
  const { hour, minute, second } = wallClock(at, timeZone);
  const hours = (quiet.endHour - hour + 24) % 24 || 24;
  return at - (minute * 60 + second) * 1000 - (at % 1000) + hours * 3_600_000;
}

/** The start of the market's day that holds `at` (the caps count from there). */
export function marketDayStart(at: number, timeZone: string): number {
  const { hour, minute, second } = wallClock(at, timeZone);
  return at - ((hour * 60 + minute) * 60 + second) * 1000 - (at % 1000);
}
