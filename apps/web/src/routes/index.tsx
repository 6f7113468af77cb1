import { Anchor, Button, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconChartBar, IconDeviceTablet, IconMapPin, IconShieldCheck } from "@tabler/icons-react";
import { createFileRoute } from "@tanstack/react-router";
import { FeatureCard } from "../components/FeatureCard";
import { contactEmail } from "../lib/contact";

export const Route = createFileRoute("/")({
  component: HomePage,
});

const cards = [
  {
    icon: IconDeviceTablet,
    title: "Sign in on a tablet",
    text: "Visitors sign in on a tablet at the door with their phone number, temperature and name. Returning visitors are recognised by their phone number.",
  },
  {
    icon: IconMapPin,
    title: "Every location and program",
    text: "Each location has its own sheet with a tab for every program it runs, so visitors are counted where they are.",
  },
  {
    icon: IconChartBar,
    title: "Reports in seconds",
    text: "Staff see who came, when and for what, filter by date, location and program, and export the results as CSV.",
  },
  {
    icon: IconShieldCheck,
    title: "Private by design",
    text: "The sheet shows only first names, last initials and the last four digits of a phone number.",
  },
];

function HomePage() {
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="sm" component="section" aria-labelledby="home-banner">
          <Title order={1} id="home-banner">
            Visitor sign-in, without the paper.
          </Title>
          <Text size="lg" maw={720}>
            We digitize the sign-in sheets at your locations: visitors sign in and out on a tablet,
            and staff see who is here and run reports from anywhere.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {cards.map((card) => (
            <FeatureCard key={card.title} {...card} iconSize={36} titleSize="h4" />
          ))}
        </SimpleGrid>
        <Stack gap="xs" component="section" aria-labelledby="home-contact">
          <Title order={2} id="home-contact">
            Bring it to your location
          </Title>
          <Text>
            Would you like digital sign-in at a new location? We would love to hear from you.
          </Text>
          <div>
            <Button component="a" href={`mailto:${contactEmail}`}>
              Contact Us
            </Button>
          </div>
          <Text size="sm" c="dimmed">
            Or write to <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>.
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}
