import { Button, Group, Text, Textarea } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useEffect, useState } from "react";
import { copyText } from "../lib/clipboard";

/** A link to pass on by hand: shown whole (to select and read out), and a Copy link button. */
export function CopyLinkField({ label, link }: { label: string; link: string }) {
  const { t } = useStaffTranslation();
  const [copied, setCopied] = useState<boolean | undefined>(undefined);
  // "Copied" for a moment; a new link starts over.
  useEffect(() => setCopied(undefined), [link]);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(undefined), 4000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <div>
      <Group align="flex-end" gap="xs" wrap="wrap">
        {/* Whole and wrapped, not cut off: it may be read out or typed from the screen. */}
        <Textarea
          label={label}
          value={link}
          readOnly
          autosize
          minRows={1}
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { wordBreak: "break-all" } }}
          style={{ flex: "1 1 16rem" }}
        />
        <Button onClick={() => void copyText(link).then(setCopied)}>
          {copied ? t("common.copied") : t("common.copyLink")}
        </Button>
      </Group>
      <Text size="sm" c="red.8" role="status" mt={4}>
        {copied === false ? t("common.copyFailed") : ""}
      </Text>
    </div>
  );
}
