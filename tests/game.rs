//! Headless ECS tests: the game's plugins without a window.

#![cfg(feature = "ecs")]

use bevy::prelude::*;
use tarnation::rules::deck::Deck;
use tarnation::sim::deck::{CardDrawn, CardOnTable, DeckPlugin, DrawCard};

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
        .resource::<tarnation::sim::model::ActionDeck>()
        .deck;
    assert_eq!((deck.draw_pile_len(), deck.discard_pile_len()), (51, 2));
    let messages = app.world().resource::<Messages<CardDrawn>>();
    assert!(!messages.is_empty());
}

/// A battle at the table: the headless app of a level, and a cursor on its outcomes.
mod table {
    use bevy::ecs::message::MessageCursor;
    use bevy::prelude::*;
    use std::path::Path;
    pub use tarnation::data::level::TraitDef;
    use tarnation::data::level::{Control, Level};
    use tarnation::data::{deck_file, gear, level};
    use tarnation::rules::action_time::ActionTrack;
    use tarnation::rules::card::{Card, CauseCell};
    use tarnation::rules::die::Die;
    use tarnation::sim::model::{ActionDeck, Hero, LogEvent, MatchLog, RoundState, Track};
    use tarnation::sim::query;

    pub use tarnation::sim::{Action, HeroId, Intent, Outcome};

    pub struct Table {
        pub app: App,
        outcomes: MessageCursor<Outcome>,
        /// Outcomes read but not yet returned (a declaration can resolve in the same frame).
        unread: Vec<Outcome>,
    }

    /// A level with every side played by humans (nothing moves unless told), then `tweak`ed.
    pub fn level_file(file: &str, tweak: impl FnOnce(&mut Level)) -> (Level, gear::Gear) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let gear = gear::load(&root.join("assets/gear.ron")).unwrap();
        let mut level = level::load(&root.join("levels").join(file), &gear).unwrap();
        for side in &mut level.sides {
            side.control = Control::Human;
        }
        tweak(&mut level);
        (level, gear)
    }

    /// A card of the match deck whose 1-row cell in `die` is a plain success from `lo` to `hi`.
    pub fn card_with(die: Die, lo: u32, hi: u32) -> u8 {
        deck_file::load_match_deck()
            .unwrap()
            .iter()
            .find(|c| matches!(c.cause(1, die), CauseCell::Value(v) if v >= lo && v <= hi && v < die.sides()))
            .map(|c| c.number)
            .unwrap()
    }

    pub fn cards() -> Vec<Card> {
        deck_file::load_match_deck().unwrap()
    }

    impl Table {
        pub fn new(file: &str, seed: u64, tweak: impl FnOnce(&mut Level)) -> Table {
            let (level, gear) = level_file(file, tweak);
            let app = tarnation::sim::run::headless_app(level, gear, seed, cards());
            Table {
                app,
                outcomes: MessageCursor::default(),
                unread: Vec::new(),
            }
        }

        /// Put the first of these cards still in the draw pile on top of the deck.
        pub fn stack_any(&mut self, candidates: &[u8]) -> u8 {
            let deck = &mut self.app.world_mut().resource_mut::<ActionDeck>().deck;
            for &n in candidates {
                if deck.stack_top(&[n]).is_ok() {
                    return n;
                }
            }
            panic!("none of {candidates:?} is in the draw pile");
        }

        /// Put these cards on top of the deck (the next draws).
        pub fn stack(&mut self, order: &[u8]) {
            self.app
                .world_mut()
                .resource_mut::<ActionDeck>()
                .deck
                .stack_top(order)
                .unwrap();
        }

        /// The hero of that name, by its place in the level.
        pub fn hero(&self, name: &str) -> HeroId {
            let world = self.app.world();
            let e = query::heroes(world)
                .into_iter()
                .find(|&e| world.get::<Hero>(e).is_some_and(|h| h.name == name))
                .unwrap_or_else(|| panic!("no hero named {name}"));
            query::hero_id(world, e)
        }

        /// The hero's entity, for direct access to the world.
        pub fn e(&self, hero: HeroId) -> Entity {
            query::entity(self.app.world(), hero).expect("a hero of the level")
        }

        pub fn update(&mut self) -> Vec<Outcome> {
            self.unread.clear();
            self.app.update();
            let messages = self.app.world().resource::<Messages<Outcome>>();
            self.outcomes.read(messages).cloned().collect()
        }

        pub fn round(&self) -> &RoundState {
            self.app.world().resource::<RoundState>()
        }

        pub fn log(&self) -> &MatchLog {
            self.app.world().resource::<MatchLog>()
        }

        pub fn events(&self, kind: &str, actor: &str) -> Vec<LogEvent> {
            self.log()
                .of_kind(kind)
                .filter(|e| e.actor.as_deref() == Some(actor))
                .cloned()
                .collect()
        }

        pub fn track(&self, hero: HeroId) -> ActionTrack {
            self.app
                .world()
                .get::<Track>(self.e(hero))
                .unwrap()
                .0
                .clone()
        }

        /// The hero whose declaration it is.
        pub fn declarer(&self) -> Option<HeroId> {
            tarnation::sim::round::declarer(self.app.world())
        }

        /// Send an intent (it is accepted in the next frame).
        pub fn intent(&mut self, intent: Intent) -> Vec<Outcome> {
            self.app.world_mut().write_message(intent);
            self.update()
        }

        /// Pass the declaring hero.
        pub fn pass(&mut self) -> Vec<Outcome> {
            match self.declarer() {
                Some(hero) => self.intent(Intent::Pass { hero }),
                None => self.update(),
            }
        }

        /// Pass everyone else until `hero` declares.
        pub fn until_turn(&mut self, hero: HeroId) {
            let e = self.e(hero);
            for _ in 0..5000 {
                if self.round().declarer() == Some(e) {
                    return;
                }
                if self.round().declarer().is_some() {
                    self.pass();
                } else {
                    self.update();
                }
            }
            panic!("no declaration for {hero:?}: {:?}", self.round());
        }

        /// Declare now; the first outcome for its hero.
        pub fn send(&mut self, action: Action) -> Outcome {
            let hero = action.hero();
            let mut outcomes = self.intent(Intent::Declare(action));
            let first = outcomes
                .iter()
                .position(|o| o.hero() == hero)
                .expect("every declaration has an outcome");
            let outcome = outcomes.remove(first);
            self.unread = outcomes;
            outcome
        }

        /// Declare `action` for its hero and play on until it resolves. A choice that waits for
        /// the player (a human seat) is made as the computer makes it: the bumps spent the
        /// Judge's way, the snap shot of a lost aim made. `act_holding` leaves it open.
        pub fn act(&mut self, action: Action) -> Outcome {
            let mut outcome = self.act_holding(action);
            while let Outcome::Pending { hero } = outcome {
                let answer = if self
                    .app
                    .world()
                    .contains_resource::<tarnation::sim::model::PendingSnap>()
                {
                    Intent::Snap { hero, fire: true }
                } else {
                    let spend = tarnation::rules::shot::BumpSpend::Judge;
                    Intent::SpendBumps { hero, spend }
                };
                outcome = self
                    .intent(answer)
                    .into_iter()
                    .find(|o| o.hero() == hero)
                    .expect("the action resolves once the choice is made");
            }
            outcome
        }

        /// Declare `action` and play on until it resolves or waits for the player's choice.
        pub fn act_holding(&mut self, action: Action) -> Outcome {
            let hero = action.hero();
            self.until_turn(hero);
            let first = self.send(action.clone());
            if !matches!(first, Outcome::Declared { .. } | Outcome::Committed { .. }) {
                return first;
            }
            for _ in 0..5000 {
                let outcomes = if !self.unread.is_empty() {
                    std::mem::take(&mut self.unread)
                } else if self.round().declarer().is_some() {
                    self.pass()
                } else {
                    self.update()
                };
                if let Some(o) = outcomes.into_iter().find(|o| o.hero() == hero) {
                    return o;
                }
            }
            let lines: Vec<String> = self
                .log()
                .events
                .iter()
                .take(40)
                .map(|e| e.line())
                .collect();
            panic!("{action:?} never resolved:\n{}", lines.join("\n"));
        }
    }
}

mod action_time {
    use super::table::*;
    use tarnation::rules::action_time::{SEGMENTS, continuous_paces, stack_order};
    use tarnation::rules::die::Die;
    use tarnation::rules::hexmap::hex_at;
    use tarnation::rules::movement::Gait;
    use tarnation::sim::model::{Facing, Hero, HexPos, Objectives, Wounds};
    use tarnation::sim::run::{Played, SimEnd, run};

    /// Decision 134: "Once spent, APs are lost, even if the action never resolves." Miranda
    /// pays toward an aimed shot at Felicia, who falls before it is paid: as the next segment
    /// is called, Miranda is asked. Nothing else is taken from her then; given up, the AP
    /// spent stay lost, the segment's token goes in front and she declares with it at once.
    /// While the shot could still be made, she is not asked.
    #[test]
    fn a_commitment_that_cannot_be_made_is_given_up_as_the_segment_is_called() {
        use tarnation::rules::ranged::ShotKind;
        use tarnation::sim::model::{CannotBeMade, Down, Weapons};
        let mut t = Table::new("street_duel.ron", 5, |level| level.heroes[0].holster = None);
        t.stack(&[card_with(Die::D8, 3, 6)]);
        let (miranda, felicia) = (t.hero("Miranda Valentine"), t.hero("Felicia Laroq"));
        t.update();
        let me = t.e(miranda);
        t.app.world_mut().get_mut::<Weapons>(me).unwrap().0[0].cocked = true;
        t.until_turn(miranda);
        assert_eq!(t.round().segment, 4);
        let aimed = Action::Shoot {
            hero: miranda,
            target: felicia,
            kind: ShotKind::Aimed(1),
        };
        let outcome = t.send(aimed.clone());
        assert!(
            matches!(outcome, Outcome::Committed { paid: 1, .. }),
            "{outcome:?}"
        );
        // Still standing, Felicia can be shot: no question, and nothing to give up.
        t.until_turn(felicia);
        assert!(t.app.world().get::<CannotBeMade>(me).is_none());
        assert!(!t.round().declaring.contains(&me));
        let fe = t.e(felicia);
        t.app.world_mut().get_mut::<Down>(fe).unwrap().0 = true;
        t.until_turn(miranda);
        let segment = t.round().segment;
        let why = t.app.world().get::<CannotBeMade>(me).cloned();
        assert_eq!(
            why.map(|w| w.0),
            Some("Felicia Laroq is already down".into())
        );
        let paid = t.track(miranda).commitment.unwrap().paid;
        // Asked about the shot, she may not declare anything else.
        let turn = Action::Face {
            hero: miranda,
            facing: 1,
        };
        let refused = t.intent(Intent::Declare(turn.clone()));
        assert!(matches!(refused[0], Outcome::Refused { .. }), "{refused:?}");
        t.intent(Intent::GiveUp { hero: miranda });
        let given = t.events("give_up", "Miranda Valentine");
        assert_eq!(given.len(), 1);
        assert_eq!(given[0].fields["lost"], paid - 1);
        assert_eq!(given[0].fields["action"], "aimed shot");
        let track = t.track(miranda);
        assert_eq!((track.commitment, track.in_front), (None, 1));
        assert_eq!((t.declarer(), t.round().segment), (Some(miranda), segment));
        assert!(matches!(t.send(turn), Outcome::Declared { ap: 1, .. }));
        assert!(t.events("failed", "Miranda Valentine").is_empty());
    }

