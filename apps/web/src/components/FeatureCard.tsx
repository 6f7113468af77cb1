import { Card, Text, Title, type TitleProps } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** A bordered card that is a section of its own: an icon, a heading, a sentence, then any action. */
export function FeatureCard({
  icon: CardIcon,
  iconSize,
  title,
  titleSize,
  text,
  children,
}: {
  icon: Icon;
  iconSize: number;
  title: string;
  titleSize: TitleProps["size"];
  text: string;
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" component="section">
      <CardIcon size={iconSize} aria-hidden="true" />
      <Title order={2} size={titleSize} mt="sm">
        {title}
      </Title>
      <Text mt="xs" mb={children === undefined ? undefined : "md"}>
        {text}
      </Text>
      {children}
    </Card>
  );
}
