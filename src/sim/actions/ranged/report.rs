//! The shot in words and as the `shot` event's fields.

use super::*;
use crate::rules::damage::Fate;
use crate::rules::ranged::{self, Modifier};
use crate::rules::shot::ShotOutcome;
use bevy::prelude::*;
use serde_json::{Map, Value, json};

pub(super) fn fate_words(fate: Fate, stunned: bool) -> String {
    match fate {
        Fate::Killed => ": killed".into(),
        Fate::Unconscious => ": unconscious".into(),
        Fate::LimbDisabled(part) => format!(": the {} is disabled", part.name()),
        Fate::Standing if stunned => ": stunned".into(),
        Fate::Standing => String::new(),
    }
}

/// The shot in words, as the log and panel say it.
pub fn describe(
    firer: &str,
    target: &str,
    p: &ShotPlan,
    o: &ShotOutcome,
    fate: Fate,
    stunned: bool,
) -> String {
    let head = format!(
        "{firer} fires the {} at {target} ({}, {} AP): {}",
        p.weapon.name,
        p.kind.name(),
        p.ap,
        crate::sim::log::roll_words(&o.check, &o.cards, "TN")
    );
    if !o.hit {
        let mut s = format!("{head}, a miss");
        if o.check.calamity {
            s.push_str(" (CALAMITY)");
        }
        if o.strays > 0 {
            s.push_str(&format!(
                ", {}",
                crate::rules::words::count(o.strays, "stray shot", "stray shots")
            ));
        }
        // A miss can jam the gun too (a play-test saw JAM on the card and not in the log).
        if o.equipment_failure {
            s.push_str(&format!("; the {} jams", p.weapon.name));
        }
        return s;
    }
    let location = o.location.map_or("-", |l| l.name());
    let mut s = format!("{head}, a hit in the {location}");
    if o.hits > 1 {
        s.push_str(&format!(" ({} hits)", o.hits));
    }
    if let (Some(av), Some(ep), Some(pen)) = (o.cover_av, o.ep, o.penetration) {
        let cover = p.cover.as_ref().map_or("cover", |c| c.name.as_str());
        s.push_str(&format!(
            "; the {cover} (AV {av}) is hit, EP {ep}: {}",
            match pen {
                ranged::Penetration::P => "penetrates",
                ranged::Penetration::A => "ablates (RD)",
                ranged::Penetration::D => "deflects",
            }
        ));
    }
    if o.effect > 0 {
        s.push_str(&format!("; {}", damage_words(o)));
    }
    s.push_str(&fate_words(fate, stunned));
    if o.equipment_failure {
        s.push_str(&format!("; the {} jams", p.weapon.name));
    }
    s
}

/// The fields every `shot` event carries under these names (docs/json.md): independent checks
/// read them.
pub const SHOT_FIELDS: [&str; 16] = [
    "tn",
    "modifiers",
    "card",
    "result",
    "hit",
    "bumps",
    "location",
    "cover_av",
    "ep",
    "penetration",
    "effect",
    "damage_type",
    "target_size",
    "wounds",
    "conc",
    "stunned",
];

/// Named TN parts or modifiers as a JSON object: `{"range": 2, "aimed": 1}`.
pub(crate) fn named_values(terms: &[Modifier]) -> Value {
    Value::Object(
        terms
            .iter()
            .map(|m| (m.name.to_string(), json!(m.value)))
            .collect(),
    )
}

/// What an attack did in words: "Lethal damage 5: 2 wounds and 1 Conc".
pub(crate) fn damage_words(o: &ShotOutcome) -> String {
    format!(
        "{} damage {}: {} and {} Conc",
        o.damage.name(),
        o.effect,
        crate::rules::words::count(o.dealt.wounds, "wound", "wounds"),
        o.dealt.conc
    )
}

/// The fields every attack event (`shot`, `melee`) shares: the cards, the check, where it
/// hit and what it dealt (docs/json.md).
pub(crate) fn outcome_fields(
    f: &mut Map<String, Value>,
    o: &ShotOutcome,
    stunned: bool,
    fate: Fate,
) {
    f.insert("card".into(), json!(o.cards.first()));
    f.insert("cards".into(), json!(o.cards));
    f.insert("tn".into(), json!(o.check.tn));
    f.insert("result".into(), json!(o.check.result));
    f.insert("hit".into(), json!(o.hit));
    f.insert("bumps".into(), json!(o.check.bumps));
    f.insert("location".into(), json!(o.location.map(|l| l.name())));
    f.insert("effect".into(), json!(o.effect));
    f.insert("damage_type".into(), json!(o.damage.name()));
    f.insert("wounds".into(), json!(o.dealt.wounds));
    f.insert("conc".into(), json!(o.dealt.conc));
    f.insert("stunned".into(), json!(stunned));
    f.insert("fate".into(), json!(fate.name()));
    crate::sim::log::system_fields(f, &o.check);
}

/// The `shot` event's fields (docs/json.md).
pub fn shot_fields(p: &ShotPlan, o: &ShotOutcome, stunned: bool, fate: Fate) -> Map<String, Value> {
    let mut f = Map::new();
    outcome_fields(&mut f, o, stunned, fate);
    f.insert("weapon".into(), json!(p.weapon.name));
    f.insert("shot".into(), json!(p.kind.name()));
    f.insert("ap".into(), json!(p.ap));
    f.insert("distance".into(), json!(p.distance));
    f.insert("tn_parts".into(), named_values(&p.terms.tn_parts));
    f.insert("modifiers".into(), named_values(&p.terms.modifiers));
    f.insert("chance".into(), json!((p.chance * 1000.0).round() / 1000.0));
    f.insert("calamity".into(), json!(o.check.calamity));
    f.insert("hits".into(), json!(o.hits));
    f.insert("location_bumps".into(), json!(o.location_bumps));
    f.insert("damage_bumps".into(), json!(o.damage_bumps));
    f.insert("cover_av".into(), json!(o.cover_av));
    f.insert("ep".into(), json!(o.ep));
    f.insert(
        "penetration".into(),
        json!(o.penetration.map(|p| p.letter())),
    );
    f.insert("target_size".into(), json!(p.request.target_size));
    f.insert("strays".into(), json!(o.strays));
    f.insert("unintended".into(), json!(o.unintended));
    f.insert("equipment_failure".into(), json!(o.equipment_failure));
    f
}