    /// "Miranda Valentine has an IN of 4 ... drawing her Peacemaker, which takes 1 AP ...
    /// When the Judge calls 5 ... cocking ... When the Judge calls 8, ... a normal shot ...
    /// which takes 3 AP."
    #[test]
    fn mirandas_in_4_sequence() {
        let mut t = Table::new("street_duel.ron", 5, |_| {});
        // Her Quickness test (d8, Easy 3) succeeds without a bump: the token stays at IN 4.
        t.stack(&[card_with(Die::D8, 3, 6)]);
        let miranda = t.hero("Miranda Valentine");
        t.update();
        let init = &t.events("initiative", "Miranda Valentine")[0];
        assert_eq!(init.fields["first_segment"], 4);
        assert_eq!(init.fields["tn"], 3);
        t.until_turn(miranda);
        assert_eq!(t.round().segment, 4);
        assert!(matches!(
            t.act(Action::Ready {
                hero: miranda,
                weapon: 0
            }),
            Outcome::Readied { ap: 1, .. }
        ));
        t.until_turn(miranda);
        assert_eq!(t.round().segment, 5);
        assert!(matches!(
            t.act(Action::Cock { hero: miranda }),
            Outcome::Cocked { ap: 1, .. }
        ));
        // She places tokens at 6 and 7 and declares nothing.
        t.until_turn(miranda);
        assert_eq!((t.round().segment, t.track(miranda).in_front), (6, 1));
        t.pass_until_segment(8);
        assert_eq!(t.track(miranda).in_front, 3);
        // A 3-AP action at 8 resolves at 8.
        let to = three_ap_move(&mut t, miranda);
        let outcome = t.act(Action::Move {
            hero: miranda,
            to,
            gait: Gait::Walk,
        });
        assert!(
            matches!(outcome, Outcome::Moved { ap: 3, .. }),
            "{outcome:?}"
        );
        let resolved: Vec<(u32, String)> = t
            .events("resolve", "Miranda Valentine")
            .iter()
            .map(|e| (e.segment, e.fields["action"].as_str().unwrap().to_string()))
            .collect();
        assert_eq!(
            resolved,
            vec![
                (4, "ready a weapon".into()),
                (5, "cock".into()),
                (8, "move".into())
            ]
        );
        assert_eq!(t.track(miranda).spent, 5);
    }

    fn three_ap_move(t: &mut Table, hero: HeroId) -> hexx::Hex {
        let hero = t.e(hero);
        let world = t.app.world_mut();
        let occupied = tarnation::sim::query::occupied_hexes(world, hero);
        let battle = world.resource::<tarnation::sim::model::Battle>().clone();
        let h = world.get::<Hero>(hero).unwrap().clone();
        let at = world.get::<HexPos>(hero).unwrap().0;
        let facing = world.get::<tarnation::sim::model::Facing>(hero).unwrap().0;
        let options = tarnation::sim::actions::movement::move_options(
            &battle,
            at,
            facing,
            &h,
            3,
            Gait::Walk,
            &occupied,
        );
        let mut threes: Vec<_> = options
            .iter()
            .filter(|(_, p)| p.cost.total == 3)
            .map(|(h, _)| *h)
            .collect();
        threes.sort_by_key(|h| (h.x, h.y));
        threes[0]
    }

    impl Table {
        fn pass_until_segment(&mut self, segment: u32) {
            for _ in 0..5000 {
                if self.round().segment >= segment && self.round().declarer().is_some() {
                    return;
                }
                if self.round().declarer().is_some() {
                    self.pass();
                } else {
                    self.update();
                }
            }
            panic!("segment {segment} never came");
        }
    }

    /// "those characters may perform those actions as if there were segments beyond 20 ...
    /// No further actions may be declared ... Any unused APs are lost."
    #[test]
    fn paid_actions_finish_beyond_segment_20_and_unused_ap_are_lost() {
        let mut t = Table::new("street_duel.ron", 9, |level| {
            level.heroes[0].initiative = 20;
        });
        t.stack(&[card_with(Die::D8, 3, 6)]);
        let miranda = t.hero("Miranda Valentine");
        t.update();
        t.until_turn(miranda);
        assert_eq!(t.round().segment, 20);
        // One token at 20; an about-face costs 2 AP: 1 paid at 20, 1 beyond.
        let outcome = t.act(Action::Face {
            hero: miranda,
            facing: 3,
        });
        assert!(
            matches!(outcome, Outcome::Faced { ap: 2, .. }),
            "{outcome:?}"
        );
        let commit = &t.events("commit", "Miranda Valentine")[0];
        assert_eq!(
            (commit.segment, commit.fields["paid"].as_u64()),
            (20, Some(1))
        );
        let turned = &t.events("resolve", "Miranda Valentine")[0];
        assert_eq!(turned.segment, SEGMENTS + 1);
        // The round ends after it; nobody declared beyond 20; her 6 AP left are lost.
        while t.log().of_kind("round_end").count() == 0 {
            t.update();
        }
        let end = t.log().of_kind("round_end").next().unwrap().clone();
        assert_eq!(end.segment, SEGMENTS + 1);
        assert_eq!(end.fields["lost"]["Miranda Valentine"], 6);
        assert!(
            t.log()
                .of_kind("declare")
                .chain(t.log().of_kind("commit"))
                .all(|e| e.segment <= SEGMENTS)
        );
        assert_eq!(t.app.world().get::<Facing>(t.e(miranda)).unwrap().0, 3);
    }

