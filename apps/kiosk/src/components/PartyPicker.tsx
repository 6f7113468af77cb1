import { useId } from "react";
import { useKioskTranslation } from "@vsi/i18n";
import { maxPartySize } from "@vsi/api/schemas";
import { nameWithLastInitial } from "../lib/names";
import { KioskButton } from "./KioskButton";
import classes from "./PartyPicker.module.css";

/** A member of the visitor's household, as the lookup names them (first name, last initial). */
export interface PartyMember {
  id: number;
  FirstName: string;
  LastName: string;
  /** The member whose phone was typed: the visitor. */
  ThisPhone: boolean;
}

/** Who came: the household's members ticked, and how many more (or, with no members known, how many in all). */
export interface Party {
  memberIds: number[];
  others: number;
}

/** The party as the sign-in sends it: its size, and the members who came when there are any. */
export function partyFields(party: Party, members: readonly PartyMember[] | null) {
  const size = Math.max(1, party.memberIds.length + party.others);
  return members ? { PartySize: size, HouseholdMemberIds: party.memberIds } : { PartySize: size };
}

/** Where a party starts: the visitor alone (their own member ticked when known). */
export function startingParty(members: readonly PartyMember[] | null): Party {
  const you = members?.find((member) => member.ThisPhone);
  return members
    ? { memberIds: you ? [you.id] : [], others: you ? 0 : 1 }
    : { memberIds: [], others: 1 };
}

/**
 * For a program that signs in households: the visitor ticks who of their household came (found by
 * their phone) and counts anyone else, or, a first visit, says how many people in all. Big
 * targets, one number in sight: a party's total.
 */
export function PartyPicker({
  members,
  party,
  onChange,
}: {
  members: readonly PartyMember[] | null;
  party: Party;
  onChange: (party: Party) => void;
}) {
  const { t } = useKioskTranslation();
  const id = useId();
  const total = party.memberIds.length + party.others;
  // With members known, the count is of those not listed (0 or more); else of everyone (1 or more).
  const least = members && party.memberIds.length > 0 ? 0 : 1;
  const most = maxPartySize - party.memberIds.length;
  const toggle = (memberId: number) => {
    const memberIds = party.memberIds.includes(memberId)
      ? party.memberIds.filter((chosen) => chosen !== memberId)
      : [...party.memberIds, memberId];
    // Nobody ticked: the count is of everyone again, the visitor at least.
    onChange({
      memberIds,
      others: memberIds.length === 0 ? Math.max(1, party.others) : party.others,
    });
  };
  const count = (others: number) =>
    onChange({ ...party, others: Math.min(most, Math.max(least, others)) });
  return (
    <fieldset className={classes.party} aria-describedby={`${id}-hint`}>
      <legend className={classes.legend}>{t("form.party.title")}</legend>
      <p id={`${id}-hint`} className={classes.hint}>
        {t("form.party.hint")}
      </p>
      {members ? (
        <div className={classes.members}>
          {members.map((member) => {
            const name = nameWithLastInitial(member.FirstName, member.LastName);
            return (
              <label key={member.id} className={classes.member}>
                <input
                  type="checkbox"
                  className={classes.check}
                  checked={party.memberIds.includes(member.id)}
                  onChange={() => toggle(member.id)}
                />
                <span>{member.ThisPhone ? t("form.party.you", { name }) : name}</span>
              </label>
            );
          })}
        </div>
      ) : null}
      <div role="group" aria-labelledby={`${id}-count`} className={classes.stepper}>
        <span id={`${id}-count`} className={classes.countLabel}>
          {t(members ? "form.party.others" : "form.party.count")}
        </span>
        <span className={classes.controls}>
          <KioskButton
            variant="default"
            aria-label={t("form.party.fewer")}
            disabled={party.others <= least}
            onClick={() => count(party.others - 1)}
          >
            −
          </KioskButton>
          <output className={classes.number}>{party.others}</output>
          <KioskButton
            variant="default"
            aria-label={t("form.party.more")}
            disabled={party.others >= most}
            onClick={() => count(party.others + 1)}
          >
            +
          </KioskButton>
        </span>
      </div>
      <p className={classes.total} aria-live="polite">
        {t("form.party.total", { count: Math.max(1, total) })}
      </p>
    </fieldset>
  );
}
