import { useStaffTranslation } from "@vsi/i18n/staff";
import { arrayMove } from "@dnd-kit/sortable";
import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { ListPage } from "../../../components/ListPage";
import { SortableList } from "../../../components/SortableList";
import { UnexpectedErrorAlert } from "../../../components/UnexpectedErrorAlert";
import { ButtonLink, EditLink } from "../../../components/links";
import { mayChangeOwned } from "../../../lib/access";
import { questionRows } from "../../../lib/questionList";
import { useCurrentUser } from "../../../lib/session";
import { queryClient, trpc } from "../../../lib/trpc";

export const Route = createFileRoute("/admin/questions/")({
  component: QuestionsPage,
});

const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.questions.pathKey() });

/**
 * The intake questions in the order visitors see them, the network's and each location's own
 * apart: dragged to reorder, edited, retired.
 */
function QuestionsPage() {
  const { data: questions } = useSuspenseQuery(trpc.questions.list.queryOptions({}));
  const { data: programs } = useSuspenseQuery(trpc.programs.list.queryOptions());
  const { data: locations } = useSuspenseQuery(trpc.locations.list.queryOptions());
  const user = useCurrentUser();
  // The order as dragged, shown at once while the server saves it.
  const [moved, setMoved] = useState<typeof questions | undefined>();
  const [failed, setFailed] = useState(false);
  const shown = moved ?? questions;
  const onError = (error: unknown) => {
    console.error(error);
    setFailed(true);
  };
  const settle = () => void refresh().then(() => setMoved(undefined));
  const move = useMutation(trpc.questions.update.mutationOptions({ onError, onSettled: settle }));
  const retire = useMutation(trpc.questions.retire.mutationOptions({ onError, onSettled: settle }));
  const { t, language } = useStaffTranslation();
  const items = questionRows(shown, programs, language);
  const names = new Map(locations.map((location) => [location.id, location.Name]));
  const ownerName = (owner: number | null) =>
    owner === null ? t("questions.network") : t("programs.ownOf", { name: names.get(owner) ?? "" });
  const row = (question: (typeof items)[number]) => (
    // On a phone the buttons go under the question rather than squeezing it to a column of words.
    <Group justify="space-between" style={{ flex: 1, minWidth: 0 }}>
      <div style={{ flex: "1 1 14rem", minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={500}>{question.label}</Text>
          {question.Required ? <Badge variant="light">{t("questions.required")}</Badge> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {question.ProgramIds.length === 0
            ? t("questions.everyProgram")
            : question.programNames.join(", ")}
          {question.AskEvery === "visitor" ? ` · ${t("questions.oncePerVisitor")}` : ""}
          {question.LocationId !== null
            ? ` · ${t("programs.ownOf", { name: names.get(question.LocationId) ?? "" })}`
            : ""}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap" ml="auto">
        {user && mayChangeOwned(user, question.LocationId) ? (
          <>
            <EditLink
              to="/admin/questions/$questionId/edit"
              params={{ questionId: String(question.id) }}
            />
            <Button
              variant="default"
              loading={retire.isPending && retire.variables.id === question.id}
              onClick={() => {
                setFailed(false);
                retire.mutate({ id: question.id });
              }}
            >
              {t("questions.retire")}
            </Button>
          </>
        ) : null}
      </Group>
    </Group>
  );

  // One list per owner: the network's, asked first everywhere, then each location's own. Each is
  // dragged into its own order, by whoever may change its questions.
  const owners = [...new Set(shown.map((question) => question.LocationId))];
  return (
    <ListPage
      title={t("questions.title")}
      actions={<ButtonLink to="/admin/questions/new">{t("questions.add")}</ButtonLink>}
    >
      {failed ? <UnexpectedErrorAlert /> : null}
      {items.length === 0 ? (
        <Text>{t("questions.empty")}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t("questions.orderHint")}
        </Text>
      )}
      {owners.map((owner) => {
        const group = items.filter((question) => question.LocationId === owner);
        return (
          <Stack
            key={owner ?? "network"}
            gap="xs"
            component="section"
            aria-label={ownerName(owner)}
          >
            <Title order={2} size="h4">
              {ownerName(owner)}
            </Title>
            {user && mayChangeOwned(user, owner) ? (
              <SortableList
                items={group}
                onMove={(from, to) => {
                  setFailed(false);
                  setMoved(withinGroup(shown, arrayMove(group, from, to)));
                  move.mutate({ id: group[from]!.id, Position: to });
                }}
                row={row}
              />
            ) : (
              // Another owner's, read-only here, in the order asked.
              group.map((question) => (
                <Paper key={question.id} withBorder p="sm">
                  {row(question)}
                </Paper>
              ))
            )}
          </Stack>
        );
      })}
    </ListPage>
  );
}

/** The whole list with one owner's questions put in their new order, in the places they held. */
function withinGroup<Q extends { id: number }>(
  list: Q[],
  reordered: ReadonlyArray<{ id: number }>,
) {
  const byId = new Map(list.map((question) => [question.id, question]));
  const places = new Set(reordered.map((question) => question.id));
  let next = 0;
  return list.map((question) =>
    places.has(question.id) ? byId.get(reordered[next++]!.id)! : question,
  );
}
