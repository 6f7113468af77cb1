import { useMemo, useState } from "react";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { fieldErrorsOf, httpStatusOf } from "@vsi/web-common/api-errors";
import { translateServerMessage } from "../lib/serverMessages";

/**
 * Failure handling for the invite, acceptance and account forms: a 422 puts its
 * messages under the fields; anything else shows the unexpected-error alert. A 422 about a field
 * the form does not have is unexpected too, or the person would see nothing at all. The messages
 * are shown in the reader's language.
 */
export function useServerErrors(
  fields: readonly string[],
  options: { scrollToTop?: boolean } = {},
) {
  const [serverErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [unexpected, setUnexpected] = useState(false);
  const { language } = useStaffTranslation();
  const fieldErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(serverErrors).map(([field, message]) => [
          field,
          translateServerMessage(language, message),
        ]),
      ) as Record<string, string>,
    [serverErrors, language],
  );

  function clear() {
    setFieldErrors({});
    setUnexpected(false);
  }

  function report(error: unknown) {
    const byField = fieldErrorsOf(error);
    const known = byField ? Object.keys(byField).every((field) => fields.includes(field)) : false;
    setFieldErrors(byField ?? {});
    // A 401 is handled once for the whole app (back to /login), not by each form.
    if (httpStatusOf(error) === 401) return;
    if (byField && known && Object.keys(byField).length > 0) {
      setUnexpected(false);
      return;
    }
    console.error(error);
    setUnexpected(true);
    if (options.scrollToTop) window.scrollTo({ top: 0, behavior: "smooth" });
  }

  return { fieldErrors, unexpected, clear, report };
}
