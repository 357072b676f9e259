//! The player's choices the simulation has and the window now offers: dice pools' Venture and
//! Will, the bonus counter (set, passed to an ally), a series of blows, speed loading, reviving,
//! a shot fired to miss, rushing; the bar's groups that hold them all; the card view's marks.
//! Each key or button is checked by the intent it sends, and a greyed one by the simulation's
//! own refusal.

use super::*;
use tarnation::app::hud::BarView;
use tarnation::app::hud::{
    BAR, CardCell, CardRead, ChoicesView, Mark, Marked, bar_lines, card_read, corner_face,
    line_width, line_width_at, option_words, usual_lines,
};
use tarnation::app::input::{ActionButton, BattleAction, ForcedHover, Selection, wants_a_hero};
use tarnation::app::layout::{BAR_H, BUTTON_H, BUTTON_W, CAPTION_H, frame};
use tarnation::app::screens::PendingBattle;
use tarnation::data::level::Level;
use tarnation::rules::check::Resolution;
use tarnation::rules::hexmap::hex_at;
use tarnation::rules::melee::AttackType;
use tarnation::rules::ranged::ShotKind;
use tarnation::sim::model::{
    Down, HexPos, PoolChoices, Side, SideInfo, WeaponState, Weapons, Wounds,
};
use tarnation::sim::{Action, HeroId, SimSystems};

/// Every intent the window sent, accepted or not.
#[derive(Resource, Default)]
struct Sent(Vec<Intent>);

fn record(mut intents: MessageReader<Intent>, mut sent: ResMut<Sent>) {
    sent.0.extend(intents.read().cloned());
}

/// A battle of the level at `path`, changed by `edit`, its first side human and the second
/// the computer's, started as `tarnation play --level` starts it.
fn battle(seed: u64, path: &str, edit: impl FnOnce(&mut Level)) -> App {
    use tarnation::data::{gear, level, paths};
    let mut app = window_app(seed);
    app.init_resource::<Sent>()
        .add_systems(Update, record.after(SimSystems::Intent));
    let gear = gear::load(&paths::find(gear::GEAR_PATH).unwrap()).unwrap();
    let mut level =
        level::load(&paths::locate(std::path::Path::new(path)).unwrap(), &gear).unwrap();
    level.sides[0].control = Control::Human;
    level.sides[1].control = Control::Computer;
    edit(&mut level);
    app.insert_resource(PendingBattle { level, gear, seed });
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Battle);
    app.update();
    app.update();
    assert_eq!(screen(&app), Screen::Battle);
    app
}

fn hero(app: &mut App, name: &str) -> Entity {
    let mut q = app.world_mut().query::<(Entity, &Hero)>();
    q.iter(app.world())
        .find(|(_, h)| h.name == name)
        .map(|(e, _)| e)
        .unwrap_or_else(|| panic!("{name} is in the battle"))
}

fn id(app: &App, e: Entity) -> HeroId {
    *app.world().get::<HeroId>(e).unwrap()
}

fn human(app: &mut App, e: Entity) -> bool {
    let side = app.world().get::<Side>(e).unwrap().0;
    let mut q = app.world_mut().query::<&SideInfo>();
    q.iter(app.world())
        .any(|i| i.index == side && i.control == Control::Human)
}

/// Frames until `who` declares, the other human heroes passing meanwhile.
fn until_declares(app: &mut App, who: Entity) {
    for _ in 0..800 {
        app.update();
        if let Some(d) = app.world().resource::<RoundState>().declarer() {
            if d == who {
                app.update();
                return;
            }
            if human(app, d) {
                tap(app, KeyCode::Enter);
            }
        }
    }
    panic!("{who:?} never declares");
}

fn point_at(app: &mut App, e: Entity) {
    let at = app.world().get::<HexPos>(e).unwrap().0;
    app.insert_resource(ForcedHover(Some(at)));
    app.update();
}

/// The pointer off the map (over the bar).
fn point_at_nothing(app: &mut App) {
    app.insert_resource(ForcedHover(None));
    app.world_mut().resource_mut::<Selection>().hovered = None;
    app.update();
}

use super::mouse::bar;

fn sent(app: &App) -> Vec<Intent> {
    app.world().resource::<Sent>().0.clone()
}

fn panel(app: &mut App) -> String {
    let mut q = app
        .world_mut()
        .query_filtered::<&Text, With<tarnation::app::frame::Panel>>();
    q.single(app.world()).unwrap().0.clone()
}

fn banner_line(app: &mut App) -> String {
    let mut q = app
        .world_mut()
        .query_filtered::<&Text, With<tarnation::app::frame::BannerLine>>();
    q.single(app.world()).unwrap().0.clone()
}

/// The refusal the simulation gives an action, in the bar's words (keys named as bound).
fn refusal(app: &mut App, action: &Action) -> String {
    let why = tarnation::sim::actions::price(app.world_mut(), action)
        .err()
        .unwrap_or_else(|| panic!("{action:?} is refused"));
    app.world().resource::<Bindings>().refusal(&why)
}

