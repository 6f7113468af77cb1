import { Alert, Button, Group, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { formatPhoneInput, phoneDigits } from "@vsi/web-common/phone";
import { queryClient, trpc } from "../lib/trpc";
import { useServerErrors } from "../hooks/useServerErrors";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";

/** Hands the browser a JSON file to save: what the person is given. */
function download(file: string, data: unknown) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }),
  );
  const link = Object.assign(document.createElement("a"), { href: url, download: file });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A request to be forgotten: export one phone number's visits, then erase its details from all of them. */
export function ForgetVisitor() {
  const { t } = useStaffTranslation();
  const [phone, setPhone] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  const errors = useServerErrors(["phoneNumber"]);
  const done = (text: string) => {
    errors.clear();
    setMessage(text);
  };
  const exportVisits = useMutation(
    trpc.visitors.export.mutationOptions({
      onSuccess: ({ visits }) => {
        const file = `visits-${phoneDigits(phone)}.json`;
        download(file, visits);
        done(t("settings.exported", { count: visits.length, file }));
      },
      onError: errors.report,
    }),
  );
  const forget = useMutation(
    trpc.visitors.forget.mutationOptions({
      onSuccess: ({ erased }) => {
        close();
        done(t("settings.erased", { count: erased }));
        void queryClient.invalidateQueries({ queryKey: trpc.settings.get.queryKey() });
      },
      onError: (error) => {
        close();
        errors.report(error);
      },
    }),
  );
  const input = { phoneNumber: phoneDigits(phone) };

  return (
    <Stack component="section" aria-labelledby="forget-title">
      <Title order={2} id="forget-title">
        {t("settings.forgetTitle")}
      </Title>
      <Text maw={720}>{t("settings.forgetIntro")}</Text>
      {errors.unexpected ? <UnexpectedErrorAlert /> : null}
      <TextInput
        label={t("settings.phone")}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="415-555-1234"
        value={phone}
        onChange={(event) => {
          setPhone(formatPhoneInput(event.currentTarget.value));
          setMessage(null);
        }}
        error={errors.fieldErrors.phoneNumber}
        maw={320}
      />
      <Group>
        <Button
          variant="default"
          loading={exportVisits.isPending}
          onClick={() => exportVisits.mutate(input)}
        >
          {t("settings.export")}
        </Button>
        <Button color="red.9" onClick={open}>
          {t("settings.erase")}
        </Button>
      </Group>
      {message ? (
        <Alert color="green" role="status">
          {message}
        </Alert>
      ) : null}
      <Modal
        opened={confirming}
        onClose={close}
        title={t("settings.eraseTitle")}
        closeButtonProps={{ "aria-label": t("common.close") }}
        centered
      >
        <Text>{t("settings.eraseBody")}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close}>
            {t("settings.cancel")}
          </Button>
          <Button color="red.9" loading={forget.isPending} onClick={() => forget.mutate(input)}>
            {t("settings.eraseConfirm")}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
