//! Commands on the battle: every intent (mouse, keyboard, computer, tests) is a
//! `BattleCommand`; each gets a `CommandOutcome`, a refusal with its reason when not legal.

use super::battle::{
    ApLeft, Battle, BehindCover, Cover, Facing, Hero, HexPos, HotSeat, Prone, Side,
};
use crate::rules::hexmap::MovePlan;
use crate::rules::movement::{
    DROP_PRONE_AP, DUCK_BEHIND_COVER_AP, EMERGE_FROM_COVER_AP, Gait, STAND_UP_AP,
    facing_cost_standing, hexsides_between,
};
use bevy::prelude::*;
use hexx::Hex;
use std::collections::HashMap;

/// Player intent: the mouse, the keyboard, the computer and tests all send these.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum BattleCommand {
    Move { hero: Entity, to: Hex, gait: Gait },
    Face { hero: Entity, facing: u8 },
    DropProne { hero: Entity },
    StandUp { hero: Entity },
    DuckBehindCover { hero: Entity },
    EmergeFromCover { hero: Entity },
}

/// What came of a command.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum CommandOutcome {
    Moved {
        hero: Entity,
        path: Vec<Hex>,
        ap: u32,
    },
    Faced {
        hero: Entity,
        facing: u8,
        ap: u32,
    },
    WentProne {
        hero: Entity,
        ap: u32,
    },
    StoodUp {
        hero: Entity,
        ap: u32,
    },
    Ducked {
        hero: Entity,
        cover: String,
        ap: u32,
    },
    Emerged {
        hero: Entity,
        ap: u32,
    },
    /// Not legal: the reason is for the player to see.
    Refused {
        hero: Entity,
        reason: String,
    },
}

/// The moves a hero can make with the AP left, priced by the Movement AP table.
pub fn move_options(
    battle: &Battle,
    from: Hex,
    facing: u8,
    hero: &Hero,
    ap: u32,
    gait: Gait,
    occupied: &[Hex],
) -> HashMap<Hex, MovePlan> {
    battle
        .map
        .reachable(from, facing, gait, (hero.move_paces, hero.run), ap, |h| {
            occupied.contains(&h)
        })
}

pub(super) fn apply_commands(
    mut commands: MessageReader<BattleCommand>,
    mut outcomes: MessageWriter<CommandOutcome>,
    battle: Option<Res<Battle>>,
    seat: Option<Res<HotSeat>>,
    sides: Query<&Side>,
    covers: Query<(&Cover, &HexPos), Without<Hero>>,
    mut heroes: HeroQuery,
) {
    let Some(battle) = battle else { return };
    let cover_at: Vec<(Hex, String)> = covers
        .iter()
        .map(|(c, at)| (at.0, c.name.clone()))
        .collect();
    for command in commands.read() {
        let hero = command.hero();
        if let (Some(seat), Ok(side)) = (&seat, sides.get(hero)) {
            if seat.awaiting_handoff {
                outcomes.write(CommandOutcome::Refused {
                    hero,
                    reason: "the map is hidden until the next player takes the seat".into(),
                });
                continue;
            }
            if side.0 != seat.active {
                let name = &battle.level.sides[seat.active].name;
                outcomes.write(CommandOutcome::Refused {
                    hero,
                    reason: format!("it is the declaration of {name}"),
                });
                continue;
            }
        }
        let outcome = apply(&battle, *command, &cover_at, &mut heroes);
        outcomes.write(outcome);
    }
}

impl BattleCommand {
    pub fn hero(&self) -> Entity {
        match *self {
            BattleCommand::Move { hero, .. }
            | BattleCommand::Face { hero, .. }
            | BattleCommand::DropProne { hero }
            | BattleCommand::StandUp { hero }
            | BattleCommand::DuckBehindCover { hero }
            | BattleCommand::EmergeFromCover { hero } => hero,
        }
    }
}

type HeroQuery<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Hero,
        &'static mut HexPos,
        &'static mut Facing,
        &'static mut ApLeft,
        &'static mut Prone,
        &'static mut BehindCover,
    ),
>;

