// A filter form's fields hold strings, "" for "not chosen"; the query string holds numbers and
// dates, or nothing.

/** A chosen id, or undefined for "". */
export const idOrUndefined = (value: string) => (value === "" ? undefined : Number(value));

/** A chosen value, or undefined for "". */
export const textOrUndefined = (value: string) => (value === "" ? undefined : value);

/** The field's value for an id from the query string. */
export const idField = (id: number | undefined) => (id ? String(id) : "");
