// Only the stylesheets of the Mantine components this app uses (and the ones they are built on),
// in Mantine's documented order: the whole of @mantine/core/styles.css is 36 kB gzipped, and every
// page, the tablet's sheet included, would load all of it. Add a component's file when you use it.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
// Building blocks other components reuse.
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Flex.css";
// The components the app renders; those only staff pages use are in staff-styles.ts, loaded with
// the staff shell, so the tablet's sheet never downloads them.
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Fieldset.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Tabs.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