fn ap(app: &mut App, action: &Action) -> u32 {
    tarnation::sim::actions::price(app.world_mut(), action)
        .unwrap_or_else(|e| panic!("{action:?} is priced: {e}"))
        .ap
}

/// Every action of the bar fits: three lines of captioned groups in the bar's height, each
/// line narrower than the bar at 1280x720 and 2560x1440 (the layout scales as a whole) with
/// the buttons every match shows at full width (72 px, room for "Disengage" at 14 px), and
/// with dice pools and rushing too, their buttons narrowed to no less than 56 px; every
/// button has a key.
#[test]
fn the_bar_holds_every_action_in_groups_that_fit() {
    let lines = bar_lines();
    let buttons: usize = lines.iter().flatten().map(|g| g.1).sum();
    assert_eq!(buttons, BAR.len());
    assert_eq!(BUTTON_W - 4.0, 72.0);
    const { assert!(CAPTION_H >= 14.0 * 1.2, "a 14 px caption's line") };
    const {
        assert!(
            BUTTON_H >= 2.0 * 14.0 * 1.2 + 2.0,
            "two 14 px lines in a button"
        )
    };
    assert!(
        lines.len() as f32 * (CAPTION_H + 1.0 + BUTTON_H) + (lines.len() - 1) as f32 * 4.0 + 10.0
            <= BAR_H
    );
    for (w, h) in [(1280.0, 720.0), (2560.0, 1440.0)] {
        let f = frame(w, h);
        let room = f.bar.width() / f.scale - 12.0;
        for line in &usual_lines() {
            assert!(
                line_width(line) <= room,
                "{w}x{h}: {} > {room}",
                line_width(line)
            );
        }
        for line in &lines {
            assert!(
                line_width_at(line, 56.0) <= room,
                "{w}x{h}: {} > {room}",
                line_width_at(line, 56.0)
            );
        }
    }
    let keys = Bindings(tarnation::app::input::Settings::default());
    for (action, ..) in BAR {
        assert!(!keys.key(action).is_empty(), "{action:?} has a key");
    }
    for new in [
        BattleAction::Venture,
        BattleAction::SpendWill,
        BattleAction::BonusSpend,
        BattleAction::BackUp,
        BattleAction::AddBlow,
        BattleAction::StrikeBlows,
        BattleAction::SpeedLoad,
        BattleAction::Revive,
        BattleAction::Sabotage,
        BattleAction::Rush,
    ] {
        assert!(BAR.iter().any(|b| b.0 == new), "{new:?} is on the bar");
    }
}

/// Dice pools: the banner names the system, the bar shows Venture and Will, 1 cycles the
/// Venture tokens and 2 sets Will; the panel shows the Will left and both choices. With the
/// action deck neither button is there.
#[test]
fn dice_pools_venture_and_will_from_the_keys_and_the_bar() {
    let mut app = battle(7, "levels/street_duel.ron", |l| {
        l.resolution = Some(Resolution::DicePool)
    });
    let miranda = hero(&mut app, "Miranda Valentine");
    until_declares(&mut app, miranda);
    assert!(
        banner_line(&mut app).contains("dice pools"),
        "{}",
        banner_line(&mut app)
    );
    let venture = bar(&app, BattleAction::Venture);
    assert!(venture.shown && venture.enabled, "{venture:?}");
    assert_eq!(venture.name, "Vent. 0");
    let me = id(&app, miranda);
    tap(&mut app, KeyCode::Digit1);
    assert!(sent(&app).contains(&Intent::Venture {
        hero: me,
        tokens: 1
    }));
    assert_eq!(
        app.world().get::<PoolChoices>(miranda).map(|c| c.venture),
        Some(1)
    );
    app.update();
    assert_eq!(bar(&app, BattleAction::Venture).name, "Vent. 1");
    // The bar's button cycles on.
    assert!(click::<ActionButton>(&mut app, |b| b.0 == BattleAction::Venture));
    assert!(sent(&app).contains(&Intent::Venture {
        hero: me,
        tokens: 2
    }));
    // Will: 2 left, spent if the check would fail.
    let will = bar(&app, BattleAction::SpendWill);
    assert!(
        will.shown && will.enabled && will.hint.contains("2 left"),
        "{will:?}"
    );
    tap(&mut app, KeyCode::Digit2);
    assert!(sent(&app).contains(&Intent::Will {
        hero: me,
        spend: true
    }));
    app.update();
    assert!(bar(&app, BattleAction::SpendWill).lit);
    let text = panel(&mut app);
    assert!(
        text.contains("Will 2 left, spent if the next check would fail"),
        "{text}"
    );
    assert!(text.contains("Venture 2"), "{text}");
    // No Will left: the button is grey and says so.
    app.world_mut().get_mut::<Hero>(miranda).unwrap().will = 0;
    tap(&mut app, KeyCode::Digit2);
    app.update();
    let will = bar(&app, BattleAction::SpendWill);
    assert!(
        !will.enabled && will.tip.contains("no Will left"),
        "{will:?}"
    );

    // The action deck: no Venture, no Will.
    let mut app = battle(7, "levels/street_duel.ron", |_| {});
    let miranda = hero(&mut app, "Miranda Valentine");
    until_declares(&mut app, miranda);
    assert!(!bar(&app, BattleAction::Venture).shown);
    assert!(!bar(&app, BattleAction::SpendWill).shown);
    assert!(banner_line(&mut app).contains("action deck"));
}

