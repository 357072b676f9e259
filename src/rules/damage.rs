//! "Applying Damage and Wound Effects": impact and deadly damage, wounds by location (the
//! torso is chest, belly and vitals together), disabling 5th wounds, concussion and death.

use super::card::{Location, Toggle};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DamageType {
    /// "dealt by bare hands and most blunt weapons"
    Impact,
    /// "dealt by firearms, blades and other piercing or slashing weapons"
    Deadly,
}

impl DamageType {
    pub fn name(self) -> &'static str {
        match self {
            DamageType::Impact => "impact",
            DamageType::Deadly => "deadly",
        }
    }
}

/// Wounds and concussion from one effect.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dealt {
    pub wounds: u32,
    pub conc: u32,
}

/// "take the effect from the attack and compare it to the Size of the target. For each
/// multiple of the size, apply one wound. ... apply the remaining effect as Conc."
pub fn deadly(effect: u32, size: u32) -> Dealt {
    let size = size.max(1);
    Dealt {
        wounds: effect / size,
        conc: effect % size,
    }
}

/// "Double the target's Size. If the effect is less than this number, apply the effect as
/// Conc. If it is greater, subtract this number from the effect and deal one wound. Apply any
/// remaining effect to the Size of the target. If it is less, apply it as Conc. If it is
/// greater than or equal, apply a wound and subtract the Size from the effect. Continue until
/// all effect is applied." (An effect equal to double the Size is a wound.)
pub fn impact(effect: u32, size: u32) -> Dealt {
    let size = size.max(1);
    if effect < 2 * size {
        return Dealt {
            wounds: 0,
            conc: effect,
        };
    }
    let rest = effect - 2 * size;
    Dealt {
        wounds: 1 + rest / size,
        conc: rest % size,
    }
}

pub fn deal(kind: DamageType, effect: u32, size: u32) -> Dealt {
    match kind {
        DamageType::Deadly => deadly(effect, size),
        DamageType::Impact => impact(effect, size),
    }
}

/// "Wounds dealt to the vitals add one damage bump. Those dealt to the head add two."
pub fn location_damage_bumps(location: Location) -> u32 {
    match location {
        Location::Head => 2,
        Location::Vitals => 1,
        _ => 0,
    }
}

/// The body part wounds add up in: "chest, belly and vitals ... are all considered to be a
/// single location: torso".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BodyPart {
    Head,
    Torso,
    LeftArm,
    RightArm,
    LeftLeg,
    RightLeg,
}

impl BodyPart {
    pub fn of(location: Location) -> BodyPart {
        match location {
            Location::Head => BodyPart::Head,
            Location::Chest | Location::Vitals | Location::Belly => BodyPart::Torso,
            Location::LeftArm => BodyPart::LeftArm,
            Location::RightArm => BodyPart::RightArm,
            Location::LeftLeg => BodyPart::LeftLeg,
            Location::RightLeg => BodyPart::RightLeg,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            BodyPart::Head => "head",
            BodyPart::Torso => "torso",
            BodyPart::LeftArm => "left arm",
            BodyPart::RightArm => "right arm",
            BodyPart::LeftLeg => "left leg",
            BodyPart::RightLeg => "right leg",
        }
    }

    pub fn vital(self) -> bool {
        matches!(self, BodyPart::Head | BodyPart::Torso)
    }
}

/// "Anytime a location takes a 5th wound it is disabled."
pub const DISABLING_WOUND: u32 = 5;

/// Move and Run on the legs left (docs/rules-decisions.md): one leg disabled halves Move
/// (rounded up) and there is no running; with both, a hero crawls a pace per AP.
pub fn on_legs(move_paces: u32, run: u32, disabled_legs: u32) -> (u32, u32) {
    match disabled_legs {
        0 => (move_paces, run),
        1 => {
            let walk = move_paces.div_ceil(2).max(1);
            (walk, walk)
        }
        _ => (1, 1),
    }
}

/// Concussion a hero takes before falling unconscious: twice its Size plus 2 (Hank, Size 6,
/// "is dealt 8 Conc. He has 6 Conc remaining"; docs/rules-decisions.md).
pub fn conc_capacity(size: u32) -> u32 {
    2 * size + 2
}

/// What became of the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    Standing,
    /// A limb took its 5th wound: "severed or otherwise rendered useless".
    LimbDisabled(BodyPart),
    /// Concussion at capacity, or an impact finishing wound with the toggle on NO.
    Unconscious,
    Killed,
}

impl Fate {
    /// `standing`, `<part> disabled`, `unconscious`, `killed` (the JSON `fate`).
    pub fn name(self) -> String {
        match self {
            Fate::Standing => "standing".to_string(),
            Fate::LimbDisabled(part) => format!("{} disabled", part.name()),
            Fate::Unconscious => "unconscious".to_string(),
            Fate::Killed => "killed".to_string(),
        }
    }
}

/// A body's wounds per part and its concussion.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Body {
    pub wounds: BTreeMap<BodyPart, u32>,
    pub conc: u32,
}

impl Body {
    /// A part with its fifth wound: disabled.
    pub fn disabled(&self, part: BodyPart) -> bool {
        self.wounds
            .get(&part)
            .is_some_and(|&w| w >= DISABLING_WOUND)
    }

