// This browser's name for itself, kept with each roll-call mark it makes, so a record can say
// which phone made a mark: its kind and four characters of its own, made once and kept.

const storageKey = "vsi.deviceName";

/** A device's kind as its browser tells it. */
export function deviceKind(userAgent: string): string {
  if (/iPhone/.test(userAgent)) return "iPhone";
  if (/iPad/.test(userAgent)) return "iPad";
  if (/Android/.test(userAgent))
    return /Mobile/.test(userAgent) ? "Android phone" : "Android tablet";
  if (/Windows/.test(userAgent)) return "Windows";
  if (/Macintosh/.test(userAgent)) return "Mac";
  if (/CrOS/.test(userAgent)) return "Chromebook";
  if (/Linux/.test(userAgent)) return "Linux";
  return "Browser";
}

export function deviceName(): string {
  const kept = localStorage.getItem(storageKey);
  if (kept) return kept;
  // Letters and digits that are not mistaken for one another.
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const own = Array.from(crypto.getRandomValues(new Uint8Array(4)), (n) => alphabet[n % 32]).join(
    "",
  );
  const name = `${deviceKind(navigator.userAgent)} ${own}`;
  localStorage.setItem(storageKey, name);
  return name;
}
