/** Excel reads a file without it as the local code page, so accents come out garbled. */
export const utf8Bom = "\uFEFF";

/**
 * One CSV line, quoted exactly as PostgreSQL's `COPY ... WITH (FORMAT csv)` quotes it, so the
 * batched export and the COPY export are the same bytes: a cell is quoted when it holds a comma,
 * a quote or a line break, or when it is an empty string (an absent value, null, stays bare).
 */
export function csvLine(cells: ReadonlyArray<string | null>): string {
  let line = "";
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i];
    if (i > 0) line += ",";
    if (cell === null || cell === undefined) continue;
    line += cell === "" || /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  }
  return `${line}\n`;
}

/** The first characters that make a spreadsheet run a cell as a formula: = + - @, tab, CR. */
export const formulaStarts: readonly string[] = ["=", "+", "-", "@", "\t", "\r"];

/**
 * A cell a spreadsheet would run as a formula (formulaStarts) with a leading apostrophe, as the
 * SQL-built exports write it.
 */
export function formulaSafeCell(cell: string): string {
  return formulaStarts.includes(cell.charAt(0)) ? `'${cell}` : cell;
}

/** Lower case, words joined by hyphens; `ascii` also drops accents (València -> valencia). */
export function slug(name: string, ascii: boolean): string {
  const base = ascii ? name.normalize("NFKD").replace(/\p{M}/gu, "") : name;
  const pattern = ascii ? /[^a-z0-9]+/g : /[^\p{L}\p{N}]+/gu;
  return base
    .toLowerCase()
    .replace(pattern, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}
