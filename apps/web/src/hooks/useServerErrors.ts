import { useEffect, useMemo, useState } from "react";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { fieldErrorsOf, httpStatusOf } from "@vsi/web-common/api-errors";
import { translateServerMessage } from "../lib/serverMessages";
import { showFirstFieldError } from "../lib/firstFieldError";

/**
 * Failure handling for the staff forms: a 422 puts its messages under the fields (a nested
 * field such as "Label.en" by its full name) and takes the person to the first of them; anything
 * else shows the unexpected-error alert. A 422 about a field the form does not have is unexpected
 * too, or the person would see nothing at all. The messages are shown in the reader's language.
 */
export function useServerErrors(
  fields: readonly string[],
  options: { scrollToTop?: boolean } = {},
) {
  // The refusal whose field errors are shown: said again in the reader's language when it changes.
  const [refused, setRefused] = useState<unknown>(undefined);
  const [unexpected, setUnexpected] = useState(false);
  // Counts the refusals shown by fields, so each one (even the same again) goes to its field.
  const [refusals, setRefusals] = useState(0);
  const { language } = useStaffTranslation();
  const fieldErrors = useMemo(
    () => fieldErrorsOf(refused, fields, (issue) => translateServerMessage(language, issue)) ?? {},
    [refused, fields, language],
  );

  useEffect(() => {
    if (refusals > 0) showFirstFieldError();
  }, [refusals]);

  function clear() {
    setRefused(undefined);
    setUnexpected(false);
  }

  function report(error: unknown) {
    const byField = fieldErrorsOf(error, fields);
    const known = byField ? Object.keys(byField).every((field) => fields.includes(field)) : false;
    setRefused(error);
    // A 401 is handled once for the whole app (back to /login), not by each form.
    if (httpStatusOf(error) === 401) return;
    if (byField && known && Object.keys(byField).length > 0) {
      setUnexpected(false);
      setRefusals((n) => n + 1);
      return;
    }
    console.error(error);
    setUnexpected(true);
    if (options.scrollToTop) window.scrollTo({ top: 0, behavior: "smooth" });
  }

  return { fieldErrors, unexpected, clear, report };
}
