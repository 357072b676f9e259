//! The words of the ways to spend a hit's bumps, as the bump box offers them: where the bumps
//! go and the damage rows the hit adds of itself, each choice once, and why fewer damage rows
//! may hit harder.

use crate::rules::shot::BumpSpend;
use crate::sim::model::BumpOption;

/// A way to spend the bumps in words, the choice first: "Save a bump as a bonus counter - chest:
/// 4 wounds (1 to damage)", "Dominance: 2 bumps for DOMINATED - belly: 3 wounds",
/// "left arm: 7 wounds, 5 Conc (1 bump to move the hit, 1 to damage)".
pub fn option_words(o: &BumpOption, judge: bool) -> String {
    let mut s = format!(
        "{}: {}",
        o.location.name(),
        crate::rules::words::count(o.wounds, "wound", "wounds")
    );
    if o.wounds > crate::rules::damage::DISABLING_WOUND {
        s.push_str(&format!(
            " (its {} boxes full)",
            crate::rules::damage::DISABLING_WOUND
        ));
    }
    if o.conc > 0 {
        s.push_str(&format!(", {} Conc", o.conc));
    }
    if o.stopped {
        s.push_str(", stopped by the cover");
    }
    s.push_str(&bumps_words(o));
    let dominance = crate::rules::melee::Dominance::from_level(o.dominance).name();
    let lead = match o.spend {
        BumpSpend::Save => Some("Save a bump as a bonus counter".to_string()),
        BumpSpend::Dominance(_) => Some(format!(
            "Dominance: {} bump{} for {dominance}",
            o.dominance_bumps,
            if o.dominance_bumps == 1 { "" } else { "s" }
        )),
        _ if o.dominance_bumps > 0 => Some(format!(
            "{} toward dominance ({dominance})",
            o.dominance_bumps
        )),
        _ => None,
    };
    let s = match lead {
        Some(lead) => format!("{lead} - {s}"),
        None => s,
    };
    if judge {
        format!("The Judge's way - {s}")
    } else {
        s
    }
}

/// What a choice would leave the foe, after its words: "KILLS", "KNOCKS OUT", "disables the
/// right arm, stuns at 46 %", "stuns at 31 %" (a play-test could not tell which choice put
/// the foe down).
pub fn fate_words(fate: crate::rules::damage::Fate, stuns: Option<f64>) -> String {
    use crate::rules::damage::Fate;
    let mut words: Vec<String> = Vec::new();
    match fate {
        Fate::Killed => words.push("KILLS".into()),
        Fate::Unconscious => words.push("KNOCKS OUT".into()),
        Fate::LimbDisabled(part) => words.push(format!("disables the {}", part.name())),
        Fate::Standing => {}
    }
    if let Some(p) = stuns {
        words.push(format!("stuns at {:.0} %", p * 100.0));
    }
    if words.is_empty() {
        String::new()
    } else {
        format!(": {}", words.join(", "))
    }
}

/// The choice, of those offered (`offered`, indices into `fates`), that leaves the foe worse
/// off than the Judge's way (the first) does, by the measure `hard` spends its bumps by
/// (`query::fate_harm`: killed, knocked out, a limb disabled, the chance to stun), by a tenth
/// or more; the worst such. A play-test took the Judge's way with a knock-out listed below
/// it, unmarked.
pub fn hardest(
    fates: &[(crate::rules::damage::Fate, Option<f64>)],
    offered: impl IntoIterator<Item = usize>,
) -> Option<usize> {
    let harm = |i: usize| {
        fates
            .get(i)
            .map(|&(f, s)| crate::sim::query::fate_harm(f, s))
    };
    let judge = harm(0)?;
    offered
        .into_iter()
        .filter_map(|i| harm(i).map(|h| (i, h)))
        .filter(|&(_, h)| h >= judge + 0.1)
        .fold(None, |best: Option<(usize, f64)>, (i, h)| match best {
            Some((_, b)) if h <= b => best,
            _ => Some((i, h)),
        })
        .map(|(i, _)| i)
}

/// Where the `bumps` to spend go, and the damage rows the hit adds of itself, so the numbers
/// add up to the bumps the box names: "(1 to move the hit, 2 to damage; +2 damage rows for the
/// head)". The damage rows of `BumpOption` count the bumps left over and the rows a head or
/// vitals hit or more hits add free (a play-test read "4 bumps to spend" beside "1 to move
/// the hit, 4 to damage").
fn bumps_words(o: &BumpOption) -> String {
    let to_damage = o.damage_bumps - o.free_rows;
    let at_location = crate::rules::damage::location_damage_bumps(o.location).min(o.free_rows);
    let more_hits = o.free_rows - at_location;
    let mut spent = Vec::new();
    if o.location_bumps > 0 {
        spent.push(format!("{} to move the hit", o.location_bumps));
    }
    if to_damage > 0 {
        spent.push(format!("{to_damage} to damage"));
    }
    let mut free_rows = Vec::new();
    if at_location > 0 {
        free_rows.push(format!(
            "+{} for the {}",
            crate::rules::words::count(at_location, "damage row", "damage rows"),
            o.location.name()
        ));
    }
    if more_hits > 0 {
        free_rows.push(format!(
            "+{} for the hits after the first",
            crate::rules::words::count(more_hits, "damage row", "damage rows")
        ));
    }
    match (spent.is_empty(), free_rows.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!(" ({})", spent.join(", ")),
        (true, false) => format!(" ({})", free_rows.join(", ")),
        (false, false) => format!(" ({}; {})", spent.join(", "), free_rows.join(", ")),
    }
}