/// The bonus counter: without one the button is grey and the panel says so; a counter earned
/// shows on the panel with the side's pool; 3 sets Right on!, Aces!, nothing in turn; 4 passes
/// it to the ally pointed at (1 AP), or, clicked with nobody pointed at, to the ally clicked
/// next on the map.
#[test]
fn the_bonus_counter_on_the_panel_set_and_passed_to_an_ally() {
    let mut app = battle(7, "levels/street_duel.ron", |_| {});
    let miranda = hero(&mut app, "Miranda Valentine");
    let cyril = hero(&mut app, "Cyril Wellington");
    until_declares(&mut app, miranda);
    let me = id(&app, miranda);
    let ally = id(&app, cyril);
    let bonus = bar(&app, BattleAction::BonusSpend);
    assert!(
        !bonus.enabled && bonus.tip.contains("holds no bonus counter"),
        "{bonus:?}"
    );
    point_at(&mut app, cyril);
    let back = bar(&app, BattleAction::BackUp);
    let why = refusal(&mut app, &Action::BackUp { hero: me, ally });
    assert!(!back.enabled && back.tip.contains(&why), "{back:?} / {why}");
    assert!(panel(&mut app).contains("no bonus counter"));
    // A bump saved: the counter is Miranda's, and the side's pool is empty (2 heroes less 1).
    assert!(tarnation::sim::bonus::earn(
        app.world_mut(),
        miranda,
        "test"
    ));
    app.update();
    app.update();
    let text = panel(&mut app);
    assert!(text.contains("BONUS COUNTER, not set"), "{text}");
    assert!(
        text.contains("Valentine posse (Human), bonus pool 0"),
        "{text}"
    );
    let view = app.world().resource::<ChoicesView>().heroes[&miranda];
    assert!(view.holds && view.armed.is_none());
    // 3 cycles what it is set for.
    use tarnation::rules::bonus::Spend;
    tap(&mut app, KeyCode::Digit3);
    assert!(sent(&app).contains(&Intent::Bonus {
        hero: me,
        spend: Some(Spend::RightOn)
    }));
    app.update();
    assert!(panel(&mut app).contains("BONUS COUNTER set for Right on!"));
    assert_eq!(bar(&app, BattleAction::BonusSpend).name, "Right on");
    assert!(click::<ActionButton>(&mut app, |b| b.0 == BattleAction::BonusSpend));
    assert!(sent(&app).contains(&Intent::Bonus {
        hero: me,
        spend: Some(Spend::Aces)
    }));
    app.update();
    assert!(panel(&mut app).contains("BONUS COUNTER set for Aces!"));
    tap(&mut app, KeyCode::Digit3);
    assert!(sent(&app).contains(&Intent::Bonus {
        hero: me,
        spend: None
    }));
    // Back up: the button, with nobody pointed at, waits for a click on the ally.
    point_at_nothing(&mut app);
    let back = bar(&app, BattleAction::BackUp);
    assert!(back.enabled && back.hint.ends_with("1 AP"), "{back:?}");
    assert!(click::<ActionButton>(&mut app, |b| b.0 == BattleAction::BackUp));
    assert_eq!(
        app.world().resource::<Selection>().pick,
        Some(BattleAction::BackUp)
    );
    assert!(bar(&app, BattleAction::BackUp).lit);
    assert!(banner_line(&mut app).contains("click an ally"));
    point_at(&mut app, cyril);
    let journal = app.world().resource::<Journal>().0.len();
    MouseButton::Left.press(app.world_mut());
    app.update();
    MouseButton::Left.release(app.world_mut());
    app.update();
    let back_up = Intent::Declare(Action::BackUp { hero: me, ally });
    assert!(sent(&app).contains(&back_up), "{:?}", sent(&app));
    assert!(
        app.world().resource::<Journal>().0[journal..]
            .iter()
            .any(|e| e.intent == back_up),
        "accepted"
    );
    assert_eq!(app.world().resource::<Selection>().pick, None);
}

