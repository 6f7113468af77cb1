import { Anchor, Button, Container, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { IconChartBar, IconDeviceTablet, IconMapPin, IconShieldCheck } from "@tabler/icons-react";
import { createFileRoute } from "@tanstack/react-router";
import { FeatureCard } from "../components/FeatureCard";
import { contactEmail } from "../lib/contact";
import { dashboardIfLoggedIn } from "../lib/guards";

export const Route = createFileRoute("/")({
  beforeLoad: dashboardIfLoggedIn,
  component: HomePage,
});

const cards = [
  {
    icon: IconDeviceTablet,
    key: "tablet",
  },
  {
    icon: IconMapPin,
    key: "locations",
  },
  {
    icon: IconChartBar,
    key: "reports",
  },
  {
    icon: IconShieldCheck,
    key: "private",
  },
];

function HomePage() {
  const { t } = useStaffTranslation();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap="sm" component="section" aria-labelledby="home-banner">
          <Title order={1} id="home-banner">
            {t("home.title")}
          </Title>
          <Text size="lg" maw={720}>
            {t("home.lead")}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {cards.map(({ key, icon }) => (
            <FeatureCard
              key={key}
              icon={icon}
              title={t(`home.cards.${key}.title`)}
              text={t(`home.cards.${key}.text`)}
              iconSize={36}
              titleSize="h4"
            />
          ))}
        </SimpleGrid>
        <Stack gap="xs" component="section" aria-labelledby="home-contact">
          <Title order={2} id="home-contact">
            {t("home.contactTitle")}
          </Title>
          <Text>{t("home.contactText")}</Text>
          <div>
            <Button component="a" href={`mailto:${contactEmail}`}>
              {t("home.contactButton")}
            </Button>
          </div>
          <Text size="sm" c="dimmed">
            {t("home.writeTo")} <Anchor href={`mailto:${contactEmail}`}>{contactEmail}</Anchor>.
          </Text>
        </Stack>
      </Stack>
    </Container>
  );
}
