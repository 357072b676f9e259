//! Input: keyboard and mouse through leafwing-input-manager. The bindings live in one place
//! (`default_bindings`) and are persisted in a RON settings file the player may edit.
//! Every intent becomes a `BattleCommand` or `SeatCommand`, the same ones tests send.

use super::battle::{Battle, BattleCommand, Hero, HexPos, HotSeat, SeatCommand, Side};
use super::map_view::MapGeometry;
use crate::rules::hexmap::offset_of;
use crate::rules::melee::AttackType;
use crate::rules::movement::Gait;
use crate::rules::ranged::ShotKind;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect, Serialize, Deserialize)]
pub enum Action {
    /// Select the hero under the cursor.
    Select,
    /// Move the selected hero to the hex under the cursor.
    MoveHere,
    NextHero,
    ToggleRun,
    TurnLeft,
    TurnRight,
    DropProne,
    StandUp,
    DuckBehindCover,
    EmergeFromCover,
    /// Ready the next weapon carried (a holstered pistol is drawn for 1 AP).
    ReadyWeapon,
    /// Cock the weapon in hand.
    Cock,
    /// Work on the level's objective (a skill at 4/8 AP).
    WorkObjective,
    /// A rider reins the mount in to a halt, or spurs it on to its best speed.
    Rein,
    /// Cycle the shot a right click on an enemy fires: snap, normal, aimed, aimed twice.
    CycleShot,
    /// Load the weapon in hand (and clear a jam).
    Reload,
    /// Take the next weapon in the off hand.
    ReadyOffHand,
    /// Shoot the enemy under the cursor with the off hand's weapon.
    ShootOffHand,
    /// Add the enemy under the cursor to the series being declared (with the shot kind).
    AddToSeries,
    /// Declare the series (or fan) of shots.
    FireSeries,
    /// Switch the series between several shots and fan firing.
    ToggleFan,
    /// Attack the foe under the cursor hand to hand (the attack type chosen with I).
    MeleeAttack,
    /// Cycle the hand-to-hand attack: quick, standard, heavy, grapple.
    CycleAttack,
    /// Make the next attacks careful (+2 AP, +1).
    ToggleCareful,
    /// Prepare a block (2 AP).
    Block,
    /// Dodge the attacks from the foe under the cursor's side (3 AP).
    Dodge,
    /// Break away from or escape dominance.
    Escape,
    /// Move away carefully to the hex under the cursor (2 AP more, no free attack).
    Disengage,
    /// The AP the hero spends from its pool to go first on the initiative stack (0 up to its
    /// Quick Draw level).
    StackSpend,
    /// End this side's declaration, or take the seat after a handoff.
    EndDeclaration,
    PanLeft,
    PanRight,
    PanUp,
    PanDown,
    ZoomIn,
    ZoomOut,
    /// Open or close the Esc menu.
    Quit,
    /// From the Esc menu: leave the battle for the main menu.
    QuitToMenu,
}

/// Menus and the card table.
#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect, Serialize, Deserialize)]
pub enum MenuAction {
    Up,
    Down,
    Confirm,
    Back,
    /// Switch side 1 (2, 3, 4) between human and computer in the level select.
    ToggleSide1,
    ToggleSide2,
    ToggleSide3,
    ToggleSide4,
    /// Draw the next card on the card table.
    DrawCard,
}

impl MenuAction {
    pub const TOGGLE_SIDES: [MenuAction; 4] = [
        MenuAction::ToggleSide1,
        MenuAction::ToggleSide2,
        MenuAction::ToggleSide3,
        MenuAction::ToggleSide4,
    ];
}

/// A key or a mouse button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Binding {
    Key(KeyCode),
    Mouse(MouseButton),
}

/// What the settings file holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub bindings: Vec<(Action, Binding)>,
    #[serde(default = "default_menu_bindings")]
    pub menu: Vec<(MenuAction, Binding)>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            bindings: default_bindings(),
            menu: default_menu_bindings(),
        }
    }
}