/// Why a choice with fewer damage rows may hit harder, when one does: the effect is read on
/// the card, where a cell may carry an increased effect that adds another card (a play-test
/// took "Save a bump: 4 wounds" beside "1 to damage: 3 wounds" for a bug).
pub fn fewer_rows_hit_harder(options: &[BumpOption]) -> Option<&'static str> {
    let harder = options.iter().any(|a| {
        options.iter().any(|b| {
            a.location == b.location && a.damage_bumps < b.damage_bumps && a.effect > b.effect
        })
    });
    harder.then_some(
        "The effect is read on the card: a cell with an increased effect adds another card, \
         so here fewer damage rows hit harder.",
    )
}

/// The ways to spend the bumps a player chooses between, with their places in the list: two
/// that come to the same words (the Judge's way again, a hit moved to the same leg by another
/// path) are one choice, the first kept (a play-test met "left leg: 3 wounds" twice); a hit
/// moved to where another choice already puts it, for no more wounds or Conc, is no choice
/// (a play-test met "chest" moved to "chest", the same numbers for a bump spent).
pub fn distinct(options: &[BumpOption]) -> Vec<(usize, &BumpOption)> {
    let mut shown: Vec<String> = Vec::new();
    options
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            let plain = option_words(o, false);
            let new = !shown.contains(&plain);
            shown.push(plain);
            new && !moved_for_nothing(o, options)
        })
        .collect()
}

/// A hit moved (bumps paid to move it) to a place another choice reaches moving it less, with
/// as many wounds and Conc at least and no worse cover.
fn moved_for_nothing(o: &BumpOption, options: &[BumpOption]) -> bool {
    matches!(o.spend, BumpSpend::Location(_))
        && o.location_bumps > 0
        && options.iter().any(|p| {
            p.location == o.location
                && p.location_bumps < o.location_bumps
                && p.wounds >= o.wounds
                && p.conc >= o.conc
                && (!p.stopped || o.stopped)
                && p.dominance >= o.dominance
        })
}

/// Where the card put the hit, when the Judge's way leaves it there: "The card hit the
/// belly." (a play-test could not tell where a hit first landed from the choices).
pub fn first_landed(options: &[BumpOption]) -> Option<String> {
    let judge = options.first()?;
    (judge.location_bumps == 0).then(|| format!("The card hit the {}.", judge.location.name()))
}

#[cfg(test)]
mod tests {
    use super::{distinct, fate_words, option_words};
    use crate::rules::card::Location;
    use crate::rules::shot::BumpSpend;
    use crate::sim::model::BumpOption;

    fn option(spend: BumpSpend, location: Location, wounds: u32) -> BumpOption {
        BumpOption {
            spend,
            location,
            location_bumps: 1,
            damage_bumps: 1,
            free_rows: 0,
            effect: 18,
            wounds,
            conc: 0,
            stopped: false,
            dominance_bumps: 0,
            dominance: 0,
            damage: crate::rules::damage::DamageType::Deadly,
            toggle: crate::rules::card::Toggle::Yes,
        }
    }

    /// Each choice says what it leaves the foe: down first, then a limb, then the stun's odds.
    #[test]
    fn a_choice_says_what_it_leaves_the_foe() {
        use crate::rules::damage::{BodyPart, Fate};
        assert_eq!(fate_words(Fate::Killed, None), ": KILLS");
        assert_eq!(fate_words(Fate::Unconscious, None), ": KNOCKS OUT");
        assert_eq!(
            fate_words(Fate::LimbDisabled(BodyPart::RightArm), Some(0.456)),
            ": disables the right arm, stuns at 46 %"
        );
        assert_eq!(fate_words(Fate::Standing, Some(0.31)), ": stuns at 31 %");
        assert_eq!(fate_words(Fate::Standing, None), "");
    }

