//! Ranged combat (conflict chapter, "Ranged Combat" to "Aim and Snap Shots", and the
//! penetration, hit-location and ancillary rules of "Action Cards in Combat").

use super::card::{Card, Location};
use super::damage::location_damage_bumps;
use super::movement::Gait;
use serde::{Deserialize, Serialize};

/// "The Target Number required is Standard (5) plus any relevant modifiers."
pub const BASE_TN: u32 = 5;
/// "The TN for point blank range is 3."
pub const POINT_BLANK_TN: u32 = 3;

/// "Point-blank range is used when one character is holding a weapon in contact with another
/// character ... close enough to touch the target with arms extended": a weapon at a pace, held;
/// a `thrown` one leaves the hand, so a throw at a pace is at short range (decision 137).
pub fn point_blank(distance: u32, thrown: bool) -> bool {
    distance <= 1 && !thrown
}
/// Whether a thrown weapon's blast (its radius in paces, 0 for none) may catch a figure
/// `distance` paces from the target: within the radius of where it lands, and a pace more,
/// for a miss lands short of the target, nearer still.
pub fn blast_may_catch(blast: u32, distance: u32) -> bool {
    blast > 0 && distance <= blast + 1
}
/// "Up to two successive aim actions may be performed".
pub const MAX_AIMS: u32 = 2;

/// "There are three types of shots that may be attempted: Snap shot, normal shot, aimed shot."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShotKind {
    Snap,
    Normal,
    /// A normal shot with 1 or 2 aim actions.
    Aimed(u32),
}

impl ShotKind {
    pub fn name(self) -> String {
        match self {
            ShotKind::Snap => "snap shot".into(),
            ShotKind::Normal => "normal shot".into(),
            ShotKind::Aimed(1) => "aimed shot".into(),
            ShotKind::Aimed(n) => format!("aimed shot ({n} aims)"),
        }
    }
}

/// The AP of a shot: snap or normal from the weapon card, plus the aim AP per aim action.
pub fn shot_ap(kind: ShotKind, snap_ap: u32, normal_ap: u32, aim_ap: u32) -> Result<u32, String> {
    match kind {
        ShotKind::Snap => Ok(snap_ap),
        ShotKind::Normal => Ok(normal_ap),
        ShotKind::Aimed(n) if (1..=MAX_AIMS).contains(&n) => Ok(normal_ap + n * aim_ap),
        ShotKind::Aimed(n) => Err(format!("{n} aim actions: a shot takes 1 or 2")),
    }
}

/// The most shots a declared series may hold (a revolver's cylinder).
pub const MAX_SHOTS: usize = 6;

/// "Aiming two weapons ... takes concentration, so increase the AP cost of any aim action by 2."
pub const TWO_WEAPON_AIM_AP: u32 = 2;

/// "Apply a penalty of 2 downgrades to any two-handed ranged weapon being used with one hand."
pub const ONE_HANDED_DOWNGRADES: i32 = 2;

/// Tactical aiming under fire: "perform a Standard (5) Bravery check".
pub const BRAVERY_TN: u32 = 5;

/// "If the character is a target of a melee attack, perform a Difficult (7) Bravery check."
pub const MELEE_BRAVERY_TN: u32 = 7;

/// The AP of a declared series of shots ("Multiple Attacks"): each shot's AP, cocking before
/// each shot of a weapon that needs it (not before the first when it is already cocked), and
/// "Changing targets during a series of attacks is 1 AP per switch."
pub fn series_ap(
    shots: &[(usize, ShotKind)],
    (snap_ap, normal_ap, aim_ap): (u32, u32, u32),
    cock_ap: Option<u32>,
    cocked: bool,
) -> Result<u32, String> {
    let mut ap = 0;
    for (i, &(_, kind)) in shots.iter().enumerate() {
        if i > 0 && matches!(kind, ShotKind::Aimed(_)) {
            return Err("only the first shot of a series can be aimed: firing ends the aim".into());
        }
        ap += shot_ap(kind, snap_ap, normal_ap, aim_ap)?;
        if let Some(cock) = cock_ap
            && !(i == 0 && cocked)
        {
            ap += cock;
        }
    }
    Ok(ap + switches(shots))
}

/// Target switches in a series: each change of target from one shot to the next.
pub fn switches(shots: &[(usize, ShotKind)]) -> u32 {
    shots.windows(2).filter(|w| w[0].0 != w[1].0).count() as u32
}