    /// "actions are resolved in descending order of Fragment plus bonus. Any ties are broken by
    /// the Number on the card." Joining the stack costs 1 AP from the pool.
    #[test]
    fn the_initiative_stack_orders_simultaneous_actions() {
        let mut t = Table::new("street_duel.ron", 21, |_| {});
        let (felicia, octavio) = (t.hero("Felicia Laroq"), t.hero("Octavio"));
        t.update();
        // A segment where both hold tokens: Octavio (Quickness 5) declares before Felicia (6).
        for _ in 0..200 {
            t.until_turn(octavio);
            if t.round().declaring.contains(&t.e(felicia)) {
                break;
            }
            t.pass();
        }
        let segment = t.round().segment;
        let face = |t: &mut Table, hero: HeroId| {
            let f = t
                .app
                .world()
                .get::<tarnation::sim::model::Facing>(t.e(hero))
                .unwrap()
                .0;
            (f + 1) % 6
        };
        let o_face = face(&mut t, octavio);
        assert!(matches!(
            t.send(Action::Face {
                hero: octavio,
                facing: o_face
            }),
            Outcome::Declared { .. }
        ));
        // Two cards with the same Fragment go on top: the higher Number goes first.
        let deck = cards();
        let (a, b) = deck
            .iter()
            .flat_map(|x| deck.iter().map(move |y| (x, y)))
            .find(|(x, y)| x.fragment == y.fragment && x.number < y.number)
            .map(|(x, y)| (x.number, y.number))
            .unwrap();
        t.stack(&[a, b]);
        t.until_turn(felicia);
        let before = t.track(felicia);
        assert_eq!(t.round().segment, segment);
        let f_face = face(&mut t, felicia);
        t.send(Action::Face {
            hero: felicia,
            facing: f_face,
        });
        let fee = &t.events("stack_fee", "Felicia Laroq")[0];
        assert_eq!(fee.fields["from_pool"], true);
        // Her tokens in front pay the turn; the fee is one more AP, from the pool.
        assert_eq!(t.track(felicia).spent, before.spent + before.in_front + 1);
        while t.log().of_kind("stack").count() == 0 {
            t.pass();
        }
        let stack = t.log().of_kind("stack").next().unwrap().clone();
        let order: Vec<(String, u64)> = stack.fields["order"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["actor"].as_str().unwrap().to_string(),
                    l["card"].as_u64().unwrap(),
                )
            })
            .collect();
        // Octavio's action flipped card a, Felicia's card b (b > a, same Fragment).
        assert_eq!(
            order,
            vec![
                ("Felicia Laroq".to_string(), b as u64),
                ("Octavio".to_string(), a as u64)
            ]
        );
        // And the same order comes out of the rules' function.
        let entries: Vec<_> = [a, b]
            .iter()
            .enumerate()
            .map(|(i, n)| {
                tarnation::rules::action_time::StackEntry::new(
                    i,
                    deck.iter().find(|c| c.number == *n).unwrap(),
                    0,
                    false,
                )
            })
            .collect();
        assert_eq!(stack_order(&entries)[0].number, b);
        let resolved: Vec<String> = t
            .log()
            .of_kind("resolve")
            .filter(|e| e.segment == segment)
            .map(|e| e.actor.clone().unwrap())
            .collect();
        assert_eq!(resolved, vec!["Felicia Laroq", "Octavio"]);
    }

    /// "Determine Bonus": gear, wounds, Quick Draw (a TN 5 check: +1 per success and bump)
    /// and AP spent from the pool up to the Quick Draw level, added to the flipped Fragment.
    #[test]
    fn the_stack_bonus_adds_gear_wounds_quick_draw_and_ap() {
        let mut t = Table::new("street_duel.ron", 22, |level| {
            level.heroes[0].weapons = vec!["Sharps rifle".into()];
            level.heroes[0].holster = None;
        });
        let (miranda, cyril) = (t.hero("Miranda Valentine"), t.hero("Cyril Wellington"));
        let miranda_e = t.e(miranda);
        t.app
            .world_mut()
            .get_mut::<Wounds>(miranda_e)
            .unwrap()
            .body
            .wounds
            .insert(tarnation::rules::damage::BodyPart::LeftArm, 1);
        t.update();
        // A segment where both declare: Cyril (Quickness 5) first, then Miranda.
        for _ in 0..200 {
            t.until_turn(cyril);
            if t.round().declaring.contains(&miranda_e) {
                break;
            }
            t.pass();
        }
        let face =
            |t: &Table, hero: HeroId| (t.app.world().get::<Facing>(t.e(hero)).unwrap().0 + 1) % 6;
        let f = face(&t, cyril);
        t.send(Action::Face {
            hero: cyril,
            facing: f,
        });
        t.until_turn(miranda);
        // Up to Quick Draw 2 AP from her pool for the stack (her seat says so on her turn).
        let spent = t.intent(Intent::StackSpend {
            hero: miranda,
            ap: 2,
        });
        assert!(
            !spent.iter().any(|o| matches!(o, Outcome::Refused { .. })),
            "{spent:?}"
        );
        let f = face(&t, miranda);
        t.send(Action::Face {
            hero: miranda,
            facing: f,
        });
        while t.log().of_kind("stack").count() == 0 {
            t.pass();
        }
        let parts = &t.events("stack_bonus", "Miranda Valentine")[0];
        // The Sharps is slow to swing (-1); a Flesh Wound costs 1.
        assert_eq!(
            (
                parts.fields["gear"].as_i64(),
                parts.fields["wounds"].as_i64()
            ),
            (Some(-1), Some(-1))
        );
        let quick = &t.events("quick_draw", "Miranda Valentine")[0];
        assert_eq!(quick.fields["tn"], 5);
        assert!(
            quick.fields["ap_spent"].as_u64().unwrap() <= 2,
            "no more than Quick Draw 2"
        );
        let stack = t.log().of_kind("stack").next().unwrap().clone();
        let line = stack.fields["order"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["actor"] == "Miranda Valentine")
            .unwrap()
            .clone();
        assert_eq!(line["bonus"], parts.fields["bonus"]);
        assert_eq!(
            line["total"].as_i64().unwrap(),
            line["fragment"].as_i64().unwrap() + line["bonus"].as_i64().unwrap()
        );
    }

    /// "divide the total movement into equal (or roughly equal) parts and spread them between
    /// the 20 segments ... slowest to fastest, based on Quickness value."
    #[test]
    fn mounts_move_continuously_and_carry_their_riders() {
        let mut t = Table::new("gulch_chase.ron", 2, |_| {});
        let vaquero = t.hero("Vaquero");
        let hank = t.hero("Hank Daggett");
        while t.round().completed == 0 {
            if t.round().declarer().is_some() {
                t.pass();
            } else {
                t.update();
            }
        }
        let pony: Vec<(u32, u64)> = t
            .log()
            .of_kind("continuous_move")
            .filter(|e| e.fields["mount"] == "Vaquero's pony")
            .map(|e| (e.segment, e.fields["paces"].as_u64().unwrap()))
            .collect();
        let expected: Vec<(u32, u64)> = (1..=SEGMENTS)
            .filter(|&s| continuous_paces(16, s) > 0)
            .map(|s| (s, continuous_paces(16, s) as u64))
            .collect();
        assert_eq!(pony, expected);
        // The pony's 16 paces and the nags' 14 over the round, east down the gulch.
        assert_eq!(
            t.app.world().get::<HexPos>(t.e(vaquero)).unwrap().0,
            hex_at(18, 4)
        );
        assert_eq!(
            t.app.world().get::<HexPos>(t.e(hank)).unwrap().0,
            hex_at(22, 3)
        );
        assert_eq!(t.log().of_kind("mount_halted").count(), 0);
        // In a segment where all move, the slower mounts (Quickness 5: Chucho's mustang and
        // the pony, in the level's order reversed as the rules' stable sort leaves them) go
        // before the nags (Quickness 6).
        let all = t
            .log()
            .of_kind("continuous_move")
            .filter(|e| e.segment == 3)
            .map(|e| e.fields["mount"].as_str().unwrap().to_string())
            .collect::<Vec<_>>();
        assert_eq!(all.len(), 3);
        assert_eq!(all[2], "Hank's nags");
    }

    /// A mount that meets the map's edge is halted there, its rider still in the saddle. The
    /// log names the rider of a mount whose name does not (a play-test read "Dun mare moves 1
    /// pace" and could not tell whose horse it was).
    #[test]
    fn a_mount_is_halted_at_the_edge_of_the_map() {
        let mut t = Table::new("gulch_chase.ron", 2, |level| {
            level.mounts[0].at = (55, 3);
            level.mounts[0].name = "Dun mare".into();
            level.heroes[0].at = (55, 3);
        });
        let hank = t.hero("Hank Daggett");
        while t.round().completed == 0 {
            if t.round().declarer().is_some() {
                t.pass();
            } else {
                t.update();
            }
        }
        assert_eq!(
            t.app.world().get::<HexPos>(t.e(hank)).unwrap().0,
            hex_at(63, 3)
        );
        let halted: Vec<_> = t.log().of_kind("mount_halted").collect();
        assert_eq!(halted.len(), 1);
        assert_eq!(halted[0].fields["mount"], "Dun mare");
        assert_eq!(
            halted[0].text,
            "Dun mare (Hank Daggett riding) is halted by the edge of the map or a wall: \
             Hank Daggett must steer and spur it on"
        );
        let moved = t.log().of_kind("continuous_move");
        let texts: Vec<&str> = moved.map(|e| e.text.as_str()).collect();
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Dun mare (Hank Daggett riding) moves 1 pace")),
            "{texts:?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.starts_with("Chucho's mustang moves 1 pace")),
            "a mount named for its rider: no rider named twice {texts:?}"
        );
    }

    /// "Each round, stunned characters use their action (Recover, all APs) to attempt a
    /// recovery check"; wound penalties come off the AP from the next round.
    #[test]
    fn stunned_heroes_recover_and_wounds_cost_ap() {
        let mut t = Table::new("street_duel.ron", 4, |_| {});
        let miranda = t.hero("Miranda Valentine");
        {
            let miranda = t.e(miranda);
            let mut w = t.app.world_mut().get_mut::<Wounds>(miranda).unwrap();
            w.body
                .wounds
                .insert(tarnation::rules::damage::BodyPart::LeftLeg, 2);
            w.stunned = true;
        }
        // Her recovery: Fortitude d8 against the Stun TN of a Light wound (5).
        t.stack(&[card_with(Die::D8, 5, 7)]);
        t.update();
        let recovery = &t.events("recovery", "Miranda Valentine")[0];
        assert_eq!(
            (recovery.segment, recovery.fields["tn"].as_u64()),
            (0, Some(5))
        );
        assert_eq!(recovery.fields["recovered"], true);
        assert_eq!(t.track(miranda).total, 0, "the round is spent recovering");
        while t.round().round < 2 {
            if t.round().declarer().is_some() {
                assert_ne!(t.round().declarer(), Some(t.e(miranda)));
                t.pass();
            } else {
                t.update();
            }
        }
        let init = &t.events("initiative", "Miranda Valentine")[0];
        assert_eq!((init.round, init.fields["ap"].as_u64()), (2, Some(6)));
    }

    /// Decision 136: a stun stops the hero's declarations, not the action it declared before:
    /// Miranda, stunned while she still pays for a walk of 3 AP, walks as declared and
    /// declares nothing more this round.
    #[test]
    fn a_stunned_hero_declares_nothing_but_its_declared_action_goes_off() {
        let mut t = Table::new("street_duel.ron", 4, |_| {});
        let miranda = t.hero("Miranda Valentine");
        t.update();
        t.until_turn(miranda);
        let to = three_ap_move(&mut t, miranda);
        let outcome = t.send(Action::Move {
            hero: miranda,
            to,
            gait: Gait::Walk,
        });
        assert!(
            matches!(outcome, Outcome::Committed { .. }),
            "paid over segments: {outcome:?}"
        );
        let her = t.e(miranda);
        t.app.world_mut().get_mut::<Wounds>(her).unwrap().stunned = true;
        while t.round().round == 1 {
            assert_ne!(t.round().declarer(), Some(her), "{:?}", t.round());
            t.pass();
        }
        assert_eq!(t.app.world().get::<HexPos>(her).unwrap().0, to);
        let hers: Vec<_> = t
            .log()
            .of_kind("declare")
            .chain(t.log().of_kind("commit"))
            .filter(|e| e.actor.as_deref() == Some("Miranda Valentine") && e.round == 1)
            .collect();
        assert_eq!(hers.len(), 1, "nothing declared after the stun: {hers:?}");
        assert_eq!(t.events("resolve", "Miranda Valentine").len(), 1);
    }

    /// Skills at 4/8 AP "may be paid over multiple turns ... the attempt is not resolved until
    /// the final AP is paid"; victories fill the objective's counter.
    #[test]
    fn a_skill_is_paid_over_rounds_and_fills_the_objective() {
        let mut t = Table::new("mine_raid.ron", 8, |_| {});
        let hank = t.hero("Hank Daggett");
        t.update();
        let outcome = t.act(Action::Move {
            hero: hank,
            to: hex_at(3, 1),
            gait: Gait::Walk,
        });
        assert!(matches!(outcome, Outcome::Moved { .. }), "{outcome:?}");
        let outcome = t.act(Action::WorkObjective {
            hero: hank,
            objective: 0,
        });
        let Outcome::Worked { victories, ap, .. } = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!(ap, 8);
        let commit = &t.events("commit", "Hank Daggett")[0];
        let skill = &t.events("skill", "Hank Daggett")[0];
        assert_eq!((commit.round, skill.round), (1, 2), "paid over two rounds");
        assert_eq!(skill.fields["tn"], 7);
        let counter = t.app.world().resource::<Objectives>().0[0]
            .as_ref()
            .unwrap();
        assert_eq!(counter.filled(), victories.min(5));
        // Far from the nook, the work is refused with the reason.
        let miranda = t.hero("Miranda Valentine");
        t.until_turn(miranda);
        let refused = t.send(Action::WorkObjective {
            hero: miranda,
            objective: 0,
        });
        assert!(
            matches!(&refused, Outcome::Refused { reason, .. } if reason.to_string().contains("must stand at or next to 4,1")),
            "{refused:?}"
        );
    }

    /// Ties between heroes go by the level's order, not by how the ECS stores them: Dave and
    /// Clem stand equally near Hank, and Dave (listed first) is stored last.
    #[test]
    fn ties_between_heroes_follow_the_level_order() {
        use bevy::prelude::*;
        #[derive(Component)]
        struct Marked;
        let mut t = Table::new("saloon_brawl.ron", 1, |level| {
            level.heroes[0].at = (5, 4); // Hank
            level.heroes[1].at = (10, 6); // Cyril away
            level.heroes[2].at = (7, 4); // Dave, two paces east
            level.heroes[3].at = (3, 4); // Clem, two paces west
        });
        let (hank, dave, clem) = (
            t.hero("Hank Daggett"),
            t.hero("Dave Perkins"),
            t.hero("Clem Perkins"),
        );
        let (hank_e, dave_e, clem_e) = (t.e(hank), t.e(dave), t.e(clem));
        t.app.world_mut().entity_mut(dave_e).insert(Marked);
        t.update();
        // The computer's Hank closes on the nearest foe: a tie, so Dave.
        let command = tarnation::sim::ai::decide(t.app.world_mut(), hank_e);
        let Some(Action::Move { to, .. }) = command else {
            panic!("{command:?}")
        };
        let (dave_at, clem_at) = (
            t.app.world().get::<HexPos>(dave_e).unwrap().0,
            t.app.world().get::<HexPos>(clem_e).unwrap().0,
        );
        assert!(to.unsigned_distance_to(dave_at) < to.unsigned_distance_to(clem_at));
        // Engaged with both, they come in the level's order.
        t.app.world_mut().get_mut::<HexPos>(dave_e).unwrap().0 = hex_at(6, 4);
        t.app.world_mut().get_mut::<HexPos>(clem_e).unwrap().0 = hex_at(4, 4);
        assert_eq!(
            tarnation::sim::query::engaged_foes(t.app.world(), hank_e),
            vec![dave_e, clem_e]
        );
    }

    /// Same seed, same match, however the ECS happens to number and store the heroes (the
    /// window spawns and frees other entities first).
    #[test]
    fn a_match_does_not_depend_on_entity_numbering() {
        use bevy::prelude::*;
        use tarnation::data::level::Control;
        use tarnation::sim::model::{BattleOver, MatchLog, RoundOptions, RoundState};
        use tarnation::sim::setup::spawn_level;
        use tarnation::sim::{AiPlugin, DeckPlugin, SimPlugin};
        for file in ["saloon_brawl.ron", "street_duel.ron"] {
            let (mut level, gear) = level_file(file, |_| {});
            for side in &mut level.sides {
                side.control = Control::Computer;
            }
            let reference = run(level.clone(), gear.clone(), 5, cards(), 8).unwrap().log;
            let mut app = App::new();
            app.add_plugins((
                MinimalPlugins,
                DeckPlugin {
                    seed: 5,
                    cards: cards(),
                },
                SimPlugin,
                AiPlugin,
            ));
            // Other entities come and go first, so the heroes get other numbers.
            let junk: Vec<Entity> = (0..37)
                .map(|_| app.world_mut().spawn_empty().id())
                .collect();
            for e in junk.iter().step_by(2) {
                app.world_mut().despawn(*e);
            }
            app.world_mut().flush();
            spawn_level(app.world_mut(), level, gear);
            // And the window marks figures with components of its own, which moves them
            // between the ECS's tables: here in reverse.
            #[derive(Component)]
            struct Marked;
            let mut q = app
                .world_mut()
                .query::<(Entity, &tarnation::sim::model::Hero)>();
            let mut heroes: Vec<(Entity, usize)> =
                q.iter(app.world()).map(|(e, h)| (e, h.order)).collect();
            heroes.sort_by_key(|h| std::cmp::Reverse(h.1));
            for (e, _) in heroes.iter().skip(1) {
                app.world_mut().entity_mut(*e).insert(Marked);
            }
            let mut q = app
                .world_mut()
                .query::<(Entity, &tarnation::sim::model::Hero)>();
            let seen: Vec<(u32, usize)> = q
                .iter(app.world())
                .map(|(e, h)| (e.index_u32(), h.order))
                .collect();
            assert_ne!(
                seen.iter().map(|s| s.1).collect::<Vec<_>>(),
                (0..seen.len()).collect::<Vec<_>>(),
                "the heroes come in another order: {seen:?}"
            );
            app.world_mut().resource_mut::<RoundOptions>().max_rounds = Some(8);
            for _ in 0..20_000 {
                app.update();
                let w = app.world();
                if w.get_resource::<BattleOver>().is_some()
                    || w.resource::<RoundState>().completed >= 8
                {
                    break;
                }
            }
            let log = app.world().resource::<MatchLog>();
            assert_eq!(log.events, reference.events, "{file}");
        }
    }

    #[test]
    fn sim_plays_to_the_timer_and_the_same_seed_gives_the_same_log() {
        // Unarmed riders: nobody falls, so the Timer decides.
        let (level, gear) = level_file("gulch_chase.ron", |level| {
            for hero in &mut level.heroes {
                hero.weapons.clear();
            }
        });
        let Played { end, log, .. } = run(level.clone(), gear.clone(), 3, cards(), 6).unwrap();
        match end {
            SimEnd::Decided(over) => {
                assert_eq!(over.name, "Hank");
                assert!(over.why.contains("Out of the gulch"), "{}", over.why);
            }
            other => panic!("{other:?}"),
        }
        let rounds = log.of_kind("round_end").count();
        assert_eq!(rounds, 3);
        let again = run(level.clone(), gear.clone(), 3, cards(), 6).unwrap().log;
        assert_eq!(log.events, again.events);
        let other = run(level, gear, 4, cards(), 6).unwrap().log;
        assert_ne!(log.events, other.events);
        // Every event carries round, segment and kind; checks carry card, TN, result, bumps.
        for e in log.of_kind("initiative") {
            let json = e.json();
            for key in [
                "round", "segment", "actor", "kind", "card", "tn", "result", "bumps",
            ] {
                assert!(json.get(key).is_some(), "{key} in {json}");
            }
        }
    }
}

