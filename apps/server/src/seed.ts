import { randomInt } from "node:crypto";
import { insertUser, type Services } from "@vsi/api";
import { passwordRule } from "@vsi/api/schemas";
import type { Database, Transaction } from "@vsi/db";
import { demoHistory, type DemoVisit } from "./demo-visits.ts";
import { demoQuestions, type DemoProgram, type DemoQuestion } from "./demo-questions.ts";

const demoAdminEmail = "admin@example.org";

/** Four groups of four, without look-alike characters, so it can be typed from the log (80 bits). */
function randomDemoPassword(): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyz23456789";
  for (;;) {
    const groups = Array.from({ length: 4 }, () =>
      Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join(""),
    );
    const password = groups.join("-");
    if (passwordRule.safeParse(password).success) return password;
  }
}

/** The demo admin's login, for its one showing. */
export interface DemoLogin {
  email: string;
  password: string;
}

/** The demo login in one sentence, for a log line or the CLI's output. */
export function demoLoginMessage({ email, password }: DemoLogin): string {
  return `Demo data added. Log in as ${email} with password ${password} (shown only this once; change it under My Account).`;
}

/** The demo's questions, asked by the demo's programs; the visits' answers as visits keep them. */
async function insertDemoQuestions(
  trx: Transaction<Database>,
  programIds: Record<DemoProgram, number>,
) {
  const rows = await trx
    .insertInto("questions")
    .values(
      demoQuestions.map((question, position) => ({
        kind: question.kind,
        label: JSON.stringify(question.label),
        help: JSON.stringify(question.help),
        required: question.required,
        choices: JSON.stringify(question.choices),
        min: question.min,
        max: question.max,
        program_ids: JSON.stringify(question.programs.map((program) => programIds[program])),
        ask_every: question.askEvery,
        reask_after_months: question.reaskAfterMonths,
        position,
      })),
    )
    .returning("id")
    .execute();
  const ids = new Map<DemoQuestion["key"], number>(
    demoQuestions.map((question, i) => [question.key, rows[i]!.id]),
  );
  // Each answer keeps a copy of the words it was asked with, as a sign-in writes it.
  return ({ answers, ...visit }: DemoVisit) => ({
    ...visit,
    answers: JSON.stringify(
      Object.fromEntries(
        demoQuestions.flatMap((question) => {
          const value = answers[question.key];
          return value === undefined
            ? []
            : [
                [
                  ids.get(question.key),
                  { value, Label: question.label, Choices: question.choices },
                ],
              ];
        }),
      ),
    ),
  });
}

/**
 * A newcomer's first start shows a working product: an admin, two sites, three programs, their
 * intake questions, three months of visits with answers and a few people signed in now.
 * The admin's password is new on every install and only ever shown to the caller, never written to a file.
 */
/** A household of the demo: its address, size and members (first, last, phone, birth date, relationship). */
type DemoHousehold = [
  string,
  string,
  number,
  Array<[string, string, string | null, string | null, string]>,
];

// The Households page's first rows: Maria's and Tom's with the visits above, and Maria's typed in
// again by hand, a possible duplicate to merge.
const demoHouseholds: DemoHousehold[] = [
  [
    "18 Elm St",
    "62701",
    4,
    [
      ["Maria", "Lopez", "4155550101", "1984-05-12", "self"],
      ["Carlos", "Lopez", null, "1982-11-03", "spouse"],
      ["Sofia", "Lopez", null, "2012-02-20", "daughter"],
      ["Mateo", "Lopez", null, "2016-07-08", "son"],
    ],
  ],
  [
    "7 Pine Rd",
    "62702",
    2,
    [
      ["Tom", "Baker", "4155550104", null, "self"],
      ["Ruth", "Baker", null, "1950-03-14", "mother"],
    ],
  ],
  [
    "250 Oak Ave Apt 3",
    "62703",
    5,
    [
      ["Linh", "Nguyen", "4155550106", "1979-09-30", "self"],
      ["Bao", "Nguyen", null, "2010-01-15", "son"],
    ],
  ],
  ["18 Elm St.", "62701", 3, [["Maria", "Lopez", "4155550199", "1984-05-12", "self"]]],
];

async function insertDemoHouseholds(trx: Transaction<Database>) {
  for (const [address, zip, size, members] of demoHouseholds) {
    const { id } = await trx
      .insertInto("households")
      .values({ address_line1: address, zip, size })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("household_members")
      .values(
        members.map(([first, last, phone, birthDate, relationship]) => ({
          household_id: id,
          first_name: first,
          last_name: last,
          phone_number: phone,
          birth_date: birthDate,
          relationship,
        })),
      )
      .execute();
    const phones = members.flatMap(([, , phone]) => (phone ? [phone] : []));
    await trx
      .updateTable("visits")
      .set({ household_id: id })
      .where("phone_number", "in", phones)
      .execute();
  }
}