/// Fan firing: "Fan firing costs 1 AP per shot, plus 1 AP per target switch, and ignores
/// cocking." Its downgrades: "For each shot add 1 downgrade, starting with the first. Each
/// target after the first increases the difficulty an additional downgrade" (one row of the
/// pool each, docs/rules-decisions.md).
pub fn fan_ap(shots: &[(usize, ShotKind)]) -> u32 {
    shots.len() as u32 + switches(shots)
}

pub fn fan_downgrades(shots: &[(usize, ShotKind)]) -> u32 {
    let mut targets: Vec<usize> = shots.iter().map(|s| s.0).collect();
    targets.sort_unstable();
    targets.dedup();
    shots.len() as u32 + targets.len().saturating_sub(1) as u32
}

/// "Increase the Rel of any revolver by 1 when fan-firing."
pub const FAN_RELIABILITY: u32 = 1;

/// "Add one to the TN for each full range increment between the firer and target."
pub fn range_tn(distance: u32, increment: u32) -> u32 {
    BASE_TN + distance / increment.max(1)
}

/// The range band of a distance (0 for the first increment): shotgun scatter adds a stray per
/// band beyond the first.
pub fn range_band(distance: u32, increment: u32) -> u32 {
    distance / increment.max(1)
}

/// "If the target has a size 4 or less, add 1 to the TN required to hit, if it is 2 or less,
/// add 2."
pub fn size_tn(size: u32) -> u32 {
    match size {
        0..=2 => 2,
        3 | 4 => 1,
        _ => 0,
    }
}

/// "For larger targets, add +1 to the result for every +2 size the object/creature has above 6."
pub fn size_bonus(size: u32) -> i32 {
    (size.saturating_sub(6) / 2) as i32
}

/// Relative speed of two movers (paces, heading as hexside 0..6): the length of the
/// difference of their velocities. "Since they are going opposite directions, the relative
/// speed is 26"; the same direction at the same speed is 0.
pub fn relative_speed(a: (u32, u8), b: (u32, u8)) -> u32 {
    let v = |(speed, heading): (u32, u8)| {
        let angle = heading as f64 * std::f64::consts::PI / 3.0;
        (speed as f64 * angle.cos(), speed as f64 * angle.sin())
    };
    let (ax, ay) = v(a);
    let (bx, by) = v(b);
    ((ax - bx).hypot(ay - by)).round() as u32
}

/// The optional total movement ("If you prefer to use total movement instead of relative
/// movement"): the target's own speed over the ground, whatever the firer does (its movement
/// has its own row, "Firer is moving"). Decision 129.
pub fn total_speed(target: (u32, u8)) -> u32 {
    target.0
}

/// "A penalty of one is applied for each 5 paces of relative speed".
pub fn speed_penalty(relative: u32) -> i32 {
    -((relative / 5) as i32)
}

/// One named adjustment to a shot's result (positive helps the firer).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// Borrowed for the rules' own names (no copy made each time a shot is weighed).
    pub name: std::borrow::Cow<'static, str>,
    pub value: i32,
}

/// Everything about a shot that the TN and modifiers depend on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShotSituation {
    pub distance: u32,
    pub point_blank: bool,
    pub range_increment: u32,
    pub kind: Option<ShotKind>,
    /// The weapon's SP (snap shot penalty), as a positive number.
    pub snap_penalty: u32,
    /// Accurate(n).
    pub accurate: u32,
    /// How the firer moved this round.
    pub firer_moved: Option<Gait>,
    /// The firer rides a moving mount.
    pub firer_mounted: bool,
    pub target_size: u32,
    pub relative_speed: u32,
    /// Targets before this one in the same attack ("-1 for each target after the first").
    pub earlier_targets: u32,
    /// The target entered or left cover this round.
    pub appearing: bool,
    pub target_prone: bool,
    /// "targets that are not visible behind cover can be attacked with a penalty of -3"
    pub target_unseen: bool,
    /// A double action revolver not cocked for this shot: its heavy trigger pull.
    pub double_action: bool,
    /// "A Hero using weapons in each hand suffers -1 penalty to the results of each attack."
    pub two_weapons: bool,
    /// "Any action taken with an off hand takes an additional -2."
    pub off_hand: bool,
}

/// The TN and its parts, and the modifiers to the result, of a shot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShotTerms {
    pub tn: u32,
    /// What makes up the TN: base (or point blank), range, target size.
    pub tn_parts: Vec<Modifier>,
    /// Direct adjustments to the chosen result.
    pub modifiers: Vec<Modifier>,
}

