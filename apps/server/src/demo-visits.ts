// Three months of made-up visits for the demo install, so its reports, charts and funder summary
// show something real on a first start. Drawn from a fixed seed: every demo install looks alike.

import { demoQuestions, type DemoAnswers, type DemoProgram } from "./demo-questions.ts";

const firstNames = [
  "Maria",
  "James",
  "Aisha",
  "Tom",
  "Grace",
  "Luis",
  "Mei",
  "Omar",
  "Sofia",
  "Daniel",
  "Fatima",
  "Ken",
  "Rosa",
  "Ahmed",
  "Lena",
  "Carlos",
  "Nia",
  "Ivan",
  "Priya",
  "Jorge",
  "Hana",
  "Samuel",
  "Elena",
  "Kofi",
];
const lastNames = [
  "Lopez",
  "Chen",
  "Khan",
  "Baker",
  "Kim",
  "Garcia",
  "Wong",
  "Haddad",
  "Rossi",
  "Okafor",
  "Ali",
  "Sato",
  "Diaz",
  "Nguyen",
  "Silva",
  "Mensah",
  "Patel",
  "Reyes",
  "Novak",
  "Cruz",
];

/** A small deterministic generator (mulberry32). */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Milliseconds a zone's clock is ahead of UTC at an instant. */
function zoneOffsetMs(at: Date, zone: string): number {
  const read = (timeZone: string) => new Date(at.toLocaleString("en-US", { timeZone }));
  return read(zone).getTime() - read("UTC").getTime();
}

export interface DemoProgramAt {
  locationId: number;
  programId: number;
  /** Which demo program it is: what it asks (`demoQuestions`) and who comes to it. */
  program: DemoProgram;
  /** Days of the week it runs (0 Sunday … 6 Saturday), and about how many come on such a day. */
  days: readonly number[];
  perDay: number;
}

export interface DemoVisit {
  first_name: string;
  last_name: string;
  phone_number: string;
  temperature: string;
  location_id: number;
  program_id: number;
  time_in: Date;
  time_out: Date;
  signed_out_by: "visitor" | "staff" | "auto";
  /** The answers given at this visit: a remembered question only at a person's first. */
  answers: DemoAnswers;
}

// Springfield's ZIP codes, the nearest ones likelier.
const zipCodes = ["62701", "62702", "62702", "62703", "62703", "62703", "62704", "62707", "62711"];
// People in a household, as often as a pantry sees them.
const householdSizes = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 7];

/** A calendar date `years` (a fraction) before `now`. */
function yearsBefore(now: Date, years: number): string {
  return new Date(now.getTime() - years * 365.25 * 86_400_000).toISOString().slice(0, 10);
}

const gradeOf = (age: number) => (age < 11 ? "k-5" : age < 14 ? "6-8" : "9-12");

/**
 * Signed-out visits on each of the `days` days before `now`'s, between 9 AM and 5 PM in `zone`:
 * each program has its regulars, who come back, and new faces now and then.
 */
export function demoHistory(
  programs: readonly DemoProgramAt[],
  now: Date,
  zone: string,
  days = 91,
): DemoVisit[] {
  const random = generator(20261126);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  let phones = 0;
  const person = (program: DemoProgram) => {
    // Tutoring is for school children; the other programs see adults.
    const age = program === "tutoring" ? 6 + random() * 12 : 18 + random() * 62;
    const profile: DemoAnswers = {
      household: pick(householdSizes),
      zip: pick(zipCodes),
      grade: gradeOf(age),
      consent: true,
    };
    // Date of birth is optional: about one in four leave it out.
    if (random() < 0.75) profile.birthDate = yearsBefore(now, age);
    return {
      first: pick(firstNames),
      last: pick(lastNames),
      phone: `415555${String(2000 + ++phones).padStart(4, "0")}`,
      profile,
      answered: false,
    };
  };
  const helpChoices = ["resume", "search", "applications", "interview", "computer"];
  const visits: DemoVisit[] = [];
  const offset = zoneOffsetMs(now, zone);
  const localMidnight = Math.floor((now.getTime() + offset) / 86_400_000) * 86_400_000 - offset;
  for (const program of programs) {
    const asked = demoQuestions.filter((question) => question.programs.includes(program.program));
    const regulars: Array<ReturnType<typeof person>> = [];
    for (let day = days; day >= 1; day--) {
      const start = localMidnight - day * 86_400_000;
      if (!program.days.includes(new Date(start + offset + 43_200_000).getUTCDay())) continue;
      const count = Math.max(1, Math.round(program.perDay * (0.6 + random() * 0.8)));
      const today = new Set<string>();
      for (let i = 0; i < count; i++) {
        const returning = regulars.length > 5 && random() < 0.7;
        const who = returning ? pick(regulars) : person(program.program);
        if (!returning) regulars.push(who);
        if (today.has(who.phone)) continue;
        today.add(who.phone);
        const timeIn = start + (9 * 60 + Math.floor(random() * 8 * 60)) * 60_000;
        const stay = (15 + Math.floor(random() * 105)) * 60_000;
        const ending = random();
        const answers: DemoAnswers = {};
        for (const question of asked) {
          if (question.askEvery === "visit") {
            if (question.key === "helpWith" && random() < 0.85)
              answers.helpWith = [...new Set([pick(helpChoices), pick(helpChoices)])];
          } else if (!who.answered && who.profile[question.key] !== undefined)
            answers[question.key] = who.profile[question.key];
        }
        who.answered = true;
        visits.push({
          first_name: who.first,
          last_name: who.last,
          phone_number: who.phone,
          temperature: (97.2 + Math.floor(random() * 16) / 10).toFixed(1),
          location_id: program.locationId,
          program_id: program.programId,
          time_in: new Date(timeIn),
          time_out: new Date(timeIn + stay),
          signed_out_by: ending < 0.8 ? "visitor" : ending < 0.95 ? "staff" : "auto",
          answers,
        });
      }
    }
  }
  return visits;
}
