//! Headless ECS tests: the game's plugins without a window.

#![cfg(feature = "ecs")]

use bevy::prelude::*;
use tarnation::game::deck::{CardDrawn, CardOnTable, DeckPlugin, DrawCard};
use tarnation::rules::deck::Deck;

fn app(seed: u64) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, DeckPlugin { seed }));
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