mod battle {
    use super::table::*;
    use tarnation::rules::hexmap::{facing_to, hex_at};
    use tarnation::rules::movement::Gait;
    use tarnation::sim::actions::movement::move_options;
    use tarnation::sim::model::{Battle, Facing, Hero, HexPos, Prone};

    fn state(t: &Table, hero: HeroId) -> (hexx::Hex, u8, bool) {
        let e = t.e(hero);
        let w = t.app.world();
        (
            w.get::<HexPos>(e).unwrap().0,
            w.get::<Facing>(e).unwrap().0,
            w.get::<Prone>(e).unwrap().0,
        )
    }

    #[test]
    fn the_street_duel_loads_its_heroes_and_cover() {
        let mut t = Table::new("street_duel.ron", 1, |_| {});
        let miranda = t.hero("Miranda Valentine");
        assert_eq!(state(&t, miranda), (hex_at(3, 4), 0, false));
        let mut covers = t.app.world_mut().query::<&tarnation::sim::model::Cover>();
        let avs: Vec<u32> = covers.iter(t.app.world()).map(|c| c.av).collect();
        assert_eq!(avs, vec![1, 2, 4, 3], "glass, thin wood, adobe, hardwood");
    }

    #[test]
    fn declarations_pay_by_the_movement_table() {
        let mut t = Table::new("street_duel.ron", 1, |_| {});
        let miranda = t.hero("Miranda Valentine");
        t.update();
        let east = facing_to(hex_at(3, 4), hex_at(4, 4)).unwrap();
        // "Change facing 60 degrees without moving: 1 AP".
        let outcome = t.act(Action::Face {
            hero: miranda,
            facing: (east + 1) % 6,
        });
        assert!(
            matches!(outcome, Outcome::Faced { ap: 1, .. }),
            "{outcome:?}"
        );
        // "more than 60 degrees: 2 AP".
        let outcome = t.act(Action::Face {
            hero: miranda,
            facing: (east + 4) % 6,
        });
        assert!(
            matches!(outcome, Outcome::Faced { ap: 2, .. }),
            "{outcome:?}"
        );
        let outcome = t.act(Action::Face {
            hero: miranda,
            facing: (east + 1) % 6,
        });
        assert!(
            matches!(outcome, Outcome::Faced { ap: 2, .. }),
            "{outcome:?}"
        );
        // Move 4: four paces east on open ground cost 1 AP; the 60-degree turn is free.
        let outcome = t.act(Action::Move {
            hero: miranda,
            to: hex_at(7, 4),
            gait: Gait::Walk,
        });
        assert!(
            matches!(outcome, Outcome::Moved { ap: 1, .. }),
            "{outcome:?}"
        );
        assert_eq!(state(&t, miranda), (hex_at(7, 4), east, false));
        let spent = t.track(miranda).spent;
        assert!(spent > 5, "at least 1 + 2 + 2 + 1 AP: {spent}");
    }

    #[test]
    fn the_preview_prices_walking_and_running() {
        let t = Table::new("street_duel.ron", 1, |_| {});
        let miranda = t.hero("Miranda Valentine");
        let east = facing_to(hex_at(3, 4), hex_at(4, 4)).unwrap();
        let battle = t.app.world().resource::<Battle>().clone();
        let h = t.app.world().get::<Hero>(t.e(miranda)).unwrap().clone();
        let walk = move_options(&battle, hex_at(3, 4), east, &h, 8, Gait::Walk, &[]);
        let run = move_options(&battle, hex_at(3, 4), east, &h, 8, Gait::Run, &[]);
        // Move 4, Run 8: eight paces east are 2 AP walking, 1 AP running.
        assert_eq!(walk[&hex_at(11, 4)].cost.total, 2);
        assert_eq!(run[&hex_at(11, 4)].cost.total, 1);
        assert_eq!(walk[&hex_at(11, 4)].cost.paces, 8);
    }

    #[test]
    fn illegal_commands_are_refused_with_a_reason() {
        let mut t = Table::new("street_duel.ron", 1, |_| {});
        let miranda = t.hero("Miranda Valentine");
        let cyril = t.hero("Cyril Wellington");
        let refused = |o: Outcome| match o {
            Outcome::Refused { reason, .. } => reason.to_string(),
            other => panic!("expected a refusal, got {other:?}"),
        };
        t.update();
        t.until_turn(miranda);
        let before = t.track(miranda);
        // Out of turn, into a wall, onto another hero, too far for the round.
        let out_of_turn = refused(t.send(Action::Face {
            hero: cyril,
            facing: 2,
        }));
        assert!(out_of_turn.starts_with("it is Miranda Valentine's declaration in segment"));
        let move_to = |to| Action::Move {
            hero: miranda,
            to,
            gait: Gait::Walk,
        };
        assert!(refused(t.send(move_to(hex_at(0, 0)))).contains("wall"));
        assert!(refused(t.send(move_to(hex_at(2, 6)))).contains("another figure"));
        assert_eq!(t.track(miranda), before, "refusals spend nothing");
        // Prone: 1 AP down, no walking while prone, 2 AP up.
        assert!(matches!(
            t.act(Action::DropProne { hero: miranda }),
            Outcome::WentProne { ap: 1, .. }
        ));
        t.until_turn(miranda);
        assert!(refused(t.send(move_to(hex_at(4, 4)))).contains("stand up first (2 AP)"));
        assert!(matches!(
            t.act(Action::StandUp { hero: miranda }),
            Outcome::StoodUp { ap: 2, .. }
        ));
        assert!(!state(&t, miranda).2);
        // With 2 AP in the round, a 3-AP walk is refused and costs nothing.
        let mut t = Table::new("street_duel.ron", 1, |level| level.heroes[0].ap = 2);
        let miranda = t.hero("Miranda Valentine");
        t.update();
        t.until_turn(miranda);
        let far = refused(t.send(Action::Move {
            hero: miranda,
            to: hex_at(14, 4),
            gait: Gait::Walk,
        }));
        assert_eq!(
            far,
            "not enough AP: move costs 3 AP, Miranda Valentine has 2 left this round (only a \
             reload, a revive or work on an objective is paid over rounds)"
        );
    }

    /// Holding: the hero is not asked again this round, and is again in the next.
    #[test]
    fn a_hero_can_hold_for_the_rest_of_the_round() {
        let mut t = Table::new("street_duel.ron", 1, |_| {});
        let miranda = t.hero("Miranda Valentine");
        t.update();
        t.until_turn(miranda);
        let round = t.round().round;
        t.intent(Intent::Hold { hero: miranda });
        assert_eq!(t.log().of_kind("hold").count(), 1);
        while t.round().round == round {
            assert_ne!(
                t.round().declarer(),
                Some(t.e(miranda)),
                "held for the round"
            );
            if t.round().declarer().is_some() {
                t.pass();
            } else {
                t.update();
            }
        }
        t.until_turn(miranda);
        assert_eq!(t.round().round, round + 1);
    }

    #[test]
    fn the_last_side_standing_wins() {
        use tarnation::sim::model::{BattleOver, Down};
        let mut t = Table::new("street_duel.ron", 1, |_| {});
        t.update();
        assert!(
            t.app.world().get_resource::<BattleOver>().is_none(),
            "both sides stand"
        );
        for name in ["Felicia Laroq", "Octavio"] {
            let e = t.e(t.hero(name));
            t.app.world_mut().get_mut::<Down>(e).unwrap().0 = true;
        }
        t.update();
        let over = t.app.world().resource::<BattleOver>();
        assert_eq!((over.winner, over.name.as_str()), (0, "Valentine posse"));
        assert_eq!(t.log().of_kind("battle_over").count(), 1);
    }

    /// Out of the saddle (2 AP) and back in (3 AP): the mount halts and waits.
    #[test]
    fn a_rider_dismounts_and_mounts_again() {
        use tarnation::sim::model::{HexPos, Mount, MountedOn};
        let mut t = Table::new("gulch_chase.ron", 5, |_| {});
        let hank_id = t.hero("Hank Daggett");
        let hank = t.e(hank_id);
        let nags = t.app.world().get::<MountedOn>(hank).unwrap().0;
        t.update();
        let outcome = t.act(Action::Dismount { hero: hank_id });
        assert!(
            matches!(outcome, Outcome::Prepared { ap: 2, .. }),
            "{outcome:?}"
        );
        assert!(t.app.world().get::<MountedOn>(hank).is_none());
        let m = t.app.world().get::<Mount>(nags).unwrap();
        assert_eq!((m.rider, m.speed), (None, 0));
        let (at, mount_at) = (
            t.app.world().get::<HexPos>(hank).unwrap().0,
            t.app.world().get::<HexPos>(nags).unwrap().0,
        );
        assert_eq!(at.unsigned_distance_to(mount_at), 1);
        let outcome = t.act(Action::MountUp { hero: hank_id });
        assert!(
            matches!(outcome, Outcome::Prepared { ap: 3, .. }),
            "{outcome:?}"
        );
        assert_eq!(
            t.app.world().get::<MountedOn>(hank).map(|m| m.0),
            Some(nags)
        );
        assert_eq!(
            t.app.world().get::<HexPos>(hank).unwrap().0,
            t.app.world().get::<HexPos>(nags).unwrap().0
        );
    }

