import { Button, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { labelSizes, type LabelPrinter, type LabelSize } from "@vsi/api/schemas";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useState } from "react";
import { useServerErrors } from "../hooks/useServerErrors";
import { queryClient, trpc } from "../lib/trpc";
import { UnexpectedErrorAlert } from "./UnexpectedErrorAlert";

const fields = ["LabelSize", "LabelPrinter.host", "LabelPrinter.port"] as const;

/**
 * A location's tickets (admins): the page size the browser prints them on, and a network label
 * printer (ZPL, port 9100) on the site's own network that the server sends them to. Saved on its
 * own, apart from the location's form.
 */
export function LocationLabels({
  locationId,
  initial,
}: {
  locationId: number;
  initial: { LabelSize: LabelSize; LabelPrinter: LabelPrinter | null };
}) {
  const { t } = useStaffTranslation();
  const [size, setSize] = useState<LabelSize>(initial.LabelSize);
  const [hasPrinter, setHasPrinter] = useState(initial.LabelPrinter !== null);
  const [host, setHost] = useState(initial.LabelPrinter?.host ?? "");
  const [port, setPort] = useState<number | string>(initial.LabelPrinter?.port ?? 9100);
  const [saved, setSaved] = useState(false);
  const errors = useServerErrors(fields);
  const update = useMutation(
    trpc.locations.update.mutationOptions({
      onSuccess: () => {
        setSaved(true);
        void queryClient.invalidateQueries({ queryKey: trpc.locations.pathKey() });
      },
      onError: errors.report,
    }),
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        errors.clear();
        setSaved(false);
        update.mutate({
          id: locationId,
          LabelSize: size,
          LabelPrinter: hasPrinter ? { kind: "zpl", host, port: Number(port) } : null,
        });
      }}
    >
      <Stack gap="sm">
        <Text fw={600}>{t("ticket.settingsTitle")}</Text>
        {errors.unexpected ? <UnexpectedErrorAlert /> : null}
        <Select
          label={t("ticket.size")}
          description={t("ticket.sizeHint")}
          data={labelSizes.map((value) => ({
            value,
            label: t(`ticket.sizes.${value.replaceAll(".", "_")}`),
          }))}
          value={size}
          allowDeselect={false}
          error={errors.fieldErrors.LabelSize}
          onChange={(value) => value && setSize(value)}
        />
        <Switch
          label={t("ticket.printer")}
          description={t("ticket.printerHint")}
          checked={hasPrinter}
          onChange={(event) => setHasPrinter(event.currentTarget.checked)}
        />
        {hasPrinter ? (
          <Group align="flex-start" grow>
            <TextInput
              label={t("ticket.host")}
              placeholder="192.168.1.50"
              value={host}
              error={errors.fieldErrors["LabelPrinter.host"]}
              onChange={(event) => setHost(event.currentTarget.value)}
            />
            <NumberInput
              label={t("ticket.port")}
              value={port}
              min={1}
              max={65535}
              allowDecimal={false}
              error={errors.fieldErrors["LabelPrinter.port"]}
              onChange={setPort}
            />
          </Group>
        ) : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t("ticket.save")}
          </Button>
          {saved ? (
            <Text role="status" c="teal">
              {t("ticket.saved")}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
