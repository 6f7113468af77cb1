import { z } from "zod";

const count = z.number().int();

/** A funder summary's totals, as the summary counts them. */
const totals = {
  visits: count,
  people: count.meta({ description: "unduplicated people (once each, by their phone's key)" }),
  newPeople: count.meta({
    description:
      "people whose first visit ever, to the place (and program, if chosen), falls in the period",
  }),
  returningPeople: count.meta({
    description: "people who had visited the place before the period",
  }),
};

export const networkSummarySchema = z
  .object({
    network: z.object(totals).meta({
      description:
        "every location of the caller's together (the one chosen, with locationId): each person once across them, new to all of them",
    }),
    locations: z
      .array(
        z.object({
          locationId: count,
          locationName: z.string(),
          ...totals,
        }),
      )
      .meta({
        description:
          "each location on its own, side by side, by name: the caller's live locations (those without visits too) and any archived one with visits in the period; a person who went to two counts at each",
      }),
  })
  .meta({ id: "NetworkSummary" });
export type NetworkSummary = z.infer<typeof networkSummarySchema>;