    #[test]
    fn heroes_carry_loaded_weapons_and_ride_their_mounts() {
        use tarnation::sim::model::{Mount, MountedOn, Weapons};
        let t = Table::new("gulch_chase.ron", 1, |_| {});
        let hank = t.e(t.hero("Hank Daggett"));
        let weapons = &t.app.world().get::<Weapons>(hank).unwrap().0;
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
        let mount = t.app.world().get::<MountedOn>(hank).unwrap().0;
        let m = t.app.world().get::<Mount>(mount).unwrap();
        assert_eq!(
            (m.name.as_str(), m.speed, m.rider),
            ("Hank's nags", 14, Some(hank))
        );
        // Miranda's Peacemaker is in its holster, not in hand.
        let t = Table::new("street_duel.ron", 1, |_| {});
        let miranda = t.e(t.hero("Miranda Valentine"));
        let peacemaker = &t.app.world().get::<Weapons>(miranda).unwrap().0[0];
        assert_eq!((peacemaker.ready, peacemaker.holstered), (false, true));
    }

    #[test]
    fn ducking_behind_cover_costs_one_ap_each_way() {
        let mut t = Table::new("street_duel.ron", 1, |_| {});
        let miranda = t.hero("Miranda Valentine");
        t.update();
        t.until_turn(miranda);
        let refused = |o: Outcome| match o {
            Outcome::Refused { reason, .. } => reason.to_string(),
            other => panic!("expected a refusal, got {other:?}"),
        };
        assert_eq!(
            refused(t.send(Action::DuckBehindCover { hero: miranda })),
            "there is no cover in Miranda Valentine's hex to duck behind"
        );
        // The saloon window stands at 3,2, two paces up the street.
        let outcome = t.act(Action::Move {
            hero: miranda,
            to: hex_at(3, 2),
            gait: Gait::Walk,
        });
        assert!(matches!(outcome, Outcome::Moved { .. }), "{outcome:?}");
        let outcome = t.act(Action::DuckBehindCover { hero: miranda });
        assert_eq!(
            outcome,
            Outcome::Ducked {
                hero: miranda,
                cover: "saloon window".into(),
                ap: 1
            }
        );
        t.until_turn(miranda);
        assert!(
            refused(t.send(Action::Move {
                hero: miranda,
                to: hex_at(4, 4),
                gait: Gait::Walk
            }))
            .contains("emerge first")
        );
        let outcome = t.act(Action::EmergeFromCover { hero: miranda });
        assert_eq!(
            outcome,
            Outcome::Emerged {
                hero: miranda,
                ap: 1
            }
        );
    }
}

mod ranged_combat {
    use super::table::*;
    use bevy::prelude::Entity;
    use tarnation::rules::die::{Die, Pool};
    use tarnation::rules::odds;
    use tarnation::rules::ranged::ShotKind;
    use tarnation::sim::actions::ranged;
    use tarnation::sim::model::{AimLost, UnderFire, Weapons, Wounds};
    use tarnation::sim::run::{Played, SimEnd, run};

    /// Miranda draws, cocks and fires a normal shot at Felicia; the shot event carries every
    /// field the JSON interface names, and the Peacemaker is a round lighter and uncocked.
    #[test]
    fn miranda_draws_cocks_and_fires_at_felicia() {
        let mut t = Table::new("street_duel.ron", 12, |_| {});
        let miranda = t.hero("Miranda Valentine");
        let felicia = t.hero("Felicia Laroq");
        t.update();
        t.until_turn(miranda);
        // Not yet: the Peacemaker is in its holster, then uncocked.
        let shoot = Action::Shoot {
            hero: miranda,
            target: felicia,
            kind: ShotKind::Normal,
        };
        let refused = t.send(shoot.clone());
        assert!(
            matches!(&refused, Outcome::Refused { reason, .. } if reason.to_string().contains("no weapon in hand")),
            "{refused:?}"
        );
        t.act(Action::Ready {
            hero: miranda,
            weapon: 0,
        });
        t.until_turn(miranda);
        let refused = t.send(shoot.clone());
        assert!(
            matches!(&refused, Outcome::Refused { reason, .. } if reason.to_string().contains("must be cocked first")),
            "{refused:?}"
        );
        t.act(Action::Cock { hero: miranda });
        // The preview: TN 5 + 1 for 9 to 18 paces (Felicia is 9 hexes east), exact odds.
        let (me, fe) = (t.e(miranda), t.e(felicia));
        let plan = ranged::plan(t.app.world_mut(), me, fe, ShotKind::Normal).unwrap();
        assert_eq!((plan.ap, plan.distance, plan.terms.tn), (3, 9, 5));
        let exact = odds::success_chance(
            &cards(),
            Pool::new(3, Die::D10).unwrap(),
            plan.terms.tn,
            plan.terms.direct(),
            true,
        );
        assert!((plan.chance - exact).abs() < 1e-12);
        let outcome = t.act(shoot);
        assert!(matches!(outcome, Outcome::Shot { .. }), "{outcome:?}");
        let shot = t.events("shot", "Miranda Valentine")[0].json();
        for key in tarnation::sim::actions::ranged::SHOT_FIELDS {
            assert!(shot.get(key).is_some(), "{key} missing in {shot}");
        }
        assert_eq!(shot["tn"], 5);
        assert_eq!(shot["damage_type"], "deadly");
        assert_eq!(shot["target_size"], 6);
        // Five chambers carried, four left.
        let peacemaker = &t.app.world().get::<Weapons>(me).unwrap().0[0];
        assert_eq!((peacemaker.rounds, peacemaker.cocked), (4, false));
        // What the card said is what Felicia carries.
        let wounds = t.app.world().get::<Wounds>(fe).unwrap();
        let total: u32 = wounds.body.wounds.values().sum();
        assert_eq!(total as u64, shot["wounds"].as_u64().unwrap());
        assert_eq!(wounds.body.conc as u64, shot["conc"].as_u64().unwrap());
        if shot["hit"] == false {
            assert_eq!(shot["effect"], 0);
        }
    }

    #[test]
    fn walls_block_the_line_of_fire_and_a_ducked_firer_cannot_shoot() {
        let mut t = Table::new("street_duel.ron", 1, |level| {
            // Miranda across the street, the North Star's walls between her and Octavio.
            level.heroes[0].at = (5, 8);
        });
        let miranda = t.e(t.hero("Miranda Valentine"));
        let octavio = t.e(t.hero("Octavio"));
        let why = ranged::plan(t.app.world_mut(), miranda, octavio, ShotKind::Snap).unwrap_err();
        assert!(
            why.to_string()
                .starts_with("no line of fire to Octavio: a wall at"),
            "{why}"
        );
        let mut t = Table::new("street_duel.ron", 1, |_| {});
        let cyril = t.e(t.hero("Cyril Wellington"));
        let felicia = t.e(t.hero("Felicia Laroq"));
        t.app
            .world_mut()
            .get_mut::<tarnation::sim::model::BehindCover>(cyril)
            .unwrap()
            .0 = true;
        let why = ranged::plan(t.app.world_mut(), cyril, felicia, ShotKind::Snap).unwrap_err();
        assert!(why.to_string().contains("emerge first"), "{why}");
    }

    /// A declared series's targets as the world's entities, for the plan functions.
    fn in_world(t: &Table, shots: &[(HeroId, ShotKind)]) -> Vec<(Entity, ShotKind)> {
        shots.iter().map(|&(h, kind)| (t.e(h), kind)).collect()
    }

    /// "Spending 2 AP to cock twice, 3 AP for a normal shot on Pete, 1 AP for a snap shot on
    /// Clem, and 1 AP to switch targets ... He declares that he will spend 7 AP."
    #[test]
    fn cyril_fires_two_shots_at_two_targets_for_7_ap() {
        let mut t = Table::new("street_duel.ron", 30, |level| {
            // Octavio out in the street, in Cyril's line of fire.
            level.heroes[3].at = (13, 5);
        });
        let cyril = t.hero("Cyril Wellington");
        let (felicia, octavio) = (t.hero("Felicia Laroq"), t.hero("Octavio"));
        t.update();
        let shots = [(felicia, ShotKind::Normal), (octavio, ShotKind::Snap)];
        let (cyril_e, planned) = (t.e(cyril), in_world(&t, &shots));
        let plan = ranged::plan_series(t.app.world_mut(), cyril_e, &planned, false).unwrap();
        assert_eq!(plan.ap, 7);
        assert_eq!(plan.volley.limit, 2, "Shooting: Pistol 2: two attacks");
        let second = &plan.volley.attacks[1].terms.modifiers;
        assert!(
            second
                .iter()
                .any(|m| m.name == "secondary target" && m.value == -1)
        );
        let outcome = t.act(Action::Series {
            hero: cyril,
            shots: shots.to_vec(),
            fan: false,
        });
        assert!(matches!(outcome, Outcome::Shot { .. }), "{outcome:?}");
        let fired = t.events("shot", "Cyril Wellington");
        assert_eq!(fired.len(), 2);
        assert_eq!(fired[0].fields["series"], serde_json::json!([1, 2]));
        assert_eq!(fired[1].fields["target"], "Octavio");
        assert_eq!(fired[0].fields["series_ap"], 7);
        // The first attack took the pool's highest result, the second the next.
        let (a, b) = (
            fired[0].fields["result"].as_i64().unwrap(),
            fired[1].fields["result"].as_i64().unwrap(),
        );
        let direct0: i64 = fired[0].fields["modifiers"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_i64().unwrap())
            .sum();
        let direct1: i64 = fired[1].fields["modifiers"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_i64().unwrap())
            .sum();
        if b > 0 && a > 0 {
            assert!(a - direct0 >= b - direct1, "highest first: {a} {b}");
        }
        let schofield = &t.app.world().get::<Weapons>(cyril_e).unwrap().0[0];
        assert_eq!(
            (schofield.rounds, schofield.cocked),
            (3, false),
            "5 carried, 2 fired"
        );
    }

    /// Fanning: 1 AP a shot, no cocking, a downgrade (one fewer die) per shot, so with
    /// Shooting: Pistol 3 two fanned shots leave one die: the second shot cannot hit.
    #[test]
    fn miranda_fans_her_peacemaker() {
        let mut t = Table::new("street_duel.ron", 31, |level| {
            level.heroes[0].holster = None;
        });
        let miranda = t.hero("Miranda Valentine");
        let felicia = t.hero("Felicia Laroq");
        t.update();
        let shots = [(felicia, ShotKind::Normal), (felicia, ShotKind::Normal)];
        let (miranda_e, planned) = (t.e(miranda), in_world(&t, &shots));
        let plan = ranged::plan_series(t.app.world_mut(), miranda_e, &planned, true).unwrap();
        assert_eq!((plan.ap, plan.volley.rows), (2, -2));
        assert_eq!(plan.volley.weapon.reliability, 3, "Rel 2 + 1 when fanning");
        assert!(plan.shots.iter().all(|s| s.kind == ShotKind::Snap));
        t.act(Action::Series {
            hero: miranda,
            shots: shots.to_vec(),
            fan: true,
        });
        let fired = t.events("shot", "Miranda Valentine");
        assert_eq!(fired.len(), 2);
        assert_eq!(fired[1].fields["result"], 0, "no second die in the pool");
        assert_eq!(fired[1].fields["hit"], false);
        assert_eq!(fired[0].fields["fan"], true);
        // A double action revolver cannot be fanned.
        let mut t = Table::new("street_duel.ron", 31, |level| {
            level.heroes[0].holster = None;
            level.heroes[0].weapons = vec!["Colt Lightning".into()];
        });
        let miranda = t.e(t.hero("Miranda Valentine"));
        let felicia = t.e(t.hero("Felicia Laroq"));
        let why = ranged::plan_series(
            t.app.world_mut(),
            miranda,
            &[(felicia, ShotKind::Snap)],
            true,
        )
        .unwrap_err();
        assert!(why.to_string().contains("single action revolver"), "{why}");
    }

