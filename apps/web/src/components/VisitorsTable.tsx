import { Button, Table, Text } from "@mantine/core";
import { nameWithLastInitial } from "../lib/names";
import { maskPhone } from "../lib/phone";
import { formatLocalTime } from "../lib/time";
import type { Visit } from "../lib/types";

/** The sheet's list of visitors still signed in, each with a Sign Out button. */
export function VisitorsTable({
  visits,
  onSignOut,
}: {
  visits: Visit[];
  onSignOut: (visit: Visit) => void;
}) {
  if (visits.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" size="lg">
        Nobody is signed in right now.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table fz="lg" verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone number</Table.Th>
            <Table.Th>Temperature</Table.Th>
            <Table.Th>Time in</Table.Th>
            <Table.Th>Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits.map((visit) => (
            <Table.Tr key={visit.id}>
              <Table.Td>{nameWithLastInitial(visit.FirstName, visit.LastName)}</Table.Td>
              <Table.Td>{maskPhone(visit.PhoneNumber)}</Table.Td>
              <Table.Td>{visit.Temperature}</Table.Td>
              <Table.Td>{formatLocalTime(visit.TimeIn)}</Table.Td>
              <Table.Td>
                <Button variant="light" color="red" onClick={() => onSignOut(visit)}>
                  Sign Out
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
