/** "Ada Lovelace" -> "Ada L.": the sheet shows visitors by first name and last initial only. */
export function nameWithLastInitial(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}
