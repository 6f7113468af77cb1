import { Button, Table, Text } from "@mantine/core";
import { useKioskTranslation } from "../lib/i18n";
import { useEffect, useRef } from "react";
import { nameWithLastInitial } from "../lib/names";
import { maskPhone } from "../lib/phone";
import { formatLocalTime } from "../lib/time";
import type { SheetVisit } from "../lib/queuedVisits";

/** The sheet's list of visitors still signed in, each with a Sign Out button; a new row is marked and scrolled to. */
export function VisitorsTable({
  visits,
  highlightId,
  onSignOut,
}: {
  visits: SheetVisit[];
  highlightId?: number | null;
  onSignOut: (visit: SheetVisit) => void;
}) {
  const { t, i18n } = useKioskTranslation();
  const highlighted = useRef<HTMLTableRowElement>(null);
  const shown = visits.some((visit) => visit.id === highlightId);
  useEffect(() => {
    if (shown) highlighted.current?.scrollIntoView({ block: "center" });
  }, [shown, highlightId]);

  if (visits.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" size="xl">
        {t("sheet.nobody")}
      </Text>
    );
  }
  return (
    // A plain scrolling box (Mantine's ScrollContainer would add its scroll area to the sheet's load).
    <div style={{ overflowX: "auto" }}>
      <Table fz="lg" verticalSpacing="sm" highlightOnHover={false} style={{ whiteSpace: "nowrap" }} miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th fz="md">{t("sheet.name")}</Table.Th>
            <Table.Th fz="md">{t("sheet.phone")}</Table.Th>
            <Table.Th fz="md">{t("sheet.temperature")}</Table.Th>
            <Table.Th fz="md">{t("sheet.timeIn")}</Table.Th>
            <Table.Th fz="md">{t("sheet.action")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits.map((visit) => {
            const name = nameWithLastInitial(visit.FirstName, visit.LastName);
            const isNew = visit.id === highlightId;
            return (
              <Table.Tr
                key={visit.id}
                ref={isNew ? highlighted : undefined}
                aria-current={isNew ? "true" : undefined}
                bg={isNew ? "brand.0" : undefined}
                style={isNew ? { boxShadow: "inset 6px 0 0 var(--mantine-color-brand-8)" } : undefined}
              >
                <Table.Td fw={600}>
                  {name}
                  {visit.signInKey !== undefined ? (
                    // Saved on this tablet, not yet on the server: said in words, not only by a colour.
                    <Text component="span" display="block" fz="sm" fw={500} c="gray.8">
                      {t("sheet.waiting")}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{maskPhone(visit.PhoneNumber)}</Table.Td>
                <Table.Td>{visit.Temperature}</Table.Td>
                <Table.Td>{formatLocalTime(visit.TimeIn, undefined, i18n.language)}</Table.Td>
                <Table.Td>
                  <Button variant="outline" color="red.9" bg="white" onClick={() => onSignOut(visit)}>
                    {t("sheet.signOut")}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
