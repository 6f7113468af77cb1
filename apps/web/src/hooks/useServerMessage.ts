import { useStaffTranslation } from "@vsi/i18n/staff";
import { translateServerMessage } from "../lib/serverMessages";

/** Says one of the API's messages (or a shared schema's) in the reader's language. */
export function useServerMessage(): (message: string) => string {
  const { language } = useStaffTranslation();
  return (message) => translateServerMessage(language, message);
}