/// Hand to hand: "," adds the foe pointed at to a series of blows with the attack chosen, "."
/// declares it (its AP, the switch included, on the bar and the panel before).
#[test]
fn a_series_of_blows_at_two_foes() {
    let mut app = battle(3, "levels/saloon_brawl.ron", |l| {
        // Dave and Clem beside Hank.
        let hank = l
            .heroes
            .iter()
            .find(|h| h.name == "Hank Daggett")
            .unwrap()
            .at;
        let around: Vec<(i32, i32)> = hex_at(hank.0, hank.1)
            .all_neighbors()
            .into_iter()
            .map(tarnation::rules::hexmap::offset_of)
            .filter(|&at| l.heroes.iter().all(|h| h.at != at))
            .filter(|&(c, r)| {
                l.map
                    .rows
                    .get(r as usize)
                    .and_then(|row| row.chars().nth(c as usize))
                    == Some('.')
            })
            .collect();
        for (i, name) in ["Dave Perkins", "Clem Perkins"].iter().enumerate() {
            let h = l.heroes.iter_mut().find(|h| h.name == *name).unwrap();
            h.at = around[i];
        }
    });
    let hank = hero(&mut app, "Hank Daggett");
    let dave = hero(&mut app, "Dave Perkins");
    let clem = hero(&mut app, "Clem Perkins");
    until_declares(&mut app, hank);
    let (me, d, c) = (id(&app, hank), id(&app, dave), id(&app, clem));
    let strike = bar(&app, BattleAction::StrikeBlows);
    assert!(
        !strike.enabled && strike.tip.contains("No blows yet"),
        "{strike:?}"
    );
    point_at(&mut app, dave);
    tap(&mut app, KeyCode::Comma);
    for _ in 0..3 {
        tap(&mut app, KeyCode::KeyI); // standard -> heavy -> grapple -> quick
    }
    point_at(&mut app, clem);
    tap(&mut app, KeyCode::Comma);
    let blows = vec![
        (d, AttackType::Standard, false),
        (c, AttackType::Quick, false),
    ];
    let series = Action::MeleeSeries {
        hero: me,
        blows: blows.clone(),
    };
    let cost = ap(&mut app, &series);
    app.update();
    let strike = bar(&app, BattleAction::StrikeBlows);
    assert!(
        strike.enabled,
        "{strike:?} {:?} {:?}",
        app.world().resource::<Selection>(),
        bar(&app, BattleAction::AddBlow)
    );
    assert!(strike.hint.ends_with(&format!("{cost} AP")), "{strike:?}");
    assert!(bar(&app, BattleAction::AddBlow).hint.ends_with("2"));
    let text = panel(&mut app);
    assert!(
        text.contains(
            "Blows declared: Dave Perkins (standard attack), Clem Perkins (quick attack)"
        ),
        "{text}"
    );
    assert!(text.contains(&format!("{cost} AP")), "{text}");
    tap(&mut app, KeyCode::Period);
    assert!(
        sent(&app).contains(&Intent::Declare(series)),
        "{:?}",
        sent(&app)
    );
    assert!(app.world().resource::<Selection>().blows.is_empty());
}

/// Speed load and a shot fired to miss: grey with the simulation's refusal when they
/// cannot be done, their intent from the key or a click when they can.
#[test]
fn speed_load_and_a_shot_fired_to_miss() {
    let mut app = battle(7, "levels/street_duel.ron", |_| {});
    let miranda = hero(&mut app, "Miranda Valentine");
    let felicia = hero(&mut app, "Felicia Laroq");
    until_declares(&mut app, miranda);
    let me = id(&app, miranda);
    // The Peacemaker is holstered: no speed load, no shot fired to miss (ready it first).
    let speed = bar(&app, BattleAction::SpeedLoad);
    let why = refusal(&mut app, &Action::SpeedLoad { hero: me });
    assert!(
        !speed.enabled && speed.tip.contains(&why),
        "{speed:?} / {why}"
    );
    point_at(&mut app, felicia);
    let miss = bar(&app, BattleAction::Sabotage);
    let target = id(&app, felicia);
    let why = refusal(
        &mut app,
        &Action::Sabotage {
            hero: me,
            target,
            kind: ShotKind::Normal,
        },
    );
    assert!(!miss.enabled && miss.tip.contains(&why), "{miss:?} / {why}");
    // In hand, cocked and empty: a speed load; loaded: a shot fired to miss.
    {
        let mut w = app.world_mut().get_mut::<Weapons>(miranda).unwrap();
        let gun: &mut WeaponState = &mut w.0[0];
        gun.ready = true;
        gun.holstered = false;
        gun.cocked = true;
        gun.rounds = 0;
    }
    point_at_nothing(&mut app);
    let speed = bar(&app, BattleAction::SpeedLoad);
    let cost = ap(&mut app, &Action::SpeedLoad { hero: me });
    assert!(
        speed.enabled && speed.hint == format!(";  {cost} AP"),
        "{speed:?}"
    );
    tap(&mut app, KeyCode::Semicolon);
    assert!(sent(&app).contains(&Intent::Declare(Action::SpeedLoad { hero: me })));
    app.world_mut().get_mut::<Weapons>(miranda).unwrap().0[0].rounds = 5;
    point_at(&mut app, felicia);
    let sabotage = Action::Sabotage {
        hero: me,
        target,
        kind: ShotKind::Normal,
    };
    let cost = ap(&mut app, &sabotage);
    let miss = bar(&app, BattleAction::Sabotage);
    assert!(
        miss.enabled && miss.hint.ends_with(&format!("{cost} AP")),
        "{miss:?}"
    );
    tap(&mut app, KeyCode::Digit5);
    assert!(sent(&app).contains(&Intent::Declare(sabotage.clone())));
}

