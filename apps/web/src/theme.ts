import { createTheme } from "@mantine/core";

// Medium controls everywhere (raised to 44px in styles.css); checkboxes and radios get a larger box
// so they are easy to hit with a finger. Plain objects rather than Component.extend(): extend()
// would pull every listed component (and its popover machinery) into the first chunk.
const medium = { defaultProps: { size: "md" } };

export const theme = createTheme({
  primaryColor: "blue",
  // Shade 8 keeps white-on-blue buttons and blue links above WCAG AA contrast (shade 6 is 3.3:1).
  primaryShade: { light: 8, dark: 6 },
  focusRing: "auto",
  components: {
    Button: medium,
    TextInput: medium,
    PasswordInput: {
      defaultProps: {
        size: "md",
        // Mantine's default "Toggle password visibility" would also answer to the field's own label.
        visibilityToggleButtonProps: { "aria-label": "Show or hide the characters" },
      },
    },
    NativeSelect: medium,
    Textarea: medium,
    Checkbox: medium,
    Radio: medium,
    // Alert titles default to the alert's colour (green-on-light-green is 3.8:1); text colour reads at any tint.
    Alert: { styles: { title: { color: "var(--mantine-color-text)" } } },
  },
});
