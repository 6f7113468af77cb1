import { Button, Group, Modal, Text } from "@mantine/core";
import { nameWithLastInitial } from "../lib/names";
import type { Visit } from "../lib/types";

interface Props {
  visit: Visit | null;
  busy: boolean;
  onConfirm: (visit: Visit) => void;
  onCancel: () => void;
}

/** The confirmation before a visitor is signed out (spec section 4). */
export function SignOutModal({ visit, busy, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={visit !== null} onClose={onCancel} title="Are you sure?" centered size="md" closeButtonProps={{ "aria-label": "Close" }}>
      {visit ? (
        <>
          <Text size="lg">
            Are you sure you wish to sign out {nameWithLastInitial(visit.FirstName, visit.LastName)}
            ?
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" size="lg" onClick={onCancel}>
              Cancel
            </Button>
            <Button color="red" size="lg" loading={busy} onClick={() => onConfirm(visit)}>
              Sign Out
            </Button>
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
