import { createTheme } from "@mantine/core";

// Medium controls everywhere (raised to 44px in styles.css); checkboxes and radios get a larger box
// so they are easy to hit with a finger. Plain objects rather than Component.extend(): extend()
// would pull every listed component (and its popover machinery) into the first chunk.
const medium = { defaultProps: { size: "md" } };

// The brand: a deep teal that reads as calm and trustworthy at a school or clinic door. Shades 7 to 9
// carry white text at WCAG AA or better (8 is 5.9:1, 9 is 7.6:1).
const brand = [
  "#e8f6f4",
  "#d0ece8",
  "#a3d9d1",
  "#72c4b8",
  "#4ab2a4",
  "#2f9f90",
  "#1f8b7d",
  "#137467",
  "#0c6459",
  "#06524a",
] as const;

export const theme = createTheme({
  colors: { brand: [...brand] },
  primaryColor: "brand",
  primaryShade: { light: 8, dark: 6 },
  focusRing: "auto",
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: "700",
    sizes: {
      h1: { fontSize: "2.25rem", lineHeight: "1.2" },
      h2: { fontSize: "1.75rem", lineHeight: "1.25" },
      h3: { fontSize: "1.375rem", lineHeight: "1.3" },
    },
  },
  fontSizes: { xs: "0.8125rem", sm: "0.9375rem", md: "1.0625rem", lg: "1.25rem", xl: "1.5rem" },
  defaultRadius: "md",
  components: {
    Button: medium,
    TextInput: medium,
    PasswordInput: {
      defaultProps: {
        size: "md",
        // Mantine's default "Toggle password visibility" would also answer to the field's own
        // label; the words are the reader's language's (StaffTheme in main.tsx).
        visibilityToggleButtonProps: { "aria-label": "Show or hide the characters" },
      },
    },
    NativeSelect: medium,
    // The same height as the text fields they sit among on a form.
    Select: medium,
    NumberInput: medium,
    MultiSelect: medium,
    Textarea: medium,
    Checkbox: medium,
    Radio: medium,
    // A group's label and hint the size of a field's.
    CheckboxGroup: medium,
    RadioGroup: medium,
    // Alert titles default to the alert's colour (green-on-light-green is 3.8:1); text colour reads at any tint.
    Alert: { styles: { title: { color: "var(--mantine-color-text)" } } },
  },
});