    /// The highest wound level (1 Flesh Wound .. 5 Critical) of any part.
    pub fn worst(&self) -> u32 {
        self.wounds.values().copied().max().unwrap_or(0).min(5)
    }

    /// Every wound taken, over all locations.
    pub fn total_wounds(&self) -> u32 {
        self.wounds.values().sum()
    }

    /// Apply what a hit dealt at `location`. A torso or head disabled is a critical wound:
    /// deadly damage kills; a finishing impact wound reads the toggle (YES killed, NO
    /// unconscious).
    pub fn take(
        &mut self,
        location: Location,
        dealt: Dealt,
        kind: DamageType,
        toggle: Toggle,
        size: u32,
    ) -> Fate {
        let part = BodyPart::of(location);
        let before = self.wounds.get(&part).copied().unwrap_or(0);
        // A location has five wound boxes: a disabled one takes no more.
        let after = (before + dealt.wounds).min(DISABLING_WOUND);
        if dealt.wounds > 0 {
            self.wounds.insert(part, after);
        }
        self.conc += dealt.conc;
        if before < DISABLING_WOUND && after >= DISABLING_WOUND {
            if part.vital() {
                return match (kind, toggle) {
                    (DamageType::Impact, Toggle::No) => Fate::Unconscious,
                    _ => Fate::Killed,
                };
            }
            return Fate::LimbDisabled(part);
        }
        if self.conc >= conc_capacity(size) {
            return Fate::Unconscious;
        }
        Fate::Standing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn miranda_s_peacemaker_and_the_sharps_deal_deadly_damage() {
        // "A normal hit deals 10: 1 wound and 4 Conc. If it were increased to 14 via bumps,
        // two wounds and 2 Conc would be dealt." (Size 6)
        assert_eq!(deadly(10, 6), Dealt { wounds: 1, conc: 4 });
        assert_eq!(deadly(14, 6), Dealt { wounds: 2, conc: 2 });
    }

    #[test]
    fn angus_s_quick_attack_is_all_concussion() {
        // "The damage for a quick attack is 5 + DB, which is 3. Hank has a size of 6, so he is
        // dealt 8 Conc. He has 6 Conc remaining."
        assert_eq!(impact(5 + 3, 6), Dealt { wounds: 0, conc: 8 });
        assert_eq!(conc_capacity(6) - 8, 6);
        // 12 is a wound; 17: one wound for 12, 5 < 6 is Conc; 18: two wounds.
        assert_eq!(impact(12, 6), Dealt { wounds: 1, conc: 0 });
        assert_eq!(impact(17, 6), Dealt { wounds: 1, conc: 5 });
        assert_eq!(impact(18, 6), Dealt { wounds: 2, conc: 0 });
    }

    #[test]
    fn the_torso_adds_up_and_a_fifth_wound_disables() {
        let mut body = Body::default();
        let two = Dealt { wounds: 2, conc: 0 };
        let deadly_hit = |b: &mut Body, l| b.take(l, two, DamageType::Deadly, Toggle::Yes, 6);
        assert_eq!(deadly_hit(&mut body, Location::Chest), Fate::Standing);
        assert_eq!(deadly_hit(&mut body, Location::Belly), Fate::Standing);
        assert_eq!(body.worst(), 4, "chest and belly are one torso");
        assert_eq!(deadly_hit(&mut body, Location::Vitals), Fate::Killed);
        let mut leg = Body::default();
        let five = Dealt { wounds: 5, conc: 0 };
        assert_eq!(
            leg.take(Location::LeftLeg, five, DamageType::Deadly, Toggle::Yes, 6),
            Fate::LimbDisabled(BodyPart::LeftLeg)
        );
        // An impact finishing blow to the head reads the toggle.
        let mut head = Body::default();
        assert_eq!(
            head.take(Location::Head, five, DamageType::Impact, Toggle::No, 6),
            Fate::Unconscious
        );
        let mut head = Body::default();
        assert_eq!(
            head.take(Location::Head, five, DamageType::Impact, Toggle::Yes, 6),
            Fate::Killed
        );
        // Concussion at capacity knocks out.
        let mut conc = Body::default();
        let c = Dealt {
            wounds: 0,
            conc: 14,
        };
        assert_eq!(
            conc.take(Location::LeftArm, c, DamageType::Impact, Toggle::Yes, 6),
            Fate::Unconscious
        );
        assert_eq!(location_damage_bumps(Location::Head), 2);
        assert_eq!(location_damage_bumps(Location::Vitals), 1);
    }

    /// "Anytime a location takes a 5th wound it is disabled": five boxes a location, and more
    /// wounds there fill none (they used to pile up past the track: 8 in a torso).
    #[test]
    fn a_location_holds_five_wounds_at_most() {
        let mut body = Body::default();
        let three = Dealt { wounds: 3, conc: 0 };
        let hit =
            |b: &mut Body| b.take(Location::LeftArm, three, DamageType::Deadly, Toggle::Yes, 6);
        assert_eq!(hit(&mut body), Fate::Standing);
        assert_eq!(hit(&mut body), Fate::LimbDisabled(BodyPart::LeftArm));
        assert_eq!(hit(&mut body), Fate::Standing, "disabled once");
        assert_eq!(body.wounds[&BodyPart::LeftArm], DISABLING_WOUND);
    }
}
