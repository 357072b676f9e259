//! Hand to hand combat (conflict chapter, "Hand to Hand Combat" to "Breaking Engagements When
//! Dominated"): attack types, defense values, block and dodge, advantage, dominance.

use super::die::Pool;
use serde::{Deserialize, Serialize};

/// "There are four attacks available:" (the list is missing from the text; this game's four,
/// docs/rules-decisions.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackType {
    /// Fast and light: "The damage for a quick attack is 5 + DB" (no effect grid).
    Quick,
    /// "This is the damage for a standard attack": the weapon's DMG (fists (1)6) + DB.
    Standard,
    /// A haymaker or bull rush: DMG one row up + DB; its first bump shoves the foe a hex.
    Heavy,
    /// Grapple, shove, trip: no damage; a success is a bump toward dominance ("attack only for
    /// dominance").
    Grapple,
}

impl AttackType {
    pub const ALL: [AttackType; 4] = [
        AttackType::Quick,
        AttackType::Standard,
        AttackType::Heavy,
        AttackType::Grapple,
    ];

    /// AP of the attack (before "careful").
    pub fn ap(self) -> u32 {
        match self {
            AttackType::Quick => 2,
            AttackType::Standard => 3,
            AttackType::Heavy => 5,
            AttackType::Grapple => 3,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            AttackType::Quick => "quick attack",
            AttackType::Standard => "standard attack",
            AttackType::Heavy => "heavy attack",
            AttackType::Grapple => "grapple",
        }
    }

    pub fn next(self) -> AttackType {
        match self {
            AttackType::Quick => AttackType::Standard,
            AttackType::Standard => AttackType::Heavy,
            AttackType::Heavy => AttackType::Grapple,
            AttackType::Grapple => AttackType::Quick,
        }
    }
}

/// "The damage for a quick attack is 5 + DB".
pub const QUICK_DAMAGE: u32 = 5;

/// "Any attack can be a careful attack, the cost is increased by 2 AP and +1 is added".
pub const CAREFUL_AP: u32 = 2;

/// The most attacks declared from one pool: "up to 4" (docs/rules-decisions.md).
pub const MAX_ATTACKS: u32 = 4;
pub const CAREFUL_BONUS: i32 = 1;

/// The AP of `times` attacks of a type, careful or not, "paid before any attacks are
/// resolved".
pub fn attack_ap(attack: AttackType, careful: bool, times: u32) -> u32 {
    (attack.ap() + if careful { CAREFUL_AP } else { 0 }) * times
}

/// The damage an attack reads: a flat value (quick), an effect-grid pool, or none (grapple).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeleeDamage {
    Flat(u32),
    Grid(Pool),
    None,
}

/// The damage of an attack type with a weapon's DMG pool (fists: (1)6). Heavy reads one row
/// more (past five rows it goes on as a second read, like damage bumps).
pub fn attack_damage(attack: AttackType, weapon: Pool) -> MeleeDamage {
    match attack {
        AttackType::Quick => MeleeDamage::Flat(QUICK_DAMAGE),
        AttackType::Standard => MeleeDamage::Grid(weapon),
        AttackType::Heavy => MeleeDamage::Grid(Pool {
            rows: weapon.rows + 1,
            die: weapon.die,
        }),
        AttackType::Grapple => MeleeDamage::None,
    }
}

/// A dominated fighter's damage: "their attacks have their damage shifted up one row as well
/// (the damage is reduced)". A flat damage loses 1 a row, as it gains 1 a bump; a pool reads
/// `rows` fewer rows (negative), which the card flow applies with the bumps.
pub fn dominated_damage(damage: MeleeDamage, rows: i32) -> MeleeDamage {
    match damage {
        MeleeDamage::Flat(n) => MeleeDamage::Flat((n as i32 + rows).max(0) as u32),
        other => other,
    }
}

/// Rows a pool is short of its first row after the bumps and a dominated fighter's shift:
/// the grid has no row above the first, so each is 1 point off the effect instead, as it is
/// off a flat damage (docs/rules-decisions.md). `rows` is the pool's rows after both.
pub fn rows_short(rows: i32) -> u32 {
    (1 - rows).max(0) as u32
}

/// The AP of a declared series of attacks, each (target, type, careful) in order: each attack's
/// AP, and "Changing targets during a series of attacks is 1 AP per switch."
pub fn series_ap(attacks: &[(usize, AttackType, bool)]) -> u32 {
    let switches = attacks.windows(2).filter(|w| w[0].0 != w[1].0).count() as u32;
    attacks
        .iter()
        .map(|&(_, attack, careful)| attack_ap(attack, careful, 1))
        .sum::<u32>()
        + switches * SWITCH_AP
}