/// The menu bindings, in the same place.
pub fn default_menu_bindings() -> Vec<(MenuAction, Binding)> {
    use Binding::Key;
    vec![
        (MenuAction::Up, Key(KeyCode::ArrowUp)),
        (MenuAction::Down, Key(KeyCode::ArrowDown)),
        (MenuAction::Confirm, Key(KeyCode::Enter)),
        (MenuAction::Back, Key(KeyCode::Escape)),
        (MenuAction::ToggleSide1, Key(KeyCode::Digit1)),
        (MenuAction::ToggleSide2, Key(KeyCode::Digit2)),
        (MenuAction::ToggleSide3, Key(KeyCode::Digit3)),
        (MenuAction::ToggleSide4, Key(KeyCode::Digit4)),
        (MenuAction::DrawCard, Key(KeyCode::Space)),
    ]
}

/// The bindings, in one place.
pub fn default_bindings() -> Vec<(Action, Binding)> {
    use Binding::{Key, Mouse};
    vec![
        (Action::Select, Mouse(MouseButton::Left)),
        (Action::MoveHere, Mouse(MouseButton::Right)),
        (Action::NextHero, Key(KeyCode::Tab)),
        (Action::ToggleRun, Key(KeyCode::KeyR)),
        (Action::TurnLeft, Key(KeyCode::KeyQ)),
        (Action::TurnRight, Key(KeyCode::KeyE)),
        (Action::DropProne, Key(KeyCode::KeyP)),
        (Action::StandUp, Key(KeyCode::KeyU)),
        (Action::DuckBehindCover, Key(KeyCode::KeyC)),
        (Action::EmergeFromCover, Key(KeyCode::KeyX)),
        (Action::ReadyWeapon, Key(KeyCode::KeyG)),
        (Action::Cock, Key(KeyCode::KeyK)),
        (Action::WorkObjective, Key(KeyCode::KeyO)),
        (Action::Rein, Key(KeyCode::KeyV)),
        (Action::CycleShot, Key(KeyCode::KeyF)),
        (Action::Reload, Key(KeyCode::KeyL)),
        (Action::ReadyOffHand, Key(KeyCode::KeyH)),
        (Action::ShootOffHand, Key(KeyCode::KeyT)),
        (Action::AddToSeries, Key(KeyCode::KeyA)),
        (Action::FireSeries, Key(KeyCode::KeyZ)),
        (Action::ToggleFan, Key(KeyCode::KeyN)),
        (Action::MeleeAttack, Key(KeyCode::KeyJ)),
        (Action::CycleAttack, Key(KeyCode::KeyI)),
        (Action::ToggleCareful, Key(KeyCode::KeyY)),
        (Action::Block, Key(KeyCode::KeyB)),
        (Action::Dodge, Key(KeyCode::KeyD)),
        (Action::Escape, Key(KeyCode::KeyW)),
        (Action::Disengage, Key(KeyCode::KeyS)),
        (Action::StackSpend, Key(KeyCode::Digit0)),
        (Action::EndDeclaration, Key(KeyCode::Enter)),
        (Action::PanLeft, Key(KeyCode::ArrowLeft)),
        (Action::PanRight, Key(KeyCode::ArrowRight)),
        (Action::PanUp, Key(KeyCode::ArrowUp)),
        (Action::PanDown, Key(KeyCode::ArrowDown)),
        (Action::ZoomIn, Key(KeyCode::Equal)),
        (Action::ZoomOut, Key(KeyCode::Minus)),
        (Action::Quit, Key(KeyCode::Escape)),
        (Action::QuitToMenu, Key(KeyCode::KeyM)),
    ]
}

/// `$XDG_CONFIG_HOME/tarnation/settings.ron`, or `~/.config/tarnation/settings.ron`.
pub fn settings_path() -> PathBuf {
    std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("tarnation/settings.ron")
}