/// Revive: greyed with the simulation's refusal while the fallen ally is out of reach, and
/// declared by a click once Cyril (Medicine 2) stands beside Miranda, knocked out.
#[test]
fn revive_an_unconscious_ally_beside_the_hero() {
    let mut app = battle(7, "levels/street_duel.ron", |_| {});
    let miranda = hero(&mut app, "Miranda Valentine");
    let cyril = hero(&mut app, "Cyril Wellington");
    until_declares(&mut app, cyril);
    let (me, fallen) = (id(&app, cyril), id(&app, miranda));
    app.world_mut().get_mut::<Down>(miranda).unwrap().0 = true;
    app.world_mut().get_mut::<Wounds>(miranda).unwrap().fate =
        Some(tarnation::rules::damage::Fate::Unconscious);
    point_at(&mut app, miranda);
    let revive = bar(&app, BattleAction::Revive);
    let why = refusal(
        &mut app,
        &Action::Revive {
            hero: me,
            target: fallen,
        },
    );
    assert!(
        !revive.enabled && revive.tip.contains(&why),
        "{revive:?} / {why}"
    );
    // Beside her.
    let at = app.world().get::<HexPos>(cyril).unwrap().0;
    let free = at
        .all_neighbors()
        .into_iter()
        .find(|h| {
            let mut q = app.world_mut().query::<&HexPos>();
            app.world()
                .resource::<Battle>()
                .map
                .tile(*h)
                .is_some_and(|t| t.terrain == tarnation::rules::terrain::Terrain::Open)
                && q.iter(app.world()).all(|p| p.0 != *h)
        })
        .unwrap();
    app.world_mut().get_mut::<HexPos>(miranda).unwrap().0 = free;
    point_at(&mut app, miranda);
    let revive = bar(&app, BattleAction::Revive);
    assert!(
        revive.enabled && revive.hint.ends_with("4 AP"),
        "{revive:?}"
    );
    assert!(click::<ActionButton>(&mut app, |b| b.0 == BattleAction::Revive));
    assert!(sent(&app).contains(&Intent::Declare(Action::Revive {
        hero: me,
        target: fallen
    })));
}

/// One door for the desk: every usable button of the bar, clicked, sends the very intent the
/// bar priced (both are built by `desk_intent`), with an enemy pointed at and with nobody.
#[test]
fn every_usable_button_sends_the_intent_the_bar_priced() {
    let at_cyril = |pointed: bool| {
        let mut app = battle(7, "levels/street_duel.ron", |_| {});
        let cyril = hero(&mut app, "Cyril Wellington");
        until_declares(&mut app, cyril);
        if pointed {
            let felicia = hero(&mut app, "Felicia Laroq");
            point_at(&mut app, felicia);
        } else {
            point_at_nothing(&mut app);
        }
        app
    };
    for pointed in [true, false] {
        let buttons = at_cyril(pointed).world().resource::<BarView>().0.clone();
        let usable: Vec<_> = buttons
            .iter()
            .filter(|b| b.enabled && b.shown && b.priced.is_some())
            // Priced at the nearest enemy with nobody pointed at: a click then picks one.
            .filter(|b| pointed || wants_a_hero(b.action).is_none())
            .collect();
        // Turning both ways, prone, cocking, loading, speed loading, dodging.
        assert!(usable.len() >= 7, "{usable:#?}");
        for button in usable {
            let mut app = at_cyril(pointed);
            let before = sent(&app).len();
            assert!(click::<ActionButton>(&mut app, |b| b.0 == button.action));
            assert_eq!(
                sent(&app)[before..].to_vec(),
                vec![button.priced.clone().unwrap()],
                "{:?}",
                button.action
            );
        }
    }
    // A key whose declaration the desk cannot build says why on the panel, and sends nothing.
    let mut app = at_cyril(true);
    let before = sent(&app).len();
    tap(&mut app, KeyCode::KeyZ);
    assert_eq!(sent(&app).len(), before);
    let panel = panel(&mut app);
    assert!(
        panel.contains("Not declared: no series yet: point at enemies and add them (A)"),
        "{panel}"
    );
}

/// Turn R turns the hero to the right as the map is drawn: facing east, then down-right (a
/// play-test's Turn R turned Cyril up-right, to his left); Turn L back up-right.
#[test]
fn turn_right_turns_to_the_right_on_the_map() {
    use tarnation::app::board::MapGeometry;
    use tarnation::rules::hexmap::step;
    let mut app = battle(7, "levels/street_duel.ron", |l| {
        let i = l.heroes.iter().position(|h| h.name == "Cyril Wellington");
        l.heroes[i.unwrap()].facing = 0;
    });
    let cyril = hero(&mut app, "Cyril Wellington");
    until_declares(&mut app, cyril);
    let me = id(&app, cyril);
    let priced = |app: &App, action: BattleAction| {
        let bar = &app.world().resource::<BarView>().0;
        bar.iter()
            .find(|b| b.action == action)
            .unwrap()
            .priced
            .clone()
    };
    let faces = |facing: u8| Some(Intent::Declare(Action::Face { hero: me, facing }));
    assert_eq!(priced(&app, BattleAction::TurnRight), faces(1));
    assert_eq!(priced(&app, BattleAction::TurnLeft), faces(5));
    // Hexside 0 is east and hexside 1 down-right on the window (world y up).
    let geometry = *app.world().resource::<MapGeometry>();
    let at = app.world().get::<HexPos>(cyril).unwrap().0;
    let (here, east, right) = (
        geometry.hex_center(at),
        geometry.hex_center(step(at, 0)),
        geometry.hex_center(step(at, 1)),
    );
    assert!(
        east.x > here.x && (east.y - here.y).abs() < 1.0,
        "{here} {east}"
    );
    assert!(right.x > here.x && right.y < here.y, "{here} {right}");
}