impl ShotTerms {
    pub fn direct(&self) -> i32 {
        self.modifiers.iter().map(|m| m.value).sum()
    }
}

/// Walking -1, running -4 ("Firer is moving -1/-4 (walk/run)").
pub const WALKING: i32 = -1;
pub const RUNNING: i32 = -4;
/// "Firer is mounted -2 ... used only if it is worse than the movement penalty".
pub const MOUNTED: i32 = -2;

/// "The Range Increment for all thrown weapons is 10 paces. The maximum range a character can
/// throw an average size weapon (1-2 pounds) is NEEDS WORK": two increments, and one more for
/// each rank of Strength (docs/rules-decisions.md).
pub fn max_throw(strength_rank: u32) -> u32 {
    THROWN_RANGE_INCREMENT * (2 + strength_rank)
}

/// "The Range Increment for all thrown weapons is 10 paces."
pub const THROWN_RANGE_INCREMENT: u32 = 10;

/// A mount at this many paces a round or more gallops: its rider moves as running does
/// (docs/rules-decisions.md).
pub const GALLOP_PACES: u32 = 10;

/// How a mount at `speed` paces a round moves its rider: galloping as running, slower as
/// walking, halted not at all.
pub fn mounted_movement(speed: u32) -> Option<Gait> {
    match speed {
        0 => None,
        s if s >= GALLOP_PACES => Some(Gait::Run),
        _ => Some(Gait::Walk),
    }
}
/// "Double action revolvers ... heavier trigger pull which affected both accuracy and speed".
pub const DOUBLE_ACTION: i32 = -1;
pub const TWO_WEAPONS: i32 = -1;
pub const OFF_HAND: i32 = -2;

pub fn shot_terms(s: &ShotSituation) -> ShotTerms {
    let m = |name: &'static str, value: i32| Modifier {
        name: name.into(),
        value,
    };
    let mut tn_parts = Vec::new();
    if s.point_blank {
        tn_parts.push(m("point blank", POINT_BLANK_TN as i32));
    } else {
        tn_parts.push(m("standard", BASE_TN as i32));
        let bands = range_band(s.distance, s.range_increment);
        if bands > 0 {
            tn_parts.push(m("range", bands as i32));
        }
    }
    let small = size_tn(s.target_size);
    if small > 0 {
        tn_parts.push(m("small target", small as i32));
    }
    let tn = tn_parts.iter().map(|p| p.value).sum::<i32>().max(1) as u32;

    let mut modifiers = Vec::new();
    match s.kind {
        Some(ShotKind::Snap) if s.snap_penalty > 0 => {
            modifiers.push(m("snap shot", -(s.snap_penalty as i32)))
        }
        Some(ShotKind::Aimed(n)) => {
            modifiers.push(m("aim", n as i32));
            if s.accurate > 0 {
                modifiers.push(m("accurate", s.accurate as i32));
            }
        }
        _ => {}
    }
    let moving = match s.firer_moved {
        Some(Gait::Walk) => WALKING,
        Some(Gait::Run) => RUNNING,
        None => 0,
    };
    if s.firer_mounted && MOUNTED < moving {
        modifiers.push(m("firer mounted", MOUNTED));
    } else if moving != 0 {
        let name = if moving == RUNNING {
            "firer running"
        } else {
            "firer walking"
        };
        modifiers.push(m(name, moving));
    }
    let big = size_bonus(s.target_size);
    if big > 0 {
        modifiers.push(m("large target", big));
    }
    let speed = speed_penalty(s.relative_speed);
    if speed != 0 {
        modifiers.push(m("relative speed", speed));
    }
    if s.earlier_targets > 0 {
        modifiers.push(m("secondary target", -(s.earlier_targets as i32)));
    }
    if s.appearing {
        modifiers.push(m("appearing/disappearing", -1));
    }
    if s.target_prone {
        modifiers.push(m("prone target", 1));
    }
    if s.target_unseen {
        modifiers.push(m("unseen target", -3));
    }
    if s.double_action {
        modifiers.push(m("double action", DOUBLE_ACTION));
    }
    if s.two_weapons {
        modifiers.push(m("two weapons", TWO_WEAPONS));
    }
    if s.off_hand {
        modifiers.push(m("off hand", OFF_HAND));
    }
    ShotTerms {
        tn,
        tn_parts,
        modifiers,
    }
}