/// Read the settings, writing the defaults when there are none. A bad file is reported (with
/// its line) and the defaults are used: the game still starts.
pub fn load_settings() -> Settings {
    let path = settings_path();
    let defaults = Settings::default();
    match std::fs::read_to_string(&path) {
        Ok(text) => match crate::data::parse_ron::<Settings>(&path, &text) {
            Ok(mut s) => {
                // Actions added since the file was written keep their default binding.
                fill_missing(&mut s.bindings, defaults.bindings);
                fill_missing(&mut s.menu, defaults.menu);
                s
            }
            Err(e) => {
                warn!("{e}; using the default bindings");
                defaults
            }
        },
        Err(_) => {
            let pretty = ron::ser::PrettyConfig::new().depth_limit(2);
            if let (Some(dir), Ok(text)) =
                (path.parent(), ron::ser::to_string_pretty(&defaults, pretty))
            {
                let _ = std::fs::create_dir_all(dir).and_then(|_| std::fs::write(&path, text));
            }
            defaults
        }
    }
}

fn fill_missing<A: PartialEq>(bindings: &mut Vec<(A, Binding)>, defaults: Vec<(A, Binding)>) {
    for (action, binding) in defaults {
        if !bindings.iter().any(|(a, _)| *a == action) {
            bindings.push((action, binding));
        }
    }
}

pub fn input_map<A: Actionlike>(bindings: &[(A, Binding)]) -> InputMap<A> {
    let mut map = InputMap::default();
    for (action, binding) in bindings {
        match binding {
            Binding::Key(k) => map.insert(action.clone(), *k),
            Binding::Mouse(m) => map.insert(action.clone(), *m),
        };
    }
    map
}

/// The menu actions pressed this frame, if the input entity is there.
pub fn menu_pressed(actions: &Query<&ActionState<MenuAction>>, action: MenuAction) -> bool {
    actions.single().is_ok_and(|a| a.just_pressed(&action))
}

/// A hex to point at when the cursor is not over the window (scripted screenshots).
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct ForcedHover(pub Option<hexx::Hex>);

/// The hero the player has selected, the hex under the cursor, and walk/run.
#[derive(Resource, Debug, Clone)]
pub struct Selection {
    pub hero: Option<Entity>,
    pub hovered: Option<hexx::Hex>,
    pub gait: Gait,
    /// The shot a right click on an enemy fires (F cycles).
    pub shot: ShotKind,
    /// A series being declared: targets and kinds in order (A adds, Z fires, N fans).
    pub series: Vec<(Entity, ShotKind)>,
    pub fan: bool,
    /// The hand-to-hand attack J makes (I cycles), and whether it is careful (Y).
    pub attack: AttackType,
    pub careful: bool,
}

/// The order F cycles the shot kinds in.
pub fn next_shot(kind: ShotKind) -> ShotKind {
    match kind {
        ShotKind::Snap => ShotKind::Normal,
        ShotKind::Normal => ShotKind::Aimed(1),
        ShotKind::Aimed(1) => ShotKind::Aimed(2),
        ShotKind::Aimed(_) => ShotKind::Snap,
    }
}

pub struct InputPlugin;

impl Plugin for InputPlugin {
    fn build(&self, app: &mut App) {
        let settings = load_settings();
        app.add_plugins((
            InputManagerPlugin::<Action>::default(),
            InputManagerPlugin::<MenuAction>::default(),
        ))
        .insert_resource(Selection {
            hero: None,
            hovered: None,
            gait: Gait::Walk,
            shot: ShotKind::Normal,
            series: Vec::new(),
            fan: false,
            attack: AttackType::Standard,
            careful: false,
        })
        .init_resource::<super::screens::Paused>()
        .add_systems(Startup, move |mut commands: Commands| {
            commands.spawn((input_map(&settings.bindings), input_map(&settings.menu)));
        })
        .add_systems(
            Update,
            (hover, act, camera)
                .chain()
                .in_set(super::battle::BattleSystems::Intent)
                .run_if(
                    in_state(super::screens::Screen::Battle)
                        .and_then(resource_exists::<Battle>)
                        .and_then(resource_exists::<HotSeat>),
                ),
        );
    }
}

