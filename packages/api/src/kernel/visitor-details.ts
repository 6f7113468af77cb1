/**
 * What a visit says about who its visitor is: each column, what erasing it leaves (retention, a
 * request to be forgotten), and the key a visit's event carries it under. The one list: an erased
 * or deleted visit's events lose these keys (the database's webhook_personal_keys(), held to this
 * list by admin/retention.test.ts), and an endpoint without personal details gets none of them
 * but the first name.
 */
export const visitorDetails = {
  first_name: { key: "firstName", erased: "" },
  last_name: { key: "lastName", erased: "" },
  phone_number: { key: "phoneNumber", erased: "" },
  temperature: { key: "temperature", erased: "" },
  answers: { key: "answers", erased: "{}" },
} as const;

type VisitorDetails = typeof visitorDetails;

/** A visit's details as erasure leaves them: the values an update sets. */
export const erasedVisitorDetails = Object.fromEntries(
  Object.entries(visitorDetails).map(([column, detail]) => [column, detail.erased]),
) as { [Column in keyof VisitorDetails]: VisitorDetails[Column]["erased"] };

/** The keys of a visit's event that name its visitor. */
export const visitorDetailKeys: ReadonlyArray<VisitorDetails[keyof VisitorDetails]["key"]> =
  Object.values(visitorDetails).map((detail) => detail.key);