/// A button for a foe, clicked with the pointer on the bar: the next click on the map picks
/// the foe; a right click lets the pick go.
#[test]
fn a_button_for_a_foe_picks_it_with_the_next_click() {
    let mut app = battle(7, "levels/street_duel.ron", |_| {});
    let miranda = hero(&mut app, "Miranda Valentine");
    let felicia = hero(&mut app, "Felicia Laroq");
    until_declares(&mut app, miranda);
    let me = id(&app, miranda);
    {
        let mut w = app.world_mut().get_mut::<Weapons>(miranda).unwrap();
        w.0[0].ready = true;
        w.0[0].holstered = false;
        w.0[0].cocked = true;
    }
    point_at(&mut app, felicia);
    point_at_nothing(&mut app);
    let miss = bar(&app, BattleAction::Sabotage);
    assert!(miss.enabled, "{miss:?}");
    assert!(click::<ActionButton>(&mut app, |b| b.0 == BattleAction::Sabotage));
    assert_eq!(
        app.world().resource::<Selection>().pick,
        Some(BattleAction::Sabotage)
    );
    assert!(panel(&mut app).contains("Click an enemy on the map"));
    // A right click lets it go.
    MouseButton::Right.press(app.world_mut());
    app.update();
    MouseButton::Right.release(app.world_mut());
    app.update();
    assert_eq!(app.world().resource::<Selection>().pick, None);
    assert!(click::<ActionButton>(&mut app, |b| b.0 == BattleAction::Sabotage));
    point_at(&mut app, felicia);
    MouseButton::Left.press(app.world_mut());
    app.update();
    MouseButton::Left.release(app.world_mut());
    app.update();
    let target = id(&app, felicia);
    assert!(sent(&app).contains(&Intent::Declare(Action::Sabotage {
        hero: me,
        target,
        kind: ShotKind::Normal
    })));
}

/// Rushing, when the level plays it: the bar has Rush, and once the segment's declarations are
/// made the banner says so and an action's key sends `Intent::Rush` instead of a declaration.
#[test]
fn in_the_rush_window_a_key_rushes() {
    let mut app = battle(7, "levels/street_duel.ron", |l| {
        l.options = Some(tarnation::data::level::LevelOptions {
            rushing: true,
            ..Default::default()
        });
    });
    assert!(bar(&app, BattleAction::Rush).shown);
    for _ in 0..1500 {
        app.update();
        let round = app.world().resource::<RoundState>();
        let window = round.rush_window == Some(round.now());
        let Some(d) = round.declarer() else { continue };
        if !human(&mut app, d) {
            continue;
        }
        if !window {
            tap(&mut app, KeyCode::Enter);
            continue;
        }
        app.update();
        assert!(banner_line(&mut app).starts_with("Rush window"));
        let rush = bar(&app, BattleAction::Rush);
        assert!(rush.lit && rush.shown, "{rush:?}");
        let me = id(&app, d);
        tap(&mut app, KeyCode::KeyP);
        assert!(
            sent(&app).contains(&Intent::Rush(Action::DropProne { hero: me })),
            "{:?}",
            sent(&app)
        );
        assert!(
            !sent(&app)
                .iter()
                .any(|i| matches!(i, Intent::Declare(Action::DropProne { .. }))),
            "no declaration in the rush window"
        );
        return;
    }
    panic!("no rush window for a human hero");
}

/// The card view: the newest check's card with the cells it read marked, the result used in
/// gold; cells it did not read unmarked.
#[test]
fn the_card_view_marks_the_cells_read() {
    let mut app = battle(7, "levels/street_duel.ron", |_| {});
    for _ in 0..5 {
        app.update();
    }
    let event = app
        .world()
        .resource::<MatchLog>()
        .events
        .iter()
        .rev()
        .find(|e| e.fields.contains_key("card"))
        .cloned()
        .expect("a check was made");
    let read = app.world().resource::<CardRead>().clone();
    assert_eq!(read, card_read(&event));
    let steps = event.fields["read"].as_array().unwrap().clone();
    let chose = steps.iter().find(|s| s["step"] == "chose").unwrap();
    let column = |sides: u64| {
        tarnation::rules::die::Die::ALL
            .iter()
            .position(|d| u64::from(d.sides()) == sides)
            .unwrap() as u8
            + 1
    };
    let mut q = app.world_mut().query::<(&CardCell, &Marked)>();
    let cells: Vec<(CardCell, Marked)> = q.iter(app.world()).map(|(c, m)| (*c, *m)).collect();
    assert_eq!(cells.len(), 36);
    let at = |row: u64, die: u64| {
        cells
            .iter()
            .find(|(c, _)| c.row as u64 == row && c.column == column(die))
            .unwrap()
            .1
    };
    assert_eq!(
        at(
            chose["row"].as_u64().unwrap(),
            chose["die"].as_u64().unwrap()
        ),
        Marked(Some(Mark::Chosen))
    );
    let card = event.fields["card"].as_u64().unwrap();
    let mut marked = 0;
    for s in &steps {
        if s["step"] == "read_cause" && s["card"].as_u64() == Some(card) {
            let m = at(s["row"].as_u64().unwrap(), s["die"].as_u64().unwrap());
            assert!(m.0.is_some(), "{s}");
            marked += 1;
        }
    }
    assert!(marked > 0);
    let all_marked = cells.iter().filter(|(_, m)| m.0.is_some()).count();
    assert!(all_marked <= marked + 1, "only the cells read are marked");
}

