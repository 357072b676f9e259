//! Headless ECS tests: the game's plugins without a window.

#![cfg(feature = "ecs")]

use bevy::prelude::*;
use tarnation::game::deck::{CardDrawn, CardOnTable, DeckPlugin, DrawCard};
use tarnation::rules::deck::Deck;

fn app(seed: u64) -> App {
    let mut app = App::new();
    let cards = tarnation::data::deck_file::load_match_deck().unwrap();
    app.add_plugins((MinimalPlugins, DeckPlugin { seed, cards }));
    app
}

#[test]
fn drawing_deals_the_seeded_order_and_discards_the_last_card() {
    let mut app = app(11);
    let mut reference = Deck::standard(11);
    for _ in 0..3 {
        app.world_mut().write_message(DrawCard);
        app.update();
        let expected = reference.draw().unwrap().number;
        let on_table = app.world().resource::<CardOnTable>().0.clone().unwrap();
        assert_eq!(on_table.number, expected);
    }
    let deck = &app
        .world()
        .resource::<tarnation::game::deck::ActionDeck>()
        .deck;
    assert_eq!((deck.draw_pile_len(), deck.discard_pile_len()), (51, 2));
    let messages = app.world().resource::<Messages<CardDrawn>>();
    assert!(!messages.is_empty());
}

mod battle {
    use bevy::prelude::*;
    use std::path::Path;
    use tarnation::data::{gear, level};
    use tarnation::game::battle::{
        ApLeft, Battle, BattleCommand, BattlePlugin, CommandOutcome, Facing, Hero, HexPos, Prone,
        move_options, spawn_level,
    };
    use tarnation::rules::hexmap::{facing_to, hex_at};
    use tarnation::rules::movement::Gait;