    /// The Judge's way listed again as a plain choice, and one leg reached by two places of
    /// the card's stack, are each one button; choices that differ all stay, in order.
    #[test]
    fn the_same_choice_is_offered_once() {
        let leg = option(BumpSpend::Judge, Location::LeftLeg, 3);
        let options = vec![
            leg.clone(),
            option(BumpSpend::Location(1), Location::LeftLeg, 3),
            option(BumpSpend::Location(2), Location::Head, 5),
            option(BumpSpend::Location(3), Location::LeftLeg, 3),
            option(BumpSpend::Location(4), Location::LeftLeg, 4),
        ];
        let shown: Vec<(usize, BumpSpend)> = distinct(&options)
            .into_iter()
            .map(|(i, o)| (i, o.spend))
            .collect();
        assert_eq!(
            shown,
            vec![
                (0, BumpSpend::Judge),
                (2, BumpSpend::Location(2)),
                (4, BumpSpend::Location(4))
            ]
        );
        assert!(option_words(&leg, true).starts_with("The Judge's way - left leg: 3 wounds"));
    }

    /// A hit moved to the place it already had, for the same wounds, is not offered: the
    /// bump buys nothing. A move to the same place that does more harm stays.
    #[test]
    fn a_move_to_the_same_place_for_nothing_is_not_offered() {
        let mut judge = option(BumpSpend::Judge, Location::Chest, 4);
        judge.location_bumps = 0;
        let same = option(BumpSpend::Location(2), Location::Chest, 4);
        let mut harder = option(BumpSpend::Location(3), Location::Chest, 5);
        harder.location_bumps = 2;
        let options = vec![judge.clone(), same, harder];
        let shown: Vec<usize> = distinct(&options).into_iter().map(|(i, _)| i).collect();
        assert_eq!(shown, vec![0, 2]);
        assert_eq!(
            super::first_landed(&options).as_deref(),
            Some("The card hit the chest.")
        );
    }

    /// The bumps a choice names add up to the bumps the box has to spend; the rows a head
    /// hit adds of itself are named apart ("4 bumps to spend" once read beside "1 to move the
    /// hit, 4 to damage": the head's two free rows counted as spent).
    #[test]
    fn the_bumps_a_choice_names_add_up() {
        // (spend, location, wounds, bumps moving the hit, damage rows, free rows, words)
        let cases = [
            (
                BumpSpend::Location(2),
                Location::Head,
                5,
                (1, 3 + 2, 2),
                "head: 5 wounds (1 to move the hit, 3 to damage; +2 damage rows for the head)",
            ),
            (
                BumpSpend::Judge,
                Location::Chest,
                4,
                (0, 4, 0),
                "chest: 4 wounds (4 to damage)",
            ),
            (
                BumpSpend::Save,
                Location::Vitals,
                3,
                (0, 1, 1),
                "Save a bump as a bonus counter - vitals: 3 wounds (+1 damage row for the vitals)",
            ),
        ];
        for (spend, location, wounds, (moving, rows, free), words) in cases {
            let mut o = option(spend, location, wounds);
            o.location_bumps = moving;
            o.damage_bumps = rows;
            o.free_rows = free;
            assert_eq!(option_words(&o, false), words);
        }
    }

    /// The box says why a choice of fewer damage rows hits harder, only when one does.
    #[test]
    fn the_box_says_when_fewer_rows_hit_harder() {
        let mut judge = option(BumpSpend::Judge, Location::Belly, 3);
        judge.damage_bumps = 1;
        judge.effect = 18;
        let mut saved = option(BumpSpend::Save, Location::Belly, 4);
        saved.damage_bumps = 0;
        saved.effect = 27;
        assert!(super::fewer_rows_hit_harder(&[judge.clone(), saved.clone()]).is_some());
        saved.effect = 12;
        assert!(super::fewer_rows_hit_harder(&[judge, saved]).is_none());
    }
}

#[cfg(test)]
mod hardest_tests {
    use super::hardest;
    use crate::rules::damage::{BodyPart, Fate};

    /// The choice that leaves the foe worst off, when the Judge's way leaves it better off.
    #[test]
    fn the_hardest_choice_is_the_one_worse_than_the_judge_s_way() {
        let arm = Fate::LimbDisabled(BodyPart::LeftArm);
        let fates = [
            (Fate::Standing, Some(0.3)),
            (Fate::Unconscious, None),
            (arm, Some(0.5)),
            (Fate::Killed, None),
        ];
        assert_eq!(hardest(&fates, [0, 1, 2, 3]), Some(3));
        // The kill not offered (a choice shown once): the knock-out.
        assert_eq!(hardest(&fates, [0, 1, 2]), Some(1));
        // The Judge's way kills: nothing is harder.
        let judge_kills = [(Fate::Killed, None), (Fate::Unconscious, None)];
        assert_eq!(hardest(&judge_kills, [0, 1]), None);
        // A stun likelier by 10 points or more counts; by less it does not.
        let stuns = [
            (Fate::Standing, Some(0.30)),
            (Fate::Standing, Some(0.35)),
            (Fate::Standing, Some(0.45)),
        ];
        assert_eq!(hardest(&stuns, [0, 1, 2]), Some(2));
        assert_eq!(hardest(&stuns, [0, 1]), None);
        assert_eq!(hardest(&[], [0]), None);
    }
}