/// A chain and a calamity, read from an event's `read` as docs/json.md gives it.
#[test]
fn a_chain_and_a_calamity_are_marked() {
    use serde_json::json;
    use tarnation::rules::die::Die;
    let event = tarnation::sim::model::LogEvent {
        round: 1,
        segment: 3,
        actor: Some("Felicia Laroq".into()),
        kind: "bravery".into(),
        text: "Felicia Laroq under fire".into(),
        fields: json!({
            "card": 46,
            "read": [
                {"card": 46, "cell": 6, "die": 4, "row": 1, "step": "read_cause"},
                {"card": 30, "cell": 4, "continues": true, "die": 4, "row": 1,
                 "step": "exceptional_chain", "total": 10},
                {"card": 46, "die": 8, "row": 2, "step": "calamity"},
                {"die": 4, "row": 1, "step": "chose", "value": 10}
            ]
        })
        .as_object()
        .unwrap()
        .clone(),
    };
    let read = card_read(&event);
    assert_eq!(read.card, Some(46));
    assert_eq!(read.mark(1, Die::D4), Some(Mark::Chosen));
    assert_eq!(read.mark(2, Die::D8), Some(Mark::Calamity));
    assert_eq!(read.mark(3, Die::D4), None);
    assert!(
        read.notes
            .iter()
            .any(|n| n.contains("card 30 row 1 d4: 4, total 10"))
    );
}

/// The bump box reads each way plainly: saving a bump as a bonus counter, and dominance.
#[test]
fn the_bump_choices_name_the_bonus_counter_and_dominance() {
    use tarnation::rules::card::Location;
    use tarnation::rules::shot::BumpSpend;
    let option = |spend, dominance_bumps, dominance| tarnation::sim::model::BumpOption {
        spend,
        location: Location::Chest,
        location_bumps: 0,
        damage_bumps: 1,
        free_rows: 0,
        effect: 9,
        wounds: 2,
        conc: 1,
        stopped: false,
        dominance_bumps,
        dominance,
        damage: tarnation::rules::damage::DamageType::Deadly,
        toggle: tarnation::rules::card::Toggle::Yes,
    };
    assert_eq!(
        option_words(&option(BumpSpend::Save, 0, 0), false),
        "Save a bump as a bonus counter - chest: 2 wounds, 1 Conc (1 to damage)"
    );
    let words = option_words(&option(BumpSpend::Dominance(2), 2, 2), false);
    assert!(words.starts_with("Dominance: 2 bumps for "), "{words}");
}

/// With no gun in hand (Miranda's Peacemaker in its holster), Add shot and Fan are grey and
/// say to ready one first: a play-test gathered a series that Fire then refused. With the
/// gun drawn, both are there.
#[test]
fn add_shot_and_fan_wait_for_a_gun_in_hand() {
    let mut app = battle(7, "levels/street_duel.ron", |_| {});
    let miranda = hero(&mut app, "Miranda Valentine");
    until_declares(&mut app, miranda);
    for action in [BattleAction::AddToSeries, BattleAction::ToggleFan] {
        let state = super::mouse::bar(&app, action);
        assert!(!state.enabled, "{state:?}");
        assert!(
            state.tip.contains("holds no gun: ready one first"),
            "{state:?}"
        );
    }
    for w in &mut app
        .world_mut()
        .get_mut::<tarnation::sim::model::Weapons>(miranda)
        .unwrap()
        .0
    {
        w.ready = w.name == "Peacemaker";
    }
    // (The bar is worked out again when the pointer, the log or the selection moves.)
    point_at(&mut app, miranda);
    for action in [BattleAction::AddToSeries, BattleAction::ToggleFan] {
        let state = super::mouse::bar(&app, action);
        assert!(state.enabled, "{state:?}");
    }
}