    /// "If the character was the target of a ranged attack, pay the AP for the shot and then
    /// perform a Standard (5) Bravery check. Subtract 1 ... for each shot after the first ...
    /// and 2 for each attack that hit ... If the check fails ... any shot is a snap shot."
    #[test]
    fn under_fire_an_aimed_shot_needs_a_bravery_check() {
        let mut t = Table::new("street_duel.ron", 33, |level| {
            level.heroes[1].skills.insert("Bravery".into(), 1);
        });
        let cyril = t.hero("Cyril Wellington");
        let felicia = t.hero("Felicia Laroq");
        t.update();
        t.act(Action::Cock { hero: cyril });
        t.until_turn(cyril);
        let cyril_e = t.e(cyril);
        t.app.world_mut().entity_mut(cyril_e).insert(UnderFire {
            shots: 3,
            hits: 1,
            ..Default::default()
        });
        t.act(Action::Shoot {
            hero: cyril,
            target: felicia,
            kind: ShotKind::Aimed(1),
        });
        let bravery = &t.events("bravery", "Cyril Wellington")[0];
        assert_eq!(bravery.fields["tn"], 5);
        assert_eq!(
            (
                bravery.fields["shots"].as_u64(),
                bravery.fields["hits"].as_u64()
            ),
            (Some(3), Some(1))
        );
        let kept = bravery.fields["aim_kept"].as_bool().unwrap();
        let shot = &t.events("shot", "Cyril Wellington")[0];
        assert_eq!(shot.fields["shot"] == "snap shot", !kept);
        let lost = t.app.world().get::<AimLost>(cyril_e).is_some_and(|a| a.0);
        assert_eq!(
            lost, !kept,
            "no aiming again this round after a failed check"
        );
        // Its action done, the fire it was under no longer counts.
        assert!(t.app.world().get::<UnderFire>(cyril_e).is_none());
    }

    /// Dynamite thrown from a pace (short range, not point blank: decision 137): Felicia takes
    /// the hit, and the blast reaches everyone within a pace of her (Octavio beside her, and
    /// Cyril who threw it).
    #[test]
    fn dynamite_hits_and_bursts() {
        let mut t = Table::new("street_duel.ron", 40, |level| {
            level.heroes[1].weapons = vec!["Dynamite".into()];
            level.heroes[1].skills.insert("Throwing".into(), 2);
            level.heroes[2].at = (3, 6);
            level.heroes[3].at = (4, 6);
        });
        let cyril = t.hero("Cyril Wellington");
        let felicia = t.hero("Felicia Laroq");
        t.update();
        t.until_turn(cyril);
        // Throwing 2 on Coordination's d8: two rows; a 6 and a 5 hit at short range (TN 5).
        let value = |c: &tarnation::rules::card::Card, row| match c.cause(row, Die::D8) {
            tarnation::rules::card::CauseCell::Value(v) => v,
            _ => 0,
        };
        let card = cards()
            .iter()
            .find(|c| value(c, 1) == 6 && value(c, 2) == 5)
            .unwrap()
            .number;
        let (cyril_e, felicia_e) = (t.e(cyril), t.e(felicia));
        let plan = ranged::plan(t.app.world_mut(), cyril_e, felicia_e, ShotKind::Normal).unwrap();
        assert_eq!(
            (
                plan.terms.tn,
                plan.ap,
                plan.request.skill.pool().map(|p| p.rows)
            ),
            (5, 3, Ok(2)),
            "short range, a normal throw, two rows"
        );
        // Three tokens in front: the throw is paid and resolves at once, on the stacked card.
        while t.track(cyril).in_front < 3 {
            t.pass();
            t.until_turn(cyril);
        }
        t.stack(&[card]);
        let outcome = t.act(Action::Shoot {
            hero: cyril,
            target: felicia,
            kind: ShotKind::Normal,
        });
        assert!(
            matches!(outcome, Outcome::Shot { hit: true, .. }),
            "{outcome:?}"
        );
        let blasted: Vec<String> = t
            .log()
            .of_kind("blast")
            .map(|e| e.actor.clone().unwrap())
            .collect();
        assert!(blasted.contains(&"Octavio".to_string()), "{blasted:?}");
        assert!(
            blasted.contains(&"Cyril Wellington".to_string()),
            "{blasted:?}"
        );
        assert!(
            !blasted.contains(&"Felicia Laroq".to_string()),
            "she took the hit itself"
        );
        let dynamite = &t.app.world().get::<Weapons>(cyril_e).unwrap().0[0];
        assert_eq!((dynamite.rounds, dynamite.ready), (0, false), "thrown away");
    }

    /// "If the throw misses ... use the scatter section": it lands Step paces off by the clock.
    #[test]
    fn a_missed_throw_lands_by_the_clock() {
        let mut t = Table::new("street_duel.ron", 41, |level| {
            level.heroes[1].weapons = vec!["Throwing knife".into()];
            // Unskilled at throwing: one row of the 4 column at Coordination rank 1.
            level.heroes[1]
                .traits
                .insert("Coordination".into(), TraitDef::Ranked(1, Die::D8));
            level.heroes[2].at = (8, 6);
        });
        let cyril = t.hero("Cyril Wellington");
        let felicia = t.hero("Felicia Laroq");
        t.update();
        t.until_turn(cyril);
        let deck = cards();
        let card = deck
            .iter()
            .find(|c| c.cause(1, Die::D4) == tarnation::rules::card::CauseCell::Value(1))
            .unwrap()
            .clone();
        t.stack(&[card.number]);
        t.act(Action::Shoot {
            hero: cyril,
            target: felicia,
            kind: ShotKind::Snap,
        });
        let landed = &t.events("landed", "Cyril Wellington")[0];
        let spot = tarnation::rules::ranged::landing_hex(
            tarnation::rules::hexmap::hex_at(2, 6),
            tarnation::rules::hexmap::hex_at(8, 6),
            card.scatter,
            card.step,
        );
        let (c, r) = tarnation::rules::hexmap::offset_of(spot);
        let map_ok = t
            .app
            .world()
            .resource::<tarnation::sim::model::Battle>()
            .map
            .tile(spot)
            .is_some_and(|t| t.terrain.passable());
        let expected = if map_ok {
            serde_json::json!([c, r])
        } else {
            serde_json::json!([8, 6])
        };
        assert_eq!(landed.fields["at"], expected);
        assert_eq!(landed.fields["step"], card.step);
    }

    /// "A Hero using weapons in each hand suffers -1 penalty to the results of each attack. Any
    /// action taken with an off hand takes an additional -2. ... increase the AP cost of any
    /// aim action by 2." And a two-handed gun in one hand takes 2 downgrades.
    #[test]
    fn two_weapons_and_the_off_hand() {
        let mut t = Table::new("street_duel.ron", 50, |level| {
            level.heroes[1].weapons = vec![".44 Schofield".into(), "Peacemaker".into()];
        });
        let cyril = t.hero("Cyril Wellington");
        let felicia = t.hero("Felicia Laroq");
        let (cyril_e, felicia_e) = (t.e(cyril), t.e(felicia));
        t.update();
        let alone =
            ranged::plan(t.app.world_mut(), cyril_e, felicia_e, ShotKind::Aimed(1)).unwrap_err();
        assert!(alone.to_string().contains("cocked"), "{alone}");
        let outcome = t.act(Action::ReadyOffHand {
            hero: cyril,
            weapon: 1,
        });
        assert!(
            matches!(outcome, Outcome::Readied { ap: 2, .. }),
            "{outcome:?}"
        );
        t.act(Action::Cock { hero: cyril });
        t.act(Action::Cock { hero: cyril });
        let weapons = t.app.world().get::<Weapons>(cyril_e).unwrap().0.clone();
        assert!(weapons[0].ready && weapons[0].cocked && weapons[1].off_hand && weapons[1].cocked);
        let main = ranged::plan(t.app.world_mut(), cyril_e, felicia_e, ShotKind::Aimed(1)).unwrap();
        let value = |p: &ranged::ShotPlan, n: &str| {
            p.terms
                .modifiers
                .iter()
                .find(|m| m.name == n)
                .map(|m| m.value)
        };
        assert_eq!(value(&main, "two weapons"), Some(-1));
        assert_eq!(value(&main, "off hand"), None);
        assert_eq!(main.ap, 3 + 2 + 2, "normal 3, aim 2 + 2 with two weapons");
        let off =
            ranged::plan_hand(t.app.world_mut(), cyril_e, felicia_e, ShotKind::Snap, true).unwrap();
        assert_eq!(value(&off, "off hand"), Some(-2));
        assert_eq!(off.weapon.name, "Peacemaker");
        let outcome = t.act(Action::ShootOffHand {
            hero: cyril,
            target: felicia,
            kind: ShotKind::Snap,
        });
        assert!(matches!(outcome, Outcome::Shot { .. }), "{outcome:?}");
        let weapons = t.app.world().get::<Weapons>(cyril_e).unwrap().0.clone();
        assert_eq!(
            (weapons[1].rounds, weapons[1].cocked),
            (4, false),
            "the off hand fired"
        );
        assert_eq!((weapons[0].rounds, weapons[0].cocked), (5, true));
        // A Winchester with a pistol in the other hand: two downgrades.
        let mut t = Table::new("street_duel.ron", 50, |level| {
            level.heroes[1].weapons = vec!["Winchester".into(), "Peacemaker".into()];
        });
        let cyril = t.e(t.hero("Cyril Wellington"));
        let felicia = t.e(t.hero("Felicia Laroq"));
        t.app.world_mut().get_mut::<Weapons>(cyril).unwrap().0[1].off_hand = true;
        t.app.world_mut().get_mut::<Weapons>(cyril).unwrap().0[0].cocked = true;
        let rifle = ranged::plan(t.app.world_mut(), cyril, felicia, ShotKind::Snap).unwrap();
        assert_eq!(rifle.request.rows, -2);
    }

    /// "If a character chooses to carry a fully loaded firearm ... The same is true for any
    /// malfunction result ... Check the toggle result on the Action Card."
    #[test]
    fn a_fully_loaded_pistol_goes_off_on_a_malfunction() {
        let mut t = Table::new("street_duel.ron", 60, |level| {
            level.heroes[0].weapons = vec!["Winchester".into(), "Peacemaker".into()];
            level.heroes[0].fully_loaded = true;
        });
        let miranda = t.hero("Miranda Valentine");
        let felicia = t.hero("Felicia Laroq");
        let miranda_e = t.e(miranda);
        let carried = &t.app.world().get::<Weapons>(miranda_e).unwrap().0;
        assert_eq!((carried[1].rounds, carried[1].fully_loaded), (6, true));
        t.update();
        t.act(Action::Cock { hero: miranda });
        t.until_turn(miranda);
        while t.track(miranda).in_front < 2 {
            t.pass();
            t.until_turn(miranda);
        }
        // A wrench below the Winchester's Rel 3 and the Peacemaker's own Rel 2: the rifle
        // malfunctions, and the pistol's malfunction range holds it too.
        let card = cards()
            .into_iter()
            .find(|c| c.wrench.is_some_and(|w| w < 2))
            .unwrap();
        t.stack(&[card.number]);
        t.act(Action::Shoot {
            hero: miranda,
            target: felicia,
            kind: ShotKind::Snap,
        });
        let shot = &t.events("shot", "Miranda Valentine")[0];
        assert_eq!(shot.fields["equipment_failure"], true);
        let discharge = &t.events("discharge", "Miranda Valentine")[0];
        let pistol = &t.app.world().get::<Weapons>(miranda_e).unwrap().0[1];
        assert_eq!((pistol.rounds, pistol.fully_loaded), (5, false));
        match card.toggle {
            tarnation::rules::card::Toggle::Yes => {
                assert_eq!(discharge.fields["toggle"], "YES");
                assert_eq!(discharge.fields["effect"], 0);
            }
            tarnation::rules::card::Toggle::No => {
                assert_eq!(discharge.fields["toggle"], "NO");
                let effect = card.effect(3, Die::D6).value;
                assert_eq!(discharge.fields["effect"], effect);
            }
        }
        let winchester = &t.app.world().get::<Weapons>(miranda_e).unwrap().0[0];
        assert!(winchester.jammed);
    }

