import { useStaffTranslation } from "@vsi/i18n/staff";
import type { ServerMessage } from "@vsi/web-common/field-errors";
import { translateServerMessage } from "../lib/serverMessages";

/**
 * Says one of the API's messages (an error's, `messageOf(error)`, by its key; or a shared schema's)
 * in the reader's language.
 */
export function useServerMessage(): (message: string | ServerMessage) => string {
  const { language } = useStaffTranslation();
  return (message) => translateServerMessage(language, message);
}