export async function seedDemoData(services: Services): Promise<DemoLogin> {
  const db = services.db.kysely;
  const password = randomDemoPassword();
  await db.transaction().execute(async (trx) => {
    const demoAdminId = await insertUser(trx, {
      firstName: "Demo",
      lastName: "Admin",
      email: demoAdminEmail,
      password,
      isAdmin: true,
    });
    // Remembered so the set-up list can ask for a password of the admin's own until there is one.
    await trx
      .updateTable("settings")
      .set((eb) => ({
        demo_password_hash: eb
          .selectFrom("users")
          .select("password_hash")
          .where("id", "=", demoAdminId),
      }))
      .execute();
    const programs = await trx
      .insertInto("programs")
      .values([{ name: "Food Pantry" }, { name: "Tutoring" }, { name: "Job Help" }])
      .returning(["id", "name"])
      .execute();
    const locations = await trx
      .insertInto("locations")
      .values([
        { name: "Main Street Community Center", address: "100 Main St, Springfield" },
        { name: "Eastside Library", address: "42 Oak Ave, Springfield" },
      ])
      .returning(["id", "time_zone"])
      .execute();
    const [pantry, tutoring, jobs] = programs;
    const [main, eastside] = locations;
    if (!pantry || !tutoring || !jobs || !main || !eastside)
      throw new Error("seed inserts returned no rows");
    await trx
      .insertInto("location_programs")
      .values([
        { location_id: main.id, program_id: pantry.id, position: 0 },
        { location_id: main.id, program_id: tutoring.id, position: 1 },
        { location_id: eastside.id, program_id: tutoring.id, position: 0 },
        { location_id: eastside.id, program_id: jobs.id, position: 1 },
      ])
      .execute();

    const now = services.now().getTime();
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000);
    const visitors = [
      ["Maria", "Lopez", "4155550101", "98.2", main.id, pantry.id, 30, 29],
      ["James", "Chen", "4155550102", "97.9", main.id, tutoring.id, 27, 25],
      ["Aisha", "Khan", "4155550103", "98.6", eastside.id, jobs.id, 5, 4],
      ["Tom", "Baker", "4155550104", "98.1", main.id, pantry.id, 1, null],
      ["Grace", "Kim", "4155550105", "97.7", eastside.id, tutoring.id, 0.5, null],
    ] as const;
    await trx
      .insertInto("visits")
      .values(
        visitors.map(([first, last, phone, temp, locationId, programId, inH, outH]) => ({
          first_name: first,
          last_name: last,
          phone_number: phone,
          temperature: temp,
          location_id: locationId,
          program_id: programId,
          time_in: hoursAgo(inH),
          time_out: outH === null ? null : hoursAgo(outH),
        })),
      )
      .execute();

    await insertDemoHouseholds(trx);

    const withAnswers = await insertDemoQuestions(trx, {
      pantry: pantry.id,
      tutoring: tutoring.id,
      jobs: jobs.id,
    });
    // Three months behind today: the pantry on weekdays and Saturdays, tutoring after school,
    // job help twice a week.
    const at = (locationId: number, programId: number, program: DemoProgram) => ({
      locationId,
      programId,
      program,
    });
    const history = demoHistory(
      [
        { ...at(main.id, pantry.id, "pantry"), days: [1, 2, 3, 4, 5, 6], perDay: 14 },
        { ...at(main.id, tutoring.id, "tutoring"), days: [1, 2, 3, 4], perDay: 6 },
        { ...at(eastside.id, tutoring.id, "tutoring"), days: [2, 4], perDay: 5 },
        { ...at(eastside.id, jobs.id, "jobs"), days: [2, 4], perDay: 4 },
      ],
      services.now(),
      main.time_zone,
    ).map(withAnswers);
    for (let i = 0; i < history.length; i += 1000)
      await trx
        .insertInto("visits")
        .values(history.slice(i, i + 1000))
        .execute();
  });
  return { email: demoAdminEmail, password };
}

/** The demo data on an install without users; the demo login when it was added. */
export async function seedDemoDataIfEmpty(services: Services): Promise<DemoLogin | undefined> {
  const anyUser = await services.db.kysely
    .selectFrom("users")
    .select("id")
    .limit(1)
    .executeTakeFirst();
  return anyUser ? undefined : seedDemoData(services);
}
