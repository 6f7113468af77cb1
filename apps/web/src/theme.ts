import { Button, Checkbox, createTheme, PasswordInput, Radio, Select, Textarea, TextInput } from "@mantine/core";

// Medium controls everywhere (raised to 44px in styles.css); checkboxes and radios get a larger box
// so they are easy to hit with a finger.
export const theme = createTheme({
  primaryColor: "blue",
  focusRing: "auto",
  components: {
    Button: Button.extend({ defaultProps: { size: "md" } }),
    TextInput: TextInput.extend({ defaultProps: { size: "md" } }),
    PasswordInput: PasswordInput.extend({ defaultProps: { size: "md" } }),
    Select: Select.extend({ defaultProps: { size: "md" } }),
    Textarea: Textarea.extend({ defaultProps: { size: "md" } }),
    Checkbox: Checkbox.extend({ defaultProps: { size: "md" } }),
    Radio: Radio.extend({ defaultProps: { size: "md" } }),
  },
});