fn hover(
    windows: Query<&Window>,
    cameras: Query<(&Camera, &GlobalTransform)>,
    geometry: Option<Res<MapGeometry>>,
    battle: Res<Battle>,
    mut selection: ResMut<Selection>,
    forced: Option<Res<ForcedHover>>,
) {
    if let Some(hex) = forced.as_ref().and_then(|f| f.0) {
        selection.hovered = Some(hex);
        return;
    }
    let (Ok(window), Ok((camera, at)), Some(geometry)) =
        (windows.single(), cameras.single(), geometry)
    else {
        return;
    };
    let Some(world) = window
        .cursor_position()
        .and_then(|p| camera.viewport_to_world_2d(at, p).ok())
    else {
        selection.hovered = None;
        return;
    };
    selection.hovered = battle
        .map
        .hexes()
        .map(|(h, _)| {
            let (c, r) = offset_of(h);
            (h, geometry.center(c, r).distance(world))
        })
        .filter(|(_, d)| *d < 30.0)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(h, _)| h);
}

fn act(
    actions: Single<&ActionState<Action>>,
    mut selection: ResMut<Selection>,
    seat: Res<HotSeat>,
    heroes: Query<(Entity, &Hero, &HexPos, &Side, &super::battle::Facing)>,
    mut battle_commands: MessageWriter<BattleCommand>,
    mut seat_commands: MessageWriter<SeatCommand>,
    mut screen: ResMut<NextState<super::screens::Screen>>,
    mut paused: ResMut<super::screens::Paused>,
    round: Res<super::round::RoundState>,
    weapons: Query<&super::battle::Weapons>,
    riders: Query<&super::battle::MountedOn>,
    stack_spend: Query<&super::round::StackSpend>,
    mut commands: Commands,
    mounts: Query<(&super::battle::Mount, &super::battle::Facing)>,
    mut last_declarer: Local<Option<Entity>>,
) {
    // The Esc menu: Esc opens and closes it; M in it quits to the main menu.
    if actions.just_pressed(&Action::Quit) {
        paused.0 = !paused.0;
    }
    if paused.0 {
        if actions.just_pressed(&Action::QuitToMenu) {
            paused.0 = false;
            screen.set(super::screens::Screen::MainMenu);
        }
        return;
    }
    if actions.just_pressed(&Action::EndDeclaration) {
        seat_commands.write(if seat.awaiting_handoff {
            SeatCommand::ConfirmHandoff
        } else {
            SeatCommand::EndDeclaration
        });
        selection.hero = None;
    }
    if seat.awaiting_handoff {
        return;
    }
    let mut own: Vec<_> = heroes.iter().filter(|h| h.3.0 == seat.active).collect();
    own.sort_by(|a, b| a.1.name.cmp(&b.1.name));
    // The hero whose declaration it is comes selected.
    if round.declarer() != *last_declarer {
        *last_declarer = round.declarer();
        if let Some(e) = round.declarer().filter(|e| own.iter().any(|h| h.0 == *e)) {
            selection.hero = Some(e);
        }
    }
    if selection.hero.is_none_or(|e| !own.iter().any(|h| h.0 == e)) {
        selection.hero = own.first().map(|h| h.0);
    }
    if actions.just_pressed(&Action::Select)
        && let Some(h) = selection
            .hovered
            .and_then(|hex| own.iter().find(|x| x.2.0 == hex))
    {
        selection.hero = Some(h.0);
    }
    if actions.just_pressed(&Action::NextHero) && !own.is_empty() {
        let i = own
            .iter()
            .position(|h| Some(h.0) == selection.hero)
            .map_or(0, |i| (i + 1) % own.len());
        selection.hero = Some(own[i].0);
    }
    if actions.just_pressed(&Action::ToggleRun) {
        selection.gait = if selection.gait == Gait::Walk {
            Gait::Run
        } else {
            Gait::Walk
        };
    }
    let Some(hero) = selection.hero else { return };
    let facing = heroes.get(hero).map(|h| h.4.0).unwrap_or(0);
    if actions.just_pressed(&Action::CycleShot) {
        selection.shot = next_shot(selection.shot);
    }
    if actions.just_pressed(&Action::Reload) {
        battle_commands.write(BattleCommand::Reload { hero });
    }
    let enemy_under_cursor = selection.hovered.and_then(|to| {
        heroes
            .iter()
            .find(|h| h.2.0 == to && h.3.0 != seat.active)
            .map(|h| h.0)
    });
    if actions.just_pressed(&Action::ReadyOffHand)
        && let Ok(carried) = weapons.get(hero)
    {
        let n = carried.0.len().max(1);
        let from = carried
            .0
            .iter()
            .position(|w| w.off_hand)
            .map_or(0, |i| i + 1);
        if let Some(next) = (0..n)
            .map(|k| (from + k) % n)
            .find(|&i| !carried.0[i].ready)
        {
            battle_commands.write(BattleCommand::ReadyOffHand { hero, weapon: next });
        }
    }
    if actions.just_pressed(&Action::ShootOffHand)
        && let Some(target) = enemy_under_cursor
    {
        battle_commands.write(BattleCommand::ShootOffHand {
            hero,
            target,
            kind: selection.shot,
        });
    }
    if actions.just_pressed(&Action::ToggleFan) {
        selection.fan = !selection.fan;
    }
    if actions.just_pressed(&Action::CycleAttack) {
        selection.attack = selection.attack.next();
    }
    if actions.just_pressed(&Action::ToggleCareful) {
        selection.careful = !selection.careful;
    }
    if actions.just_pressed(&Action::MeleeAttack)
        && let Some(target) = enemy_under_cursor
    {
        battle_commands.write(BattleCommand::Melee {
            hero,
            target,
            attack: selection.attack,
            careful: selection.careful,
            times: 1,
        });
    }
    if actions.just_pressed(&Action::Block) {
        battle_commands.write(BattleCommand::Block { hero });
    }
    if actions.just_pressed(&Action::Dodge) {
        let at = heroes.get(hero).map(|h| h.2.0).ok();
        let toward = match (at, selection.hovered) {
            (Some(a), Some(b)) if a != b => crate::rules::hexmap::hexside_toward(a, b),
            _ => facing,
        };
        battle_commands.write(BattleCommand::Dodge { hero, toward });
    }
    if actions.just_pressed(&Action::StackSpend)
        && let Ok((_, h, ..)) = heroes.get(hero)
    {
        let level = h.skills.get("Quick Draw").copied().unwrap_or(0);
        let now = stack_spend.get(hero).map_or(0, |s| s.0);
        let next = if now >= level { 0 } else { now + 1 };
        commands.entity(hero).insert(super::round::StackSpend(next));
    }
    if actions.just_pressed(&Action::Escape) {
        battle_commands.write(BattleCommand::Escape { hero });
    }
    if actions.just_pressed(&Action::Disengage)
        && let Some(to) = selection.hovered
    {
        battle_commands.write(BattleCommand::Disengage { hero, to });
    }
    if actions.just_pressed(&Action::AddToSeries)
        && let Some(target) = enemy_under_cursor
        && selection.series.len() < crate::rules::ranged::MAX_SHOTS
    {
        let kind = selection.shot;
        selection.series.push((target, kind));
    }
    if actions.just_pressed(&Action::FireSeries) && !selection.series.is_empty() {
        let mut shots = [None; crate::rules::ranged::MAX_SHOTS];
        for (i, s) in selection.series.drain(..).enumerate() {
            shots[i] = Some(s);
        }
        battle_commands.write(BattleCommand::Series {
            hero,
            shots,
            fan: selection.fan,
        });
    }
    // Right click: shoot the enemy under the cursor, or move there.
    if actions.just_pressed(&Action::MoveHere)
        && let Some(to) = selection.hovered
    {
        let enemy = heroes
            .iter()
            .find(|h| h.2.0 == to && h.3.0 != seat.active)
            .map(|h| h.0);
        battle_commands.write(match enemy {
            Some(target) => BattleCommand::Shoot {
                hero,
                target,
                kind: selection.shot,
            },
            None => BattleCommand::Move {
                hero,
                to,
                gait: selection.gait,
            },
        });
    }
    // A rider's turns steer the mount.
    let mount = riders.get(hero).ok().and_then(|m| mounts.get(m.0).ok());
    for (action, by) in [(Action::TurnLeft, 1), (Action::TurnRight, 5)] {
        if !actions.just_pressed(&action) {
            continue;
        }
        battle_commands.write(match mount {
            Some((_, heading)) => BattleCommand::Steer {
                hero,
                facing: (heading.0 + by) % 6,
            },
            None => BattleCommand::Face {
                hero,
                facing: (facing + by) % 6,
            },
        });
    }
    if actions.just_pressed(&Action::Rein)
        && let Some((m, _)) = mount
    {
        let speed = if m.speed > 0 { 0 } else { m.best_speed };
        battle_commands.write(BattleCommand::Rein { hero, speed });
    }
    if actions.just_pressed(&Action::DropProne) {
        battle_commands.write(BattleCommand::DropProne { hero });
    }
    if actions.just_pressed(&Action::StandUp) {
        battle_commands.write(BattleCommand::StandUp { hero });
    }
    if actions.just_pressed(&Action::DuckBehindCover) {
        battle_commands.write(BattleCommand::DuckBehindCover { hero });
    }
    if actions.just_pressed(&Action::EmergeFromCover) {
        battle_commands.write(BattleCommand::EmergeFromCover { hero });
    }
    if actions.just_pressed(&Action::ReadyWeapon)
        && let Ok(carried) = weapons.get(hero)
    {
        let n = carried.0.len().max(1);
        let next = carried
            .0
            .iter()
            .position(|w| w.ready)
            .map_or(0, |i| (i + 1) % n);
        battle_commands.write(BattleCommand::Ready { hero, weapon: next });
    }
    if actions.just_pressed(&Action::Cock) {
        battle_commands.write(BattleCommand::Cock { hero });
    }
    if actions.just_pressed(&Action::WorkObjective) {
        battle_commands.write(BattleCommand::WorkObjective { hero, objective: 0 });
    }
}

