/** Which backups to keep: the newest of each of the last 7 days, then of each of the 4 weeks before those. */

export const keepDaily = 7;
export const keepWeekly = 4;
/** Taken before a start-up migration: kept apart from the days and weeks, the newest few only. */
export const keepBeforeMigration = 2;

export interface Dated {
  name: string;
  createdAt: Date;
  reason: string;
}

/** Days and weeks are the server's local calendar, as a coordinator reads the list. */
function localDay(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** ISO week (weeks start on Monday), written as the date of its Monday. */
function localWeek(date: Date): string {
  const monday = new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() - ((date.getDay() + 6) % 7),
  );
  return localDay(monday);
}

function newestPer<T extends Dated>(sorted: T[], key: (date: Date) => string, limit: number): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const backup of sorted) {
    const k = key(backup.createdAt);
    if (seen.has(k)) continue;
    if (seen.size === limit) break;
    seen.add(k);
    kept.push(backup);
  }
  return kept;
}

/** The names to keep; every other backup is deleted. */
export function backupsToKeep(backups: Dated[]): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const beforeMigration = newestFirst
    .filter((b) => b.reason === "before-migration")
    .slice(0, keepBeforeMigration);
  const regular = newestFirst.filter((b) => b.reason !== "before-migration");
  const daily = newestPer(regular, localDay, keepDaily);
  const oldestDaily = daily.at(-1)?.createdAt.getTime() ?? Infinity;
  const weekly = newestPer(
    regular.filter((b) => b.createdAt.getTime() < oldestDaily),
    localWeek,
    keepWeekly,
  );
  return new Set([...beforeMigration, ...daily, ...weekly].map((b) => b.name));
}