    fn battle_app(file: &str) -> App {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let gear = gear::load(&root.join("assets/gear.ron")).unwrap();
        let level = level::load(&root.join("levels").join(file), &gear).unwrap();
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, BattlePlugin));
        spawn_level(app.world_mut(), level, gear);
        app
    }

    fn hero(app: &mut App, name: &str) -> Entity {
        let mut q = app.world_mut().query::<(Entity, &Hero)>();
        q.iter(app.world()).find(|(_, h)| h.name == name).unwrap().0
    }

    fn send(app: &mut App, command: BattleCommand) -> CommandOutcome {
        app.world_mut().write_message(command);
        app.update();
        let messages = app.world().resource::<Messages<CommandOutcome>>();
        let mut cursor = messages.get_cursor();
        cursor
            .read(messages)
            .last()
            .cloned()
            .expect("every command has an outcome")
    }

    fn state(app: &App, e: Entity) -> (hexx::Hex, u8, u32, bool) {
        let w = app.world();
        (
            w.get::<HexPos>(e).unwrap().0,
            w.get::<Facing>(e).unwrap().0,
            w.get::<ApLeft>(e).unwrap().0,
            w.get::<Prone>(e).unwrap().0,
        )
    }

    #[test]
    fn the_street_duel_loads_its_heroes_and_cover() {
        let mut app = battle_app("street_duel.ron");
        let miranda = hero(&mut app, "Miranda Valentine");
        assert_eq!(state(&app, miranda), (hex_at(3, 4), 0, 8, false));
        let mut covers = app.world_mut().query::<&tarnation::game::battle::Cover>();
        let avs: Vec<u32> = covers.iter(app.world()).map(|c| c.av).collect();
        assert_eq!(avs, vec![1, 2, 4, 3], "glass, thin wood, adobe, hardwood");
    }

    #[test]
    fn moving_spends_ap_by_the_table() {
        let mut app = battle_app("street_duel.ron");
        let miranda = hero(&mut app, "Miranda Valentine");
        let east = facing_to(hex_at(3, 4), hex_at(4, 4)).unwrap();
        // "Change facing 60 degrees without moving: 1 AP".
        let outcome = send(
            &mut app,
            BattleCommand::Face {
                hero: miranda,
                facing: (east + 1) % 6,
            },
        );
        assert!(
            matches!(outcome, CommandOutcome::Faced { ap: 1, .. }),
            "{outcome:?}"
        );
        // "more than 60 degrees: 2 AP".
        let outcome = send(
            &mut app,
            BattleCommand::Face {
                hero: miranda,
                facing: (east + 4) % 6,
            },
        );
        assert!(
            matches!(outcome, CommandOutcome::Faced { ap: 2, .. }),
            "{outcome:?}"
        );
        let outcome = send(
            &mut app,
            BattleCommand::Face {
                hero: miranda,
                facing: (east + 1) % 6,
            },
        );
        assert!(
            matches!(outcome, CommandOutcome::Faced { ap: 2, .. }),
            "{outcome:?}"
        );
        // Move 4: four paces east on open ground cost 1 AP; the 60-degree turn is free.
        let outcome = send(
            &mut app,
            BattleCommand::Move {
                hero: miranda,
                to: hex_at(7, 4),
                gait: Gait::Walk,
            },
        );
        assert!(
            matches!(outcome, CommandOutcome::Moved { ap: 1, .. }),
            "{outcome:?}"
        );
        assert_eq!(
            state(&app, miranda),
            (hex_at(7, 4), east, 8 - 1 - 2 - 2 - 1, false)
        );
    }

    #[test]
    fn the_preview_prices_walking_and_running() {
        let mut app = battle_app("street_duel.ron");
        let miranda = hero(&mut app, "Miranda Valentine");
        let east = facing_to(hex_at(3, 4), hex_at(4, 4)).unwrap();
        let battle = app.world().resource::<Battle>().clone();
        let h = app.world().get::<Hero>(miranda).unwrap().clone();
        let walk = move_options(&battle, hex_at(3, 4), east, &h, 8, Gait::Walk, &[]);
        let run = move_options(&battle, hex_at(3, 4), east, &h, 8, Gait::Run, &[]);
        // Move 4, Run 8: eight paces east are 2 AP walking, 1 AP running.
        assert_eq!(walk[&hex_at(11, 4)].cost.total, 2);
        assert_eq!(run[&hex_at(11, 4)].cost.total, 1);
        assert_eq!(walk[&hex_at(11, 4)].cost.paces, 8);
    }

    #[test]
    fn illegal_commands_are_refused_with_a_reason() {
        let mut app = battle_app("street_duel.ron");
        let miranda = hero(&mut app, "Miranda Valentine");
        let refused = |o: CommandOutcome| match o {
            CommandOutcome::Refused { reason, .. } => reason,
            other => panic!("expected a refusal, got {other:?}"),
        };
        // Into a wall, onto another hero, too far for 8 AP.
        assert!(
            refused(send(
                &mut app,
                BattleCommand::Move {
                    hero: miranda,
                    to: hex_at(0, 0),
                    gait: Gait::Walk
                }
            ))
            .contains("wall")
        );
        assert!(
            refused(send(
                &mut app,
                BattleCommand::Move {
                    hero: miranda,
                    to: hex_at(2, 6),
                    gait: Gait::Walk
                }
            ))
            .contains("another figure")
        );
        assert_eq!(state(&app, miranda).2, 8, "refusals spend nothing");
        // Prone: 1 AP down, no walking while prone, 2 AP up.
        assert!(matches!(
            send(&mut app, BattleCommand::DropProne { hero: miranda }),
            CommandOutcome::WentProne { ap: 1, .. }
        ));
        assert!(
            refused(send(
                &mut app,
                BattleCommand::Move {
                    hero: miranda,
                    to: hex_at(4, 4),
                    gait: Gait::Walk
                }
            ))
            .contains("prone")
        );
        assert!(matches!(
            send(&mut app, BattleCommand::StandUp { hero: miranda }),
            CommandOutcome::StoodUp { ap: 2, .. }
        ));
        assert_eq!(state(&app, miranda).2, 5);
        // 13 paces east at Move 4 cost 4 AP of the 5 left. Going back 5 paces is 2 AP, plus 1 AP
        // to turn around (120 degrees for 1 AP, then the free 60): 3 AP, refused.
        let outcome = send(
            &mut app,
            BattleCommand::Move {
                hero: miranda,
                to: hex_at(15, 5),
                gait: Gait::Walk,
            },
        );
        assert!(
            matches!(outcome, CommandOutcome::Moved { ap: 4, .. }),
            "{outcome:?}"
        );
        let tight = refused(send(
            &mut app,
            BattleCommand::Move {
                hero: miranda,
                to: hex_at(10, 5),
                gait: Gait::Walk,
            },
        ));
        assert_eq!(
            tight,
            "not enough AP: the move costs 3 AP, Miranda Valentine has 1 left"
        );
        assert_eq!(state(&app, miranda).0, hex_at(15, 5));
    }

    #[test]
    fn hot_seat_passes_the_declaration_and_hides_the_map_between_humans() {
        use tarnation::game::battle::{DeclarationPassed, HotSeat, SeatCommand};
        // The mine raid: two human sides, a level that hides information.
        let mut app = battle_app("mine_raid.ron");
        let hank = hero(&mut app, "Hank Daggett");
        let angus = hero(&mut app, "Angus Laroq");
        assert_eq!(app.world().resource::<HotSeat>().active, 0);
        // Angus cannot move in the Raiders' declaration.
        let outcome = send(
            &mut app,
            BattleCommand::Face {
                hero: angus,
                facing: 2,
            },
        );
        assert_eq!(
            outcome,
            CommandOutcome::Refused {
                hero: angus,
                reason: "it is the declaration of Raiders".into()
            }
        );
        // The Raiders pass: the map is hidden for the Laroq hacienda's player.
        app.world_mut().write_message(SeatCommand::EndDeclaration);
        app.update();
        let passed = {
            let messages = app.world().resource::<Messages<DeclarationPassed>>();
            messages
                .get_cursor()
                .read(messages)
                .last()
                .cloned()
                .unwrap()
        };
        assert_eq!(
            passed,
            DeclarationPassed {
                side: 1,
                name: "Laroq hacienda".into(),
                handoff: true
            }
        );
        let outcome = send(
            &mut app,
            BattleCommand::Face {
                hero: angus,
                facing: 2,
            },
        );
        assert!(
            matches!(outcome, CommandOutcome::Refused { .. }),
            "hidden until confirmed"
        );
        app.world_mut().write_message(SeatCommand::ConfirmHandoff);
        app.update();
        let outcome = send(
            &mut app,
            BattleCommand::Face {
                hero: angus,
                facing: 2,
            },
        );
        assert!(
            matches!(outcome, CommandOutcome::Faced { .. }),
            "{outcome:?}"
        );
        let outcome = send(
            &mut app,
            BattleCommand::Face {
                hero: hank,
                facing: 2,
            },
        );
        assert!(matches!(outcome, CommandOutcome::Refused { .. }));
    }

    #[test]
    fn no_handoff_against_the_computer() {
        use tarnation::game::battle::{HotSeat, SeatCommand};
        let mut app = battle_app("street_duel.ron");
        assert!(!app.world().resource::<HotSeat>().handoff_screen);
        app.world_mut().write_message(SeatCommand::EndDeclaration);
        app.update();
        let seat = app.world().resource::<HotSeat>();
        assert_eq!((seat.active, seat.awaiting_handoff), (1, false));
    }

    #[test]
    fn the_last_side_standing_wins() {
        use tarnation::game::battle::{BattleOver, Down};
        let mut app = battle_app("street_duel.ron");
        app.update();
        assert!(
            app.world().get_resource::<BattleOver>().is_none(),
            "both sides stand"
        );
        for name in ["Felicia Laroq", "Octavio"] {
            let e = hero(&mut app, name);
            app.world_mut().get_mut::<Down>(e).unwrap().0 = true;
        }
        app.update();
        let over = app.world().resource::<BattleOver>();
        assert_eq!((over.winner, over.name.as_str()), (0, "Valentine posse"));
    }

    #[test]
    fn heroes_carry_loaded_weapons_and_ride_their_mounts() {
        use tarnation::game::battle::{Mount, MountedOn, Weapons};
        let mut app = battle_app("gulch_chase.ron");
        let hank = hero(&mut app, "Hank Daggett");
        let weapons = &app.world().get::<Weapons>(hank).unwrap().0;
        let shotgun = &weapons[0];
        assert_eq!(
            (
                shotgun.name.as_str(),
                shotgun.ready,
                shotgun.cocked,
                shotgun.rounds
            ),
            ("Double-barrel shotgun", true, false, 2)
        );
        assert!(!weapons[1].ready, "only the first weapon starts in hand");
        let mount = app.world().get::<MountedOn>(hank).unwrap().0;
        let m = app.world().get::<Mount>(mount).unwrap();
        assert_eq!(
            (m.name.as_str(), m.speed, m.rider),
            ("Hank's nags", 18, Some(hank))
        );
    }

    #[test]
    fn ducking_behind_cover_costs_one_ap_each_way() {
        let mut app = battle_app("street_duel.ron");
        let miranda = hero(&mut app, "Miranda Valentine");
        let refused = |o: CommandOutcome| match o {
            CommandOutcome::Refused { reason, .. } => reason,
            other => panic!("expected a refusal, got {other:?}"),
        };
        assert_eq!(
            refused(send(
                &mut app,
                BattleCommand::DuckBehindCover { hero: miranda }
            )),
            "there is no cover in Miranda Valentine's hex to duck behind"
        );
        // The saloon window stands at 3,2, two paces up the street.
        let outcome = send(
            &mut app,
            BattleCommand::Move {
                hero: miranda,
                to: hex_at(3, 2),
                gait: Gait::Walk,
            },
        );
        let CommandOutcome::Moved { ap: walked, .. } = outcome else {
            panic!("{outcome:?}")
        };
        let outcome = send(&mut app, BattleCommand::DuckBehindCover { hero: miranda });
        assert_eq!(
            outcome,
            CommandOutcome::Ducked {
                hero: miranda,
                cover: "saloon window".into(),
                ap: 1
            }
        );
        assert!(
            refused(send(
                &mut app,
                BattleCommand::Move {
                    hero: miranda,
                    to: hex_at(4, 4),
                    gait: Gait::Walk
                }
            ))
            .contains("emerge first")
        );
        let outcome = send(&mut app, BattleCommand::EmergeFromCover { hero: miranda });
        assert_eq!(
            outcome,
            CommandOutcome::Emerged {
                hero: miranda,
                ap: 1
            }
        );
        assert_eq!(state(&app, miranda).2, 8 - walked - 2);
    }
}