    /// "Unintended targets may be living or otherwise, such as windows": Cyril's miss at Octavio
    /// in the saloon flies past the window, and its stray shatters it.
    #[test]
    fn a_stray_shot_shatters_the_saloon_window() {
        let mut t = Table::new("street_duel.ron", 80, |level| {
            level.heroes[0].at = (14, 8); // Miranda out of the way
            level.heroes[1].at = (1, 4); // Cyril
            level.heroes[3].at = (5, 1); // Octavio inside the saloon
        });
        let cyril = t.hero("Cyril Wellington");
        let octavio = t.hero("Octavio");
        let (cyril_e, octavio_e) = (t.e(cyril), t.e(octavio));
        t.app.world_mut().get_mut::<Weapons>(cyril_e).unwrap().0[0].cocked = true;
        t.update();
        t.until_turn(cyril);
        while t.track(cyril).in_front < 3 {
            t.pass();
            t.until_turn(cyril);
        }
        let plan = ranged::plan(t.app.world_mut(), cyril_e, octavio_e, ShotKind::Normal).unwrap();
        // A miss (both dice of 2d8 under the TN) whose first unintended number is 1.
        let misses: Vec<u8> = cards()
            .iter()
            .filter(|c| {
                (1..=2).all(|r| {
                    matches!(c.cause(r, Die::D8), tarnation::rules::card::CauseCell::Value(v) if (v as i32 + plan.terms.direct()) < plan.terms.tn as i32 && v < 8)
                }) && c.unintended.first() == Some(&1)
            })
            .map(|c| c.number)
            .collect();
        t.stack_any(&misses);
        t.act(Action::Shoot {
            hero: cyril,
            target: octavio,
            kind: ShotKind::Normal,
        });
        let shot = &t.events("shot", "Cyril Wellington")[0];
        assert_eq!(shot.fields["hit"], false);
        assert!(shot.fields["unintended"].as_u64().unwrap() >= 1);
        let shattered = t
            .log()
            .of_kind("stray_hit")
            .find(|e| e.fields.get("object").is_some())
            .expect("the window is hit");
        assert_eq!(shattered.fields["object"], "saloon window");
        let mut covers = t.app.world_mut().query::<&tarnation::sim::model::Cover>();
        let window = covers
            .iter(t.app.world())
            .find(|c| c.name == "saloon window")
            .unwrap();
        assert_eq!(window.av, 0);
    }

    /// The computer fights: a street duel played by the computer ends with a side down.
    #[test]
    fn the_street_duel_is_fought_to_the_end() {
        let (level, gear) = level_file("street_duel.ron", |_| {});
        for seed in 1..=3 {
            let Played { end, log, .. } =
                run(level.clone(), gear.clone(), seed, cards(), 20).unwrap();
            let SimEnd::Decided(over) = end else {
                panic!("seed {seed}: {end:?}")
            };
            assert_eq!(over.why, "the last side standing");
            assert!(log.of_kind("shot").count() > 0);
            let last = log.events.last().unwrap();
            assert_eq!(last.kind, "battle_over");
        }
    }
}

mod hand_to_hand {
    use super::table::*;
    use tarnation::rules::card::{CauseCell, Location};
    use tarnation::rules::die::Die;
    use tarnation::rules::hexmap::hex_at;
    use tarnation::rules::melee::AttackType;
    use tarnation::sim::actions::melee;
    use tarnation::sim::model::{CloseCombat, Dominated, HexPos, Wounds};
    use tarnation::sim::run::{Played, SimEnd, run};

    /// A card whose best of `rows` cells in `die` is a plain result from `lo` to `hi` (no
    /// exceptional, no calamity), with a standard location that adds no damage bumps.
    fn card_best(rows: u32, die: Die, lo: u32, hi: u32) -> Vec<u8> {
        cards()
            .iter()
            .filter(|c| {
                let cells: Vec<CauseCell> = (1..=rows).map(|r| c.cause(r, die)).collect();
                let plain = cells
                    .iter()
                    .all(|cell| matches!(cell, CauseCell::Value(v) if *v < die.sides()));
                let best = cells.iter().map(|c| c.value()).max().unwrap_or(0);
                plain
                    && (lo..=hi).contains(&best)
                    && !matches!(c.standard_location(), Location::Head | Location::Vitals)
            })
            .map(|c| c.number)
            .collect()
    }

    /// Wait until `hero` declares with at least `ap` tokens in front, so the attack is paid
    /// and resolves at once on the card stacked next.
    fn with_tokens(t: &mut Table, hero: HeroId, ap: u32) {
        t.until_turn(hero);
        while t.track(hero).in_front < ap {
            t.pass();
            t.until_turn(hero);
        }
    }

    /// One plain (not careful) attack.
    fn plain_attack(hero: HeroId, target: HeroId, attack: AttackType) -> Action {
        Action::Melee {
            hero,
            target,
            attack,
            careful: false,
            times: 1,
        }
    }

    fn brawl(tweak: impl FnOnce(&mut tarnation::data::level::Level)) -> Table {
        let mut t = Table::new("saloon_brawl.ron", 70, |level| {
            for hero in &mut level.heroes {
                hero.ap = 12;
            }
            // Dave squares up to Hank, a pace away.
            level.heroes[2].at = (6, 4);
            tweak(level);
        });
        t.update();
        t
    }

    /// "Angus Laroq has taken down Hank with a successful hit, a quick attack. The damage for a
    /// quick attack is 5 + DB, which is 3. Hank has a size of 6, so he is dealt 8 Conc."
    #[test]
    fn angus_s_quick_attack_deals_8_conc() {
        let mut t = brawl(|level| {
            let angus = &mut level.heroes[2];
            angus.name = "Angus Laroq".into();
            angus.db = 3;
            angus.skills.insert("Brawling".into(), 4);
            angus
                .traits
                .insert("Strength".into(), TraitDef::Ranked(4, Die::D12));
            angus.weapons = vec!["Fists".into()];
            angus.at = (6, 4);
        });
        let angus = t.hero("Angus Laroq");
        let hank = t.hero("Hank Daggett");
        // Hank's defense: 4 + half of Brawling 3, rounded up: 6.
        assert_eq!(melee::defense(t.app.world(), t.e(hank)).0, 6);
        with_tokens(&mut t, angus, 2);
        t.stack_any(&card_best(4, Die::D12, 6, 9));
        let outcome = t.act(plain_attack(angus, hank, AttackType::Quick));
        assert!(
            matches!(outcome, Outcome::Melee { hit: true, .. }),
            "{outcome:?}"
        );
        let blow = &t.events("melee", "Angus Laroq")[0];
        assert_eq!(blow.fields["attack"], "quick attack");
        assert_eq!(
            (
                blow.fields["effect"].as_u64(),
                blow.fields["bumps"].as_u64()
            ),
            (Some(8), Some(0))
        );
        assert_eq!(
            (blow.fields["wounds"].as_u64(), blow.fields["conc"].as_u64()),
            (Some(0), Some(8))
        );
        let wounds = t.app.world().get::<Wounds>(t.e(hank)).unwrap();
        assert_eq!(wounds.body.conc, 8);
        assert_eq!(
            tarnation::rules::damage::conc_capacity(6) - wounds.body.conc,
            6,
            "6 Conc remaining"
        );
    }

    /// The Longhorn: Hank's bump pushes Dave toward the piano (partial dominance); Dave's
    /// bull rush bump cancels it; Clem attacks only for dominance.
    #[test]
    fn the_saloon_brawl_plays_out_dominance() {
        let mut t = brawl(|level| {
            level.heroes[3].at = (4, 4); // Clem behind Hank
            // A strong arm for Dave's bull rush, so one card can show its bump.
            level.heroes[2]
                .traits
                .insert("Strength".into(), TraitDef::Ranked(2, Die::D12));
        });
        let (hank, dave, clem) = (
            t.hero("Hank Daggett"),
            t.hero("Dave Perkins"),
            t.hero("Clem Perkins"),
        );
        let (hank_e, dave_e, clem_e) = (t.e(hank), t.e(dave), t.e(clem));
        // Dave, knife in hand, defends at 4 + half of Melee: Knife 2: 5. Hank's heavy attack
        // with one bump (9 or more) shoves him toward dominance.
        assert_eq!(melee::defense(t.app.world(), dave_e).0, 5);
        with_tokens(&mut t, hank, 5);
        t.stack_any(&card_best(3, Die::D10, 9, 9));
        t.act(plain_attack(hank, dave, AttackType::Heavy));
        let blow = &t.events("melee", "Hank Daggett")[0];
        assert_eq!(blow.fields["bumps"], 1);
        assert_eq!(blow.fields["reserved_bumps"], 1);
        assert_eq!(blow.fields["dominance"], "partial dominance");
        assert_eq!(t.app.world().get::<Dominated>(dave_e).unwrap().0, 1);
        assert!(blow.fields["shoved"].as_u64().unwrap() <= 2);
        // Dave's partial dominance: his defense is 1 lower.
        assert_eq!(melee::defense(t.app.world(), dave_e).0, 4);
        // Dave's bull rush with a bump cancels it (Hank defends at 6: 10 is one bump).
        with_tokens(&mut t, dave, 5);
        t.stack_any(&card_best(2, Die::D12, 10, 11));
        t.act(plain_attack(dave, hank, AttackType::Heavy));
        let rush = &t.events("melee", "Dave Perkins")[0];
        assert_eq!(rush.fields["bumps"], 1);
        assert_eq!(
            t.app.world().get::<Dominated>(dave_e).unwrap().0,
            0,
            "cancelled"
        );
        assert_eq!(t.app.world().get::<Dominated>(hank_e).unwrap().0, 0);
        // Clem steps up beside Hank (the shoves moved them) and attacks only for dominance:
        // a success is one bump toward it.
        let hank_at = t.app.world().get::<HexPos>(hank_e).unwrap().0;
        let taken = tarnation::sim::query::occupied_hexes(t.app.world_mut(), clem_e);
        let beside = hank_at
            .all_neighbors()
            .into_iter()
            .find(|n| {
                !taken.contains(n)
                    && t.app
                        .world()
                        .resource::<tarnation::sim::model::Battle>()
                        .map
                        .tile(*n)
                        .is_some_and(|tile| tile.terrain.passable())
            })
            .unwrap();
        t.app.world_mut().get_mut::<HexPos>(clem_e).unwrap().0 = beside;
        with_tokens(&mut t, clem, 3);
        t.stack_any(&card_best(2, Die::D8, 6, 7));
        t.act(plain_attack(clem, hank, AttackType::Grapple));
        let shove = &t.events("melee", "Clem Perkins")[0];
        assert_eq!(shove.fields["attack"], "grapple");
        assert_eq!(shove.fields["effect"], 0, "no damage, only dominance");
        let before = t.app.world().get::<Dominated>(hank_e).unwrap().0;
        assert!(shove.fields["hit"] == true);
        assert_eq!(
            shove.fields["dominance_after"][1].as_u64().unwrap() as u32,
            before
        );
        assert!(before >= 1, "Hank stumbles around the chair");
    }

