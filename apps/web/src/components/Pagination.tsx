import { Button, Group, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { pageItems } from "../lib/pagination";

interface Props {
  page: number;
  lastPage: number;
  onPageChange: (page: number) => void;
}

/**
 * Prev, the first and last page, the pages around the current one with ellipses, and Next,
 * centred under a list; nothing when the list fits on one page.
 */
export function Pagination({ page, lastPage, onPageChange }: Props) {
  const { t } = useStaffTranslation();
  if (lastPage <= 1) return null;
  return (
    <Group component="nav" aria-label={t("pagination.label")} gap="xs" justify="center">
      <Button variant="default" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        {t("pagination.prev")}
      </Button>
      {pageItems(page, lastPage).map((item) =>
        typeof item === "number" ? (
          <Button
            key={item}
            variant={item === page ? "filled" : "default"}
            aria-current={item === page ? "page" : undefined}
            onClick={() => onPageChange(item)}
            miw={44}
            px="xs"
          >
            {item}
          </Button>
        ) : (
          <Text key={item} component="span" px={4} aria-hidden="true">
            …
          </Text>
        ),
      )}
      <Button variant="default" disabled={page >= lastPage} onClick={() => onPageChange(page + 1)}>
        {t("pagination.next")}
      </Button>
    </Group>
  );
}