fn apply(
    battle: &Battle,
    command: BattleCommand,
    cover_at: &[(Hex, String)],
    heroes: &mut HeroQuery,
) -> CommandOutcome {
    let hero_entity = command.hero();
    let refuse = |reason: String| CommandOutcome::Refused {
        hero: hero_entity,
        reason,
    };
    let occupied: Vec<Hex> = heroes
        .iter()
        .filter(|h| h.0 != hero_entity)
        .map(|h| h.2.0)
        .collect();
    let Ok((_, hero, mut pos, mut facing, mut ap, mut prone, mut behind)) =
        heroes.get_mut(hero_entity)
    else {
        return refuse("no such hero".into());
    };
    let name = hero.name.clone();
    match command {
        BattleCommand::Move { to, gait, .. } => {
            if prone.0 {
                return refuse(format!(
                    "{name} is prone: stand up first ({STAND_UP_AP} AP)"
                ));
            }
            if behind.0 {
                return refuse(format!(
                    "{name} is behind cover: emerge first ({EMERGE_FROM_COVER_AP} AP)"
                ));
            }
            let Some(tile) = battle.map.tile(to) else {
                return refuse("that hex is off the map".into());
            };
            if !tile.terrain.passable() {
                return refuse(format!("{name} cannot enter a {}", tile.terrain.name()));
            }
            if occupied.contains(&to) {
                return refuse("another figure stands there".into());
            }
            let all = move_options(
                battle,
                pos.0,
                facing.0,
                hero,
                u32::MAX / 1024,
                gait,
                &occupied,
            );
            let Some(plan) = all.get(&to) else {
                return refuse(format!("{name} has no way there"));
            };
            if let Err(why) = pay(&mut ap.0, plan.cost.total, "the move", &name) {
                return refuse(why);
            }
            pos.0 = to;
            facing.0 = plan.final_facing;
            CommandOutcome::Moved {
                hero: hero_entity,
                path: plan.hexes.clone(),
                ap: plan.cost.total,
            }
        }
        BattleCommand::Face { facing: to, .. } => {
            if to > 5 {
                return refuse("facing is a hexside 0 to 5".into());
            }
            let cost = facing_cost_standing(hexsides_between(facing.0, to));
            if let Err(why) = pay(&mut ap.0, cost, "turning", &name) {
                return refuse(why);
            }
            facing.0 = to;
            CommandOutcome::Faced {
                hero: hero_entity,
                facing: to,
                ap: cost,
            }
        }
        BattleCommand::DropProne { .. } => {
            match switch(
                &mut prone.0,
                true,
                &mut ap.0,
                DROP_PRONE_AP,
                "dropping prone",
                &name,
            ) {
                Ok(ap) => CommandOutcome::WentProne {
                    hero: hero_entity,
                    ap,
                },
                Err(why) => refuse(why.unwrap_or_else(|| format!("{name} is already prone"))),
            }
        }
        BattleCommand::StandUp { .. } => {
            match switch(
                &mut prone.0,
                false,
                &mut ap.0,
                STAND_UP_AP,
                "standing up",
                &name,
            ) {
                Ok(ap) => CommandOutcome::StoodUp {
                    hero: hero_entity,
                    ap,
                },
                Err(why) => refuse(why.unwrap_or_else(|| format!("{name} is already standing"))),
            }
        }
        BattleCommand::DuckBehindCover { .. } => {
            if behind.0 {
                return refuse(format!("{name} is already behind cover"));
            }
            let Some((_, cover)) = cover_at.iter().find(|(at, _)| *at == pos.0) else {
                return refuse(format!("there is no cover in {name}'s hex to duck behind"));
            };
            let what = "ducking behind cover";
            match switch(
                &mut behind.0,
                true,
                &mut ap.0,
                DUCK_BEHIND_COVER_AP,
                what,
                &name,
            ) {
                Ok(ap) => CommandOutcome::Ducked {
                    hero: hero_entity,
                    cover: cover.clone(),
                    ap,
                },
                Err(why) => refuse(why.unwrap_or_default()),
            }
        }
        BattleCommand::EmergeFromCover { .. } => {
            let what = "emerging from cover";
            match switch(
                &mut behind.0,
                false,
                &mut ap.0,
                EMERGE_FROM_COVER_AP,
                what,
                &name,
            ) {
                Ok(ap) => CommandOutcome::Emerged {
                    hero: hero_entity,
                    ap,
                },
                Err(why) => refuse(why.unwrap_or_else(|| format!("{name} is not behind cover"))),
            }
        }
    }
}

/// Put a posture flag (prone, behind cover) to `to` for its fixed AP cost. `Err(None)` when
/// the flag is already there (the caller names the state), `Err(Some(why))` when AP is short.
fn switch(
    flag: &mut bool,
    to: bool,
    ap: &mut u32,
    cost: u32,
    what: &str,
    name: &str,
) -> Result<u32, Option<String>> {
    if *flag == to {
        return Err(None);
    }
    pay(ap, cost, what, name).map_err(Some)?;
    *flag = to;
    Ok(cost)
}

/// Spend `cost` AP on `what`, or say why not.
fn pay(ap: &mut u32, cost: u32, what: &str, name: &str) -> Result<(), String> {
    if cost > *ap {
        return Err(format!(
            "not enough AP: {what} costs {cost} AP, {name} has {ap} left"
        ));
    }
    *ap -= cost;
    Ok(())
}
