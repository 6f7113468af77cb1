import { useMutation } from "@tanstack/react-query";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { httpStatusOf, messageOf } from "@vsi/web-common/api-errors";
import { useState } from "react";
import { translateServerMessage } from "../lib/serverMessages";
import { trpc } from "../lib/trpc";
import { useServerErrors } from "./useServerErrors";

const deskFields = ["desk"] as const;

/**
 * The line's steps as staff take them at a desk (call next, call one, served, not present), with
 * the desk they call to. A refusal (409: someone else moved the number first) is kept to show by
 * the buttons, a blank desk under its field, anything else as failed. `changed` runs after every
 * step, done or refused, since either way the line may have moved.
 */
export function useQueueActions(changed: () => void) {
  const { language } = useStaffTranslation();
  const [desk, setDesk] = useState("");
  const errors = useServerErrors(deskFields);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onError = (error: unknown) => {
    if (httpStatusOf(error) === 409) {
      errors.clear();
      setRefusal(translateServerMessage(language, messageOf(error)));
    } else {
      setRefusal(null);
      errors.report(error);
    }
    changed();
  };
  const onSuccess = () => {
    errors.clear();
    setRefusal(null);
    changed();
  };
  const callbacks = { onError, onSuccess };
  return {
    desk,
    setDesk,
    deskError: errors.fieldErrors.desk,
    refusal,
    failed: errors.unexpected,
    callNext: useMutation(trpc.queue.callNext.mutationOptions(callbacks)),
    call: useMutation(trpc.queue.callNumber.mutationOptions(callbacks)),
    served: useMutation(trpc.queue.served.mutationOptions(callbacks)),
    noShow: useMutation(trpc.queue.noShow.mutationOptions(callbacks)),
  };
}

export type QueueActions = ReturnType<typeof useQueueActions>;
