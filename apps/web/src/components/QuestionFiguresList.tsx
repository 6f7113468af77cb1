import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Progress.css";
import { Badge, Group, Paper, Progress, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n";
import { figure, shareOf } from "../lib/funderSummary";
import type { QuestionFigures } from "../lib/types";
import classes from "./QuestionFiguresList.module.css";

/**
 * Each question's figures: how many people answered (of the period's people), then a number's
 * total and average, or a line per answer with its share and a bar. On paper, without the bars'
 * colours to rely on: the counts and shares are written out.
 */
export function QuestionFiguresList({
  questions,
  people,
  printed = false,
}: {
  questions: readonly QuestionFigures[];
  people: number;
  printed?: boolean;
}) {
  const { t } = useStaffTranslation();
  if (questions.length === 0) return null;
  return (
    <Stack gap="sm" role="region" aria-label={t("reports.funder.questions")}>
      <div className={classes.heading}>
        <Text fw={600}>{t("reports.funder.questions")}</Text>
        <Text size="xs" c={printed ? undefined : "dimmed"}>
          {t("reports.funder.questionsNote")}
        </Text>
      </div>
      <SimpleGrid cols={printed ? 3 : { base: 1, sm: 2 }} spacing={printed ? "xs" : "md"}>
        {questions.map((question) => (
          <QuestionCard
            key={question.questionId}
            question={question}
            people={people}
            printed={printed}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function QuestionCard({
  question,
  people,
  printed,
}: {
  question: QuestionFigures;
  people: number;
  printed: boolean;
}) {
  const { t, locale } = useStaffTranslation();
  return (
    <Paper
      withBorder
      p={printed ? "xs" : "sm"}
      radius="md"
      className={classes.question}
      aria-label={question.label}
      component="section"
    >
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} size={printed ? "sm" : "md"}>
            {question.label}
          </Text>
          {question.retired ? (
            <Badge variant="light" color="gray" size="sm">
              {t("reports.funder.retired")}
            </Badge>
          ) : null}
        </Group>
        <Text size={printed ? "xs" : "sm"} c={printed ? undefined : "dimmed"}>
          {t("reports.funder.answered", {
            answered: figure(question.answered, locale),
            people: figure(people, locale),
          })}
        </Text>
        {question.kind === "date" ? (
          <Text size="xs" c={printed ? undefined : "dimmed"}>
            {t("reports.funder.ageAtVisit")}
          </Text>
        ) : null}
        {question.sum !== null ? (
          <Group gap="lg">
            <Figure label={t("reports.funder.total")} value={figure(question.sum, locale)} />
            <Figure
              label={t("reports.funder.average")}
              value={question.mean === null ? "—" : figure(question.mean, locale)}
            />
          </Group>
        ) : null}
        {question.counts.length > 0 ? (
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Thead className={classes.visuallyHidden}>
              <Table.Tr>
                <Table.Th>{t("reports.funder.answer")}</Table.Th>
                <Table.Th>{t("reports.funder.people")}</Table.Th>
                <Table.Th>{t("reports.funder.share")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {question.counts.map((count) => (
                <Table.Tr key={count.value}>
                  <Table.Td className={classes.answerLabel}>{count.label}</Table.Td>
                  <Table.Td className={classes.number}>{figure(count.count, locale)}</Table.Td>
                  <Table.Td className={classes.share}>
                    <Group gap={6} wrap="nowrap">
                      {printed ? null : (
                        <Progress
                          aria-hidden
                          value={question.answered ? (100 * count.count) / question.answered : 0}
                          size="sm"
                          w={80}
                        />
                      )}
                      <Text span size="xs">
                        {shareOf(count.count, question.answered, locale)}
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
    </div>
  );
}
