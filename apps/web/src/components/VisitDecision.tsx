import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { visitDecisionInput } from "@vsi/api/schemas";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useState } from "react";
import { translateServerMessage } from "../lib/serverMessages";

export type Decision = "approved" | "declined";

/**
 * A visit waiting past its program's visit limit: staff approve or decline it, with a reason
 * (checked by the server's own rule before it is sent).
 */
export function VisitDecision({
  visitId,
  deciding,
  error,
  onDecide,
}: {
  visitId: number;
  deciding: boolean;
  /** The server's word on the reason (a 422), until it is changed. */
  error?: string | undefined;
  onDecide: (decision: Decision, reason: string) => void;
}) {
  const { t, language } = useStaffTranslation();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const decide = (decision: Decision) => {
    const parsed = visitDecisionInput.safeParse({ id: visitId, reason });
    if (!parsed.success) {
      setProblem(translateServerMessage(language, parsed.error.issues[0]!.message));
      return;
    }
    onDecide(decision, parsed.data.reason);
  };
  return (
    <Alert color="orange" title={t("visit.waitingTitle")}>
      <Stack gap="sm">
        {t("visit.waitingBody")}
        <TextInput
          label={t("visit.reason")}
          value={reason}
          error={problem ?? error}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setProblem(undefined);
          }}
        />
        <Group>
          <Button loading={deciding} onClick={() => decide("approved")}>
            {t("visit.approve")}
          </Button>
          <Button variant="default" disabled={deciding} onClick={() => decide("declined")}>
            {t("visit.decline")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