fn camera(
    actions: Single<&ActionState<Action>>,
    time: Res<Time>,
    mut cameras: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
) {
    let Ok((mut at, mut projection)) = cameras.single_mut() else {
        return;
    };
    let Projection::Orthographic(ortho) = projection.as_mut() else {
        return;
    };
    let speed = 600.0 * ortho.scale * time.delta_secs();
    for (action, dir) in [
        (Action::PanLeft, Vec3::NEG_X),
        (Action::PanRight, Vec3::X),
        (Action::PanUp, Vec3::Y),
        (Action::PanDown, Vec3::NEG_Y),
    ] {
        if actions.pressed(&action) {
            at.translation += dir * speed;
        }
    }
    if actions.just_pressed(&Action::ZoomIn) {
        ortho.scale = (ortho.scale / 1.25).max(0.4);
    }
    if actions.just_pressed(&Action::ZoomOut) {
        ortho.scale = (ortho.scale * 1.25).min(4.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bindings_round_trip_through_ron_and_every_action_is_bound() {
        let settings = Settings::default();
        let text = ron::to_string(&settings).unwrap();
        let back: Settings = ron::from_str(&text).unwrap();
        assert_eq!(back, settings);
        let bound: std::collections::HashSet<Action> =
            settings.bindings.iter().map(|b| b.0).collect();
        assert_eq!(bound.len(), 38);
    }
}