/// "Changing targets during a series of attacks is 1 AP per switch."
pub const SWITCH_AP: u32 = 1;

/// "Full dominance involves an opponent that is pinned or unaware (such as if being attacked
/// from behind ...)": the attacker stands on one of the three hexsides at the defender's back
/// (120 degrees or more from the way it faces). `hexsides` is the turn from the defender's
/// facing to the attacker (0..=3).
pub fn from_behind(hexsides: u8) -> bool {
    hexsides >= 2
}

/// "Each character has a defense value, which is 4 + half of the level with the hand to hand
/// skill they are using, rounded up."
pub fn defense_value(skill_level: u32) -> u32 {
    4 + skill_level.div_ceil(2)
}

/// "Any combatant that does not move at least one hex ... for two consecutive rounds has
/// their defense reduced by 1."
pub fn standing_still_penalty(rounds_still: u32) -> i32 {
    if rounds_still >= 2 { -1 } else { 0 }
}

/// Dominance of one fighter over another, by the bumps asserted (cumulative, one a level).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Dominance {
    #[default]
    None,
    /// "has spent one bump toward dominance": defense -1.
    Partial,
    /// "restricted but not fully trapped": defense -2; its attacks' damage one row lower.
    Dominance,
    /// "pinned or unaware": the attacker chooses the hit location.
    Full,
}

impl Dominance {
    pub fn level(self) -> u32 {
        self as u32
    }

    pub fn from_level(level: u32) -> Dominance {
        match level {
            0 => Dominance::None,
            1 => Dominance::Partial,
            2 => Dominance::Dominance,
            _ => Dominance::Full,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Dominance::None => "none",
            Dominance::Partial => "partial dominance",
            Dominance::Dominance => "dominance",
            Dominance::Full => "full dominance",
        }
    }

    /// The dominated fighter's defense change.
    pub fn defense(self) -> i32 {
        match self {
            Dominance::None => 0,
            Dominance::Partial => -1,
            Dominance::Dominance | Dominance::Full => -2,
        }
    }

    /// "their attacks have their damage shifted up one row as well (the damage is reduced)".
    pub fn damage_rows(self) -> i32 {
        match self {
            Dominance::Dominance | Dominance::Full => -1,
            _ => 0,
        }
    }

    /// Getting out: (AP, TN base) — "TN 3 + (half level of opponent) ... Each attempt costs 1
    /// AP"; "An escape costs 2 AP and is TN 5 + (half level of opponent)"; "the attempt is 3 AP
    /// and the TN is 7 + (half level of opponent)". None when not dominated.
    pub fn escape(self) -> Option<(u32, u32)> {
        match self {
            Dominance::None => None,
            Dominance::Partial => Some((1, 3)),
            Dominance::Dominance => Some((2, 5)),
            Dominance::Full => Some((3, 7)),
        }
    }
}

/// The TN of getting out from under `dominance` against an opponent of `level` in the skill:
/// "TN 3/5/7 + (half level of opponent)", the half rounded up as the chapter's one stated
/// rounding of a half level does ("4 + half of the level ... rounded up").
pub fn escape_tn(dominance: Dominance, opponent_level: u32) -> Option<(u32, u32)> {
    dominance
        .escape()
        .map(|(ap, base)| (ap, base + opponent_level.div_ceil(2)))
}

/// Bumps spent toward dominance by a fighter whose own dominated level is `own`, against a
/// foe dominated at `foe`: "Any bumps spent by an opponent cancel advantage gained on a one for
/// one basis", so they first lift the fighter's own dominance, and the rest press the foe
/// ("Each level of dominance costs one bump, cumulative"). Returns (own, foe) after.
pub fn spend_dominance(own: u32, foe: u32, bumps: u32) -> (u32, u32) {
    let cancel = bumps.min(own);
    let press = bumps - cancel;
    (own - cancel, (foe + press).min(Dominance::Full.level()))
}

/// "Each bump spent to increase dominance may include up to 2 hexes (or paces) of movement in
/// the direction of the winning combatant's choice."
pub const PUSH_HEXES: u32 = 2;