/// A box of choices with more ways than the map has room for (a brawl's nine ways to spend
/// four bumps ran over the action bar, the last out of sight) stands over the map and no
/// further, and what does not fit scrolls.
#[test]
fn a_long_box_of_choices_stays_over_the_map_and_scrolls() {
    use tarnation::app::hud::{CHOICE_BOX_H, choice_box};
    use tarnation::app::widgets::button;
    let mut app = battle(1, "levels/saloon_brawl.ron", |_| {});
    let list = app
        .world_mut()
        .spawn(choice_box())
        .with_children(|p| {
            for i in 0..12 {
                p.spawn(button(
                    format!(
                        "Dominance: {i} bumps for partial dominance - chest: 1 wound (3 to damage)"
                    ),
                    15.0,
                ));
            }
        })
        .id();
    app.update();
    // (The tests lay out no UI: the box's own limits are what it is held to.)
    let node = app.world().get::<Node>(list).unwrap();
    assert_eq!(node.max_height, Val::Px(CHOICE_BOX_H));
    assert_eq!(node.overflow, Overflow::scroll_y());
    assert!(
        app.world()
            .get::<bevy::ui_widgets::ScrollArea>(list)
            .is_some(),
        "the wheel scrolls it"
    );
    assert_eq!(node.top, Val::Px(tarnation::app::layout::BANNER_H + 40.0));
}

/// The card shown is the card: its corner as a player reads it, in red for hearts and diamonds.
#[test]
fn the_card_shows_its_corner_as_a_playing_card() {
    assert_eq!(corner_face("AS"), ("A\u{2660}".to_string(), false));
    assert_eq!(corner_face("TH"), ("10\u{2665}".to_string(), true));
    assert_eq!(corner_face("QD"), ("Q\u{2666}".to_string(), true));
    assert_eq!(corner_face("7C"), ("7\u{2663}".to_string(), false));
}

/// The brawl with Clem a pace east of Cyril, at Cyril's declaration: the app, Cyril, Clem.
fn cyril_declares_beside_clem() -> (App, Entity, Entity) {
    let mut app = battle(3, "levels/saloon_brawl.ron", |l| {
        let at = |l: &Level, name: &str| l.heroes.iter().position(|h| h.name == name).unwrap();
        let (cyril, clem) = (at(l, "Cyril Wellington"), at(l, "Clem Perkins"));
        l.heroes[clem].at = (l.heroes[cyril].at.0 + 1, l.heroes[cyril].at.1);
    });
    let cyril = hero(&mut app, "Cyril Wellington");
    let clem = hero(&mut app, "Clem Perkins");
    until_declares(&mut app, cyril);
    (app, cyril, clem)
}

/// The hero's track: `in_front` AP in front, `pool` to come, nothing being paid for.
fn set_track(app: &mut App, e: Entity, (in_front, pool): (u32, u32)) {
    let mut track = app
        .world_mut()
        .get_mut::<tarnation::sim::model::Track>(e)
        .unwrap();
    track.0.in_front = in_front;
    track.0.pool = pool;
    track.0.commitment = None;
}

/// A blow or a block the round cannot pay is greyed on the bar (a play-test's Cyril, 1 AP
/// left, saw Attack 3 AP and Block 2 AP in the usable colour; pressed, they were refused).
#[test]
fn a_blow_the_round_cannot_pay_is_greyed() {
    let (mut app, cyril, clem) = cyril_declares_beside_clem();
    set_track(&mut app, cyril, (1, 0));
    point_at(&mut app, clem);
    app.update();
    let bar = app.world().resource::<BarView>().0.clone();
    for action in [BattleAction::MeleeAttack, BattleAction::Block] {
        let b = bar.iter().find(|b| b.action == action).unwrap();
        assert!(!b.enabled, "{b:#?}");
    }
}

/// A dodge or a block says, before it is declared, whether it stands in time for the blows at
/// the hero on the table (a play-test's dodge resolved in segment 7, after the quick attack it
/// was meant for had landed in segment 6).
#[test]
fn a_dodge_says_whether_it_is_in_time_for_the_blow() {
    let (mut app, cyril, clem) = cyril_declares_beside_clem();
    let now = app.world().resource::<RoundState>().segment;
    // Clem pays for a quick attack at Cyril: 1 of 2 AP paid, it lands next segment.
    let blow = Action::Melee {
        hero: id(&app, clem),
        target: id(&app, cyril),
        attack: AttackType::Quick,
        careful: false,
        times: 1,
    };
    set_track(&mut app, clem, (1, 5));
    app.world_mut()
        .get_mut::<tarnation::sim::model::Track>(clem)
        .unwrap()
        .0
        .declare(2, now, false)
        .unwrap();
    app.world_mut()
        .entity_mut(clem)
        .insert(tarnation::sim::model::Committed(blow));
    set_track(&mut app, cyril, (1, 5));
    point_at(&mut app, clem);
    app.update();
    let tip = |app: &App, action: BattleAction| {
        let bar = &app.world().resource::<BarView>().0;
        bar.iter().find(|b| b.action == action).unwrap().tip.clone()
    };
    let lands = now + 1;
    let dodge = tip(&app, BattleAction::Dodge);
    assert!(
        dodge.contains(&format!(
            "Clem Perkins's blow lands in segment {lands}, before this: too late for it"
        )),
        "{dodge}"
    );
    let block = tip(&app, BattleAction::Block);
    assert!(
        block.contains(&format!(
            "Clem Perkins's blow lands in segment {lands}, the same segment: the initiative stack decides"
        )),
        "{block}"
    );
}