/// "If the EP is 2 or more greater than the protection value of the armor, the attack
/// penetrates. If the EP is equal to or one greater, the attack ablates. If the EP is less
/// than the protection value, the attack deflects."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Penetration {
    P,
    A,
    D,
}

impl Penetration {
    pub fn letter(self) -> &'static str {
        match self {
            Penetration::P => "P",
            Penetration::A => "A",
            Penetration::D => "D",
        }
    }
}

pub fn penetration(ep: i32, av: u32) -> Penetration {
    let av = av as i32;
    if ep >= av + 2 {
        Penetration::P
    } else if ep >= av {
        Penetration::A
    } else {
        Penetration::D
    }
}

/// The hit location bought with bumps: the index into the card's stack (0 is the top) and the
/// bumps it cost. The firer moves off the standard location when it pays: to get out from
/// behind cover that would stop the shot, or to the head or vitals when their damage bumps
/// are worth the triangles (docs/rules-decisions.md).
pub fn choose_location(
    card: &Card,
    bumps: u32,
    stopped: &dyn Fn(Location) -> bool,
) -> (usize, u32) {
    // Damage bumps gained, +1 for the head and torso (a 5th wound there is critical), less
    // the triangles paid; a location whose cover would stop the shot is worth nothing.
    let score = |i: usize| -> i64 {
        let e = card.location[i];
        let blocked = if stopped(e.location) { -100 } else { 0 };
        let vital = i64::from(!matches!(
            e.location,
            Location::LeftArm | Location::RightArm | Location::LeftLeg | Location::RightLeg
        ));
        blocked + location_damage_bumps(e.location) as i64 + vital - e.bumps as i64
    };
    let standard = super::card::STANDARD_INDEX;
    let mut best = standard;
    for i in 0..card.location.len() {
        let cost = card.location[i].bumps;
        if cost <= bumps && score(i) > score(best) {
            best = i;
        }
    }
    (best, card.location[best].bumps)
}

/// Stray shots: "The difference between the burst value and the number of hits". A single
/// shot that misses is one stray. "Shotguns have the scatter attribute, so not only do they
/// always have a stray shot, for each range band beyond the first one more potential stray
/// shot is added."
pub fn strays(fired: u32, hits: u32, scatter_bands: Option<u32>) -> u32 {
    let base = fired.saturating_sub(hits);
    match scatter_bands {
        Some(bands) => base + 1 + bands,
        None => base,
    }
}

/// "If the number of stray shots is equal to or greater than any of these numbers, an
/// unintended target is hit."
pub fn unintended_hits(card: &Card, strays: u32) -> u32 {
    card.unintended.iter().filter(|&&n| strays >= n).count() as u32
}

/// "equipment fails when the result over the wrench is below the equipment reliability"
pub fn equipment_fails(card: &Card, reliability: u32) -> bool {
    card.wrench.is_some_and(|n| n < reliability)
}

/// Where a missed throw lands: "Position the dial so the intended target is in the middle of
/// the face and the 6 is pointed directly at the origin of the throw. The errant throw goes a
/// number of paces equal to the step result in the direction indicated by the number in the
/// clock face." Returns the offset in paces as (away from the thrower, to the thrower's
/// right): 12 o'clock is straight on past the target, 3 is to the right.
pub fn scatter_offset(clock: u32, step: u32) -> (f64, f64) {
    let angle = (clock % 12) as f64 * std::f64::consts::PI / 6.0;
    (step as f64 * angle.cos(), step as f64 * angle.sin())
}

/// The hex a missed throw lands in: `step` paces from the target in the clock's direction,
/// with 12 o'clock pointing on past the target, away from the thrower.
pub fn landing_hex(thrower: hexx::Hex, target: hexx::Hex, clock: u32, step: u32) -> hexx::Hex {
    let layout = hexx::HexLayout::new(hexx::HexOrientation::Pointy);
    let (from, at) = (
        layout.hex_to_world_pos(thrower),
        layout.hex_to_world_pos(target),
    );
    let away = (at - from).normalize_or(glam_x());
    // The thrower's right, a quarter turn clockwise as the map is drawn (rows go down).
    let right = hexx::Vec2::new(-away.y, away.x);
    let (on, side) = scatter_offset(clock, step);
    // One pace is one hex: the layout's hexes are sqrt(3) apart.
    let pace = 3f32.sqrt();
    layout.world_pos_to_hex(at + (away * on as f32 + right * side as f32) * pace)
}

fn glam_x() -> hexx::Vec2 {
    hexx::Vec2::X
}

#[cfg(test)]
mod tests;