/// One fighter's side of the advantage count ("Determining Advantage").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AdvantageFactors {
    /// "the advantage value of any weapon"
    pub weapon: i32,
    /// "Height (at least a foot of difference) ... an additional +1 per unit of size difference
    /// ... or placement (such as being on horseback or up a hill)": size units above the foe.
    pub size_over: u32,
    pub higher: bool,
    /// "Position": the foe is cornered or in bad footing.
    pub position: bool,
    /// "An armed combatant has advantage versus an unarmed one."
    pub armed_vs_unarmed: bool,
}

/// "adding in the advantage value of any weapon, and a further +1 for each of the following":
/// height (+1, and +1 per unit of size difference beyond), position, armed.
pub fn advantage_value(f: &AdvantageFactors) -> i32 {
    let height = if f.size_over > 0 {
        1 + f.size_over as i32
    } else if f.higher {
        1
    } else {
        0
    };
    f.weapon + height + i32::from(f.position) + i32::from(f.armed_vs_unarmed)
}

/// "When multiple combatants gang up against a single foe the advantage values of the side
/// with multiple fighters are added together ... Members of the side with the additional
/// combatants receive a bonus of 1 to their advantage value for each other combatant."
pub fn gang_advantage(values: &[i32]) -> i32 {
    let n = values.len() as i32;
    values.iter().sum::<i32>() + n * (n - 1).max(0)
}

/// The net advantage of a side against the other: the bonus to its attacks' results (the
/// side behind gets nothing; docs/rules-decisions.md).
pub fn advantage_bonus(ours: i32, theirs: i32) -> i32 {
    (ours - theirs).max(0)
}

/// "If the block result is equal to the attack TN, change the hit location to the off arm ...
/// If the block result is greater, the attack is successfully blocked". The block's TN is the
/// attack's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BlockOutcome {
    /// The block failed: the attack lands as drawn.
    Failed,
    /// Equal: the blocking arm takes it (a weapon block: its Rel rises by 1 instead).
    Deflected,
    Blocked,
}

pub fn block(block_result: u32, attack_result: u32) -> BlockOutcome {
    match block_result.cmp(&attack_result) {
        std::cmp::Ordering::Less => BlockOutcome::Failed,
        std::cmp::Ordering::Equal => BlockOutcome::Deflected,
        std::cmp::Ordering::Greater => BlockOutcome::Blocked,
    }
}

/// "Block works against a single incoming attack and costs 2 AP."
pub const BLOCK_AP: u32 = 2;
/// "Dodge ... costs 3 AP."
pub const DODGE_AP: u32 = 3;
/// "pay 2 APs to carefully disengage"
pub const CAREFUL_DISENGAGE_AP: u32 = 2;
/// "Maneuvering while remaining adjacent ... costs 1 AP per hex".
pub const MANEUVER_AP: u32 = 1;

/// A dodger's AD: "The dice pool takes a number of downgrades equal to the AD of the
/// defender." The text defines no AD: 1, and 1 more per two levels of Dodge.
pub fn agility_downgrades(dodge_level: u32) -> u32 {
    1 + dodge_level.div_ceil(2)
}

/// "Dodge works versus all attacks coming from a given direction, usually 120 degrees (two
/// hexsides)": the hexside named and the next one clockwise.
pub fn dodge_covers(toward: u8, attack_from: u8) -> bool {
    attack_from % 6 == toward % 6 || attack_from % 6 == (toward + 1) % 6
}

/// An attack from the side the opponent breaks away from: "the other combatant may
/// immediately make a hand-to-hand attack for one fewer AP (minimum 0)".
pub fn free_attack_ap(attack: AttackType, careful: bool) -> u32 {
    attack_ap(attack, careful, 1).saturating_sub(1)
}

/// Improvised weapons: "Small and large weapons deal impact damage, sharp weapons convert the
/// attack to deadly, as well as increase the damage." The table is missing: small +2, large
/// +4, sharp +3 and deadly; all Pen 1; the number after the slash adds to the attacker's Force
/// against armour (1, 2, 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Improvised {
    Small,
    Large,
    Sharp,
}

impl Improvised {
    pub fn damage(self) -> u32 {
        match self {
            Improvised::Small => 2,
            Improvised::Large => 4,
            Improvised::Sharp => 3,
        }
    }

    pub fn deadly(self) -> bool {
        self == Improvised::Sharp
    }

    /// "Improvised weapons have a penetration value of 1."
    pub fn pen(self) -> u32 {
        1
    }

    pub fn force(self) -> u32 {
        match self {
            Improvised::Large => 2,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests;
