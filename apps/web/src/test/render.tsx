import { MantineProvider } from "@mantine/core";
import { render, type RenderOptions } from "@testing-library/react";
import type { ReactElement } from "react";
import { StaffDates } from "../components/StaffDates";
import { theme } from "../theme";

/** Renders a component inside the app's Mantine theme, as main.tsx does. */
export function renderWithTheme(ui: ReactElement, options?: RenderOptions) {
  return render(ui, {
    wrapper: ({ children }) => (
      <MantineProvider theme={theme}>
        <StaffDates>{children}</StaffDates>
      </MantineProvider>
    ),
    ...options,
  });
}