    /// "A combatant that is under partial dominance requires a TN 3 + (half level of
    /// opponent) ... An escape costs 2 AP and is TN 5 + ... full dominance ... 3 AP ... 7 +".
    #[test]
    fn escapes_from_dominance() {
        let mut t = brawl(|_| {});
        let hank = t.e(t.hero("Hank Daggett"));
        // Breaking away: 1 AP for the attempt and 1 AP for the step away (Move 4, open floor).
        for (level, ap, tn) in [(1, 2, 4), (2, 2, 6), (3, 3, 8)] {
            t.app.world_mut().entity_mut(hank).insert(Dominated(level));
            // Dave's Brawling 2 and Clem's 2: half is 1.
            let plan = melee::escape_plan(t.app.world(), hank);
            if tarnation::sim::query::engaged_foes(t.app.world(), hank).is_empty() {
                assert!(plan.is_err());
                continue;
            }
            assert_eq!(plan.map(|p| (p.ap, p.tn)), Ok((ap, tn)));
        }
        // Under dominance, no moving until escaped.
        t.app.world_mut().entity_mut(hank).insert(Dominated(2));
        let why =
            tarnation::sim::actions::movement::engaged_move(t.app.world(), hank, hex_at(4, 4))
                .unwrap_err();
        assert!(why.to_string().contains("escape first"), "{why}");
    }

    /// Block (2 AP, "declare your intention before the attacker rolls"), dodge (3 AP, the
    /// attacker's pool takes the dodger's AD in downgrades, not after attacking).
    #[test]
    fn blocking_and_dodging() {
        let mut t = brawl(|_| {});
        let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
        let (hank_e, dave_e) = (t.e(hank), t.e(dave));
        let outcome = t.act(Action::Block { hero: dave });
        assert!(
            matches!(outcome, Outcome::Prepared { ap: 2, .. }),
            "{outcome:?}"
        );
        assert_eq!(t.app.world().get::<CloseCombat>(dave_e).unwrap().blocks, 1);
        with_tokens(&mut t, hank, 3);
        t.stack_any(&card_best(3, Die::D10, 6, 9));
        t.act(plain_attack(hank, dave, AttackType::Standard));
        let blow = &t.events("melee", "Hank Daggett")[0];
        assert!(
            !blow.fields["block"].is_null(),
            "the block met the attack: {blow:?}"
        );
        assert_eq!(t.app.world().get::<CloseCombat>(dave_e).unwrap().blocks, 0);
        // Dave dodges toward Hank: Hank's pool loses a die.
        let toward = melee::facing_toward(t.app.world(), dave_e, hank_e);
        t.act(Action::Dodge { hero: dave, toward });
        let plan = melee::plan(
            t.app.world_mut(),
            hank_e,
            dave_e,
            AttackType::Standard,
            false,
            1,
        )
        .unwrap();
        assert_eq!(plan.volley.rows, -1);
        // A dodger does not attack.
        let why = melee::plan(
            t.app.world_mut(),
            dave_e,
            hank_e,
            AttackType::Quick,
            false,
            1,
        )
        .unwrap_err();
        assert!(why.to_string().contains("dodging"), "{why}");
        // Careful: +2 AP, +1.
        let careful = melee::plan(
            t.app.world_mut(),
            hank_e,
            dave_e,
            AttackType::Standard,
            true,
            1,
        )
        .unwrap();
        assert_eq!(careful.ap, 5);
        assert!(
            careful.volley.attacks[0]
                .terms
                .modifiers
                .iter()
                .any(|m| m.name == "careful" && m.value == 1)
        );
        // Two attacks from one pool cost twice; three exceed nothing for Brawling 3.
        let twice = melee::plan(
            t.app.world_mut(),
            hank_e,
            dave_e,
            AttackType::Quick,
            false,
            2,
        )
        .unwrap();
        assert_eq!((twice.ap, twice.volley.limit), (4, 3));
    }

    /// "Maneuvering while remaining adjacent to their opponent ... costs 1 AP per hex" and
    /// moving away gives the foe a free attack; disengaging carefully costs 2 AP more.
    #[test]
    fn maneuvering_and_breaking_engagement() {
        let mut t = brawl(|level| {
            level.heroes[3].at = (11, 6); // Clem out of the way
        });
        let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
        let hank_e = t.e(hank);
        let at = t.app.world().get::<HexPos>(hank_e).unwrap().0;
        let dave_at = t.app.world().get::<HexPos>(t.e(dave)).unwrap().0;
        let beside = at
            .all_neighbors()
            .into_iter()
            .find(|n| n.unsigned_distance_to(dave_at) == 1 && *n != dave_at)
            .unwrap();
        assert_eq!(
            tarnation::sim::actions::movement::engaged_move(t.app.world(), hank_e, beside),
            Ok(Some(1))
        );
        let price = tarnation::sim::actions::price(
            t.app.world_mut(),
            &Action::Move {
                hero: hank,
                to: beside,
                gait: tarnation::rules::movement::Gait::Walk,
            },
        )
        .map(|p| p.ap);
        assert_eq!(price, Ok(1));
        let away = hex_at(2, 4);
        let walk = tarnation::sim::actions::price(
            t.app.world_mut(),
            &Action::Move {
                hero: hank,
                to: away,
                gait: tarnation::rules::movement::Gait::Walk,
            },
        )
        .unwrap()
        .ap;
        let careful = tarnation::sim::actions::price(
            t.app.world_mut(),
            &Action::Disengage {
                hero: hank,
                to: away,
            },
        )
        .unwrap()
        .ap;
        assert_eq!(careful, walk + 2);
        // Walking away: Dave gets his free attack if his track has the AP.
        with_tokens(&mut t, dave, 2);
        t.act(Action::Move {
            hero: hank,
            to: away,
            gait: tarnation::rules::movement::Gait::Walk,
        });
        assert_eq!(t.log().of_kind("free_attack").count(), 1);
        assert_eq!(t.events("melee", "Dave Perkins").len(), 1);
    }

    /// "Sharp weapons convert the attack to deadly, as well as increase the damage": Clem's
    /// broken bottle; a gun in hand is a small (pistol grip) or large (rifle butt) club.
    #[test]
    fn improvised_weapons() {
        let mut t = brawl(|level| {
            level.heroes[3].at = (4, 4);
            level.heroes[0].weapons = vec!["Winchester".into()];
        });
        let (hank, clem) = (t.e(t.hero("Hank Daggett")), t.e(t.hero("Clem Perkins")));
        let bottle = melee::plan(
            t.app.world_mut(),
            clem,
            hank,
            AttackType::Standard,
            false,
            1,
        )
        .unwrap();
        assert_eq!(
            bottle.improvised,
            Some(tarnation::rules::melee::Improvised::Sharp)
        );
        assert_eq!(
            bottle.volley.weapon.damage,
            tarnation::rules::damage::DamageType::Deadly
        );
        let close = bottle.volley.attacks[0].close.clone().unwrap();
        assert_eq!(close.bonus, 1 + 3, "DB 1 + the sharp weapon's 3");
        let butt = melee::plan(
            t.app.world_mut(),
            hank,
            clem,
            AttackType::Standard,
            false,
            1,
        )
        .unwrap();
        assert_eq!(
            butt.improvised,
            Some(tarnation::rules::melee::Improvised::Large)
        );
        assert_eq!(butt.volley.attacks[0].close.clone().unwrap().bonus, 2 + 4);
        assert_eq!(
            butt.volley.weapon.damage,
            tarnation::rules::damage::DamageType::Impact
        );
    }

    /// "Optional Rule: Weapon Length. The longer weapon has the advantage at the beginning of
    /// any combat ... This advantage switches if the combatant with the shorter weapon is able
    /// to successfully attack the torso or head of the wielder of the longer weapon."
    #[test]
    fn weapon_length_switches_when_the_fists_get_inside() {
        let mut t = brawl(|level| {
            level.heroes[3].at = (11, 6); // Clem out of it
        });
        let (hank, dave) = (t.hero("Hank Daggett"), t.hero("Dave Perkins"));
        let (hank_e, dave_e) = (t.e(hank), t.e(dave));
        // Dave: knife (reach 1) and armed against fists: 1 + 1; Hank: nothing.
        assert_eq!(melee::advantage(t.app.world_mut(), dave_e, hank_e), (2, 0));
        with_tokens(&mut t, hank, 3);
        let torso_hits: Vec<u8> = card_best(3, Die::D10, 5, 8)
            .into_iter()
            .filter(|&n| cards()[n as usize].standard_location().is_torso())
            .collect();
        t.stack_any(&torso_hits);
        t.act(plain_attack(hank, dave, AttackType::Standard));
        let blow = &t.events("melee", "Hank Daggett")[0];
        assert_eq!(blow.fields["hit"], true);
        assert!(
            t.app
                .world()
                .get::<tarnation::sim::model::Closed>(hank_e)
                .is_some_and(|c| c.0.contains(&dave_e))
        );
        // Inside the knife: the reach is Hank's now (Dave keeps armed-against-unarmed).
        if !t
            .app
            .world()
            .get::<tarnation::sim::model::Down>(dave_e)
            .unwrap()
            .0
        {
            assert_eq!(melee::advantage(t.app.world_mut(), dave_e, hank_e), (1, 1));
        }
        // Without the option, reach counts for nothing.
        let mut off = Table::new("saloon_brawl.ron", 70, |level| {
            level.weapon_length = false;
            level.heroes[2].at = (6, 4);
        });
        let (hank, dave) = (
            off.e(off.hero("Hank Daggett")),
            off.e(off.hero("Dave Perkins")),
        );
        assert_eq!(melee::advantage(off.app.world_mut(), dave, hank), (1, 0));
    }

    #[test]
    fn the_brawl_is_fought_to_the_end_headless() {
        let (level, gear) = level_file("saloon_brawl.ron", |_| {});
        for seed in 1..=3 {
            let Played { end, log, .. } =
                run(level.clone(), gear.clone(), seed, cards(), 30).unwrap();
            assert!(matches!(end, SimEnd::Decided(_)), "seed {seed}: {end:?}");
            let blows: Vec<_> = log.of_kind("melee").collect();
            assert!(!blows.is_empty());
            for b in blows {
                let json = b.json();
                for key in [
                    "attack",
                    "tn",
                    "result",
                    "bumps",
                    "dominance",
                    "location",
                    "damage",
                ] {
                    assert!(json.get(key).is_some(), "{key} missing in {json}");
                }
            }
        }
    }
}

#[path = "game/journal.rs"]
mod journal;

#[path = "game/systems.rs"]
mod systems;

#[path = "game/traits.rs"]
mod traits;

#[path = "game/ranged_book.rs"]
mod ranged_book;

#[path = "game/melee_book.rs"]
mod melee_book;

#[path = "game/saves.rs"]
mod saves;

#[path = "game/bumps.rs"]
mod bumps;

#[path = "game/soak.rs"]
mod soak;

#[path = "game/props.rs"]
mod props;

#[path = "game/bonus.rs"]
mod bonus;

#[path = "game/missing_rules.rs"]
mod missing_rules;

#[path = "game/rushing.rs"]
mod rushing;

#[path = "game/contests.rs"]
mod contests;

#[path = "game/pinned.rs"]
mod pinned;

#[path = "game/schedules.rs"]
mod schedules;

#[path = "game/events.rs"]
mod events;

#[path = "game/computer.rs"]
mod computer;

#[path = "game/counters.rs"]
mod counters;
