import { NativeSelect } from "@mantine/core";
import { useState } from "react";
import { administers } from "../lib/access";
import type { User } from "../lib/types";

/**
 * Whose a row is (a program, an intake question, a webhook): the network's, a network admin's
 * alone to make, or one of the locations the user administers; `initial`, a row's owner already
 * (a network admin's to change). The server decides the call.
 */
export function useOwnerChoice(
  user: User | null | undefined,
  locations: ReadonlyArray<{ id: number; Name: string }>,
  networkLabel: string,
  initial?: number | null,
) {
  const owners = [
    ...(user?.isAdmin ? [{ value: "", label: networkLabel }] : []),
    ...locations
      .filter((location) => user && administers(user, location.id))
      .map((location) => ({ value: String(location.id), label: location.Name })),
  ];
  const [owner, setOwner] = useState(
    initial === undefined ? (owners[0]?.value ?? "") : initial === null ? "" : String(initial),
  );
  /** The owner as the API takes it: null for the network's. */
  const ownerId = owner ? Number(owner) : null;
  return { owners, owner, setOwner, ownerId };
}

interface Props {
  choice: ReturnType<typeof useOwnerChoice>;
  label: string;
  description: string;
  /** Its space below: none inside a form's own stack. */
  mb?: "md" | 0;
  /** The server's refusal of the owner, shown by the field. */
  error?: string | undefined;
}

export function OwnerSelect({ choice, label, description, mb = "md", error }: Props) {
  return (
    <NativeSelect
      mb={mb}
      label={label}
      description={description}
      error={error}
      data={choice.owners}
      value={choice.owner}
      onChange={(event) => choice.setOwner(event.currentTarget.value)}
    />
  );
}
