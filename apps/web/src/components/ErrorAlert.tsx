import { Alert } from "@mantine/core";
import type { ReactNode } from "react";

/** A problem the person reads first: in red, and announced at once (role="alert"). */
export function ErrorAlert({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <Alert color="red" role="alert" title={title}>
      {children}
    </Alert>
  );
}
