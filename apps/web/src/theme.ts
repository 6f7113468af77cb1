import { createTheme } from "@mantine/core";

// Medium controls everywhere (raised to 44px in styles.css); checkboxes and radios get a larger box
// so they are easy to hit with a finger. Plain objects rather than Component.extend(): extend()
// would pull every listed component (and its popover machinery) into the first chunk.
const medium = { defaultProps: { size: "md" } };

export const theme = createTheme({
  primaryColor: "blue",
  focusRing: "auto",
  components: {
    Button: medium,
    TextInput: medium,
    PasswordInput: medium,
    NativeSelect: medium,
    Textarea: medium,
    Checkbox: medium,
    Radio: medium,
  },
});
