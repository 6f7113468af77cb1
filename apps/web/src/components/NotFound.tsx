import { Container, Stack, Text, Title } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { Link } from "@tanstack/react-router";

export function NotFound() {
  const { t } = useStaffTranslation();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>{t("notFound.title")}</Title>
        <Text>
          {t("notFound.body")} <Link to="/">{t("notFound.home")}</Link>.
        </Text>
      </Stack>
    </Container>
  );
}
