import { Container, SimpleGrid, Stack } from "@mantine/core";
import { IconChartBar, IconListDetails, IconMapPin } from "@tabler/icons-react";
import { createFileRoute } from "@tanstack/react-router";
import { FeatureCard } from "../../components/FeatureCard";
import { PageTitle } from "../../components/PageTitle";
import { ButtonLink } from "../../components/links";

export const Route = createFileRoute("/dashboard/")({
  component: DashboardPage,
});

const cards = [
  {
    to: "/dashboard/locations",
    title: "Locations",
    text: "Sites with a sign-in sheet. Set up a tablet here.",
    icon: IconMapPin,
  },
  {
    to: "/dashboard/programs",
    title: "Programs",
    text: "What visitors come for, shown as tabs on each sheet.",
    icon: IconListDetails,
  },
  {
    to: "/dashboard/reports",
    title: "Reports",
    text: "Who visited, when and for which program; export as CSV.",
    icon: IconChartBar,
  },
] as const;

function DashboardPage() {
  return (
    <Container size="lg" px={0}>
      <Stack>
        <PageTitle>Dashboard</PageTitle>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {cards.map((card) => (
            <FeatureCard key={card.to} {...card} iconSize={32} titleSize="h3">
              <ButtonLink to={card.to} mt="auto">
                Manage {card.title}
              </ButtonLink>
            </FeatureCard>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
