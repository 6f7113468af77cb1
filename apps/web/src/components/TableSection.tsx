import { Stack, Title, type TitleProps } from "@mantine/core";
import { ScrollTable, type ScrollTableProps } from "./ScrollTable";

/**
 * A section headed by its title and holding a table of that name. The table's region carries the
 * heading's name: a named section would say it twice.
 */
export function TableSection<Row>({
  title,
  titleSize,
  ...table
}: Omit<ScrollTableProps<Row>, "label"> & { title: string; titleSize?: TitleProps["size"] }) {
  return (
    <Stack component="section">
      <Title order={2} size={titleSize}>
        {title}
      </Title>
      <ScrollTable label={title} {...table} />
    </Stack>
  );
}
