//! Where words over the map stand: the tests.

/// New words over the map stand clear of a goal's words there (a play-test read "Marshal
/// Tate passes, 8 AP left" over "Out of Red Rock (Laroq gang): carry the loot here").
#[test]
fn new_words_go_clear_of_a_goal_s_words() {
    use super::{Cameras, MapView, Room, Shown, StaysInView};
    use bevy::ecs::system::RunSystemOnce;
    use bevy::prelude::*;
    let mut world = World::new();
    let goal = Rect::from_center_half_size(Vec2::new(0.0, 34.0), Vec2::new(150.0, 10.0));
    world.spawn((
        Transform::from_xyz(0.0, 34.0, 5.5),
        StaysInView {
            x: 0.0,
            half: 150.0,
        },
    ));
    let said = |mut commands: Commands, shown: Shown, cameras: Cameras, view: MapView| {
        let mut room = Room::now(&shown, &cameras, &view, []);
        let words = "Marshal Tate passes, 8 AP left".to_string();
        room.say(
            &mut commands,
            words,
            (Vec2::ZERO, 34.0),
            (Color::WHITE, 1.0),
        )
    };
    let words = world.run_system_once(said).unwrap();
    let at = world
        .get::<Transform>(words)
        .unwrap()
        .translation
        .truncate();
    let room = super::room_of("Marshal Tate passes, 8 AP left", at, 1.0);
    assert!(room.intersect(goal).is_empty(), "{room:?} over {goal:?}");
}

/// A stack fee's words go with the runner's token as it glides, their own rise kept.
#[test]
fn words_following_a_token_move_with_it() {
    use super::{FollowsToken, follow_tokens};
    use bevy::ecs::system::RunSystemOnce;
    use bevy::prelude::*;
    let mut world = World::new();
    let token = world.spawn(Transform::from_xyz(10.0, 20.0, 3.0)).id();
    let words = world
        .spawn((
            Transform::from_xyz(10.0, 54.0, 7.0),
            FollowsToken {
                token,
                last: Vec2::new(10.0, 20.0),
            },
            super::InView {
                centre: Vec2::new(10.0, 54.0),
                half: 40.0,
            },
        ))
        .id();
    world.get_mut::<Transform>(token).unwrap().translation = Vec3::new(60.0, -5.0, 3.0);
    // The words rose 2 units meanwhile.
    world.get_mut::<Transform>(words).unwrap().translation.y += 2.0;
    world.run_system_once(follow_tokens).unwrap();
    let at = world.get::<Transform>(words).unwrap().translation;
    assert_eq!(at, Vec3::new(60.0, 31.0, 7.0));
    // The token still: the words stay.
    world.run_system_once(follow_tokens).unwrap();
    assert_eq!(world.get::<Transform>(words).unwrap().translation, at);
    assert_eq!(
        world.get::<super::InView>(words).unwrap().centre,
        Vec2::new(60.0, 29.0),
        "the middle of the words went with them"
    );
    // Followed to the map's edge, they stop where they still stand whole.
    let view = Some(Rect::new(0.0, 0.0, 100.0, 100.0));
    assert_eq!(
        super::kept_in(view, Vec2::new(95.0, 50.0), 20.0),
        Vec2::new(80.0, 50.0)
    );
    assert_eq!(
        super::kept_in(view, Vec2::new(5.0, 50.0), 20.0),
        Vec2::new(20.0, 50.0)
    );
    assert_eq!(
        super::kept_in(view, Vec2::new(50.0, 50.0), 20.0),
        Vec2::new(50.0, 50.0)
    );
    assert_eq!(
        super::kept_in(None, Vec2::new(95.0, 50.0), 20.0),
        Vec2::new(95.0, 50.0)
    );
}

#[test]
fn words_at_the_map_s_edge_move_in_to_stand_whole() {
    use bevy::prelude::{Rect, Vec2};
    let view = Some(Rect::new(-400.0, -200.0, 400.0, 200.0));
    // 20 letters at 1.5 times: 240 units wide, 120 each side of the middle, kept 12 %
    // and 9 units (6 at 1.5 times) further in: 143.4.
    let words = "x".repeat(20);
    let at = super::inside(Vec2::new(-390.0, 50.0), &words, 1.5, view);
    assert!((at - Vec2::new(-256.6, 50.0)).length() < 1e-3, "{at}");
    let at = super::inside(Vec2::new(390.0, 50.0), &words, 1.5, view);
    assert!((at - Vec2::new(256.6, 50.0)).length() < 1e-3, "{at}");
    // Inside already: it stays; no view: it stays; wider than the view: in its middle.
    assert_eq!(
        super::inside(Vec2::new(10.0, 5.0), &words, 1.5, view),
        Vec2::new(10.0, 5.0)
    );
    assert_eq!(
        super::inside(Vec2::new(-390.0, 5.0), &words, 1.5, None).x,
        -390.0
    );
    let wide = "x".repeat(100);
    assert_eq!(
        super::inside(Vec2::new(-390.0, 5.0), &wide, 1.5, view).x,
        0.0
    );
    // At the view's top (under the counters' box) or foot: down or up to stand whole; one
    // line at 1.5 times is 30 units high.
    assert_eq!(
        super::inside(Vec2::new(0.0, 195.0), &words, 1.5, view),
        Vec2::new(0.0, 185.0)
    );
    assert_eq!(
        super::inside(Vec2::new(0.0, -199.0), &words, 1.5, view),
        Vec2::new(0.0, -185.0)
    );
}

/// Words that land together never cover each other: three two-line hits at one figure
/// go above and below it by turns, the first where it was wanted; a neighbour's wide words, a hex
/// over, step above the ones they would reach; words far away stay where they are wanted.
#[test]
fn words_landing_together_stack_without_covering_each_other() {
    use bevy::prelude::Vec2;
    let mut taken = Vec::new();
    let over = Vec2::new(0.0, 30.0);
    let two_lines = "belly (torso), 7 Conc\nUNCONSCIOUS";
    let mut placed = Vec::new();
    for _ in 0..3 {
        let at = super::free_spot(&mut taken, two_lines, over, 1.0);
        placed.push(super::room_of(two_lines, at, 1.0));
    }
    let neighbour = "left leg: 1 wound, 3 Conc";
    let at = super::free_spot(&mut taken, neighbour, Vec2::new(52.0, 30.0), 1.0);
    placed.push(super::room_of(neighbour, at, 1.0));
    let far = super::free_spot(&mut taken, "miss", Vec2::new(600.0, 30.0), 1.0);
    assert_eq!(far, Vec2::new(600.0, 30.0));
    assert_eq!(
        placed[0].center(),
        over,
        "the first goes where it is wanted"
    );
    for (i, a) in placed.iter().enumerate() {
        for b in &placed[i + 1..] {
            assert!(a.intersect(*b).is_empty(), "{a:?} covers {b:?}");
        }
    }
    // The second stacks just above the first (two lines of 20 and a gap of 2), the third
    // goes under the figure (68 below where it was wanted), nearer than a second row up.
    assert_eq!(placed[1].center().y, 30.0 + 40.0 + 2.0);
    assert_eq!(placed[2].center().y, 30.0 - 68.0);
    // At twice the size (the map zoomed out), twice the room.
    let mut taken = Vec::new();
    super::free_spot(&mut taken, "miss", over, 2.0);
    let second = super::free_spot(&mut taken, "miss", over, 2.0);
    assert_eq!(second.y, 30.0 + 40.0 + 4.0);
}

/// Words over a figure stand clear of the tokens beside it as of other words (a play-test
/// saw a brawl's hits piled over the neighbours' tokens); in a crowd with no room within
/// three hexes they stand clear of the words only.
#[test]
fn words_go_past_the_tokens_beside_their_figure() {
    use bevy::prelude::{Rect, Vec2};
    let token = |x: f32, y: f32| Rect::from_center_half_size(Vec2::new(x, y), Vec2::splat(25.0));
    let words = "Dave Perkins, left arm: 2 wounds";
    let wanted = Vec2::new(0.0, 30.0);
    // A neighbour to the north-east, its token reached by the long words: they go above it.
    let mut taken = Vec::new();
    let ne = token(45.0, 26.0);
    let at = super::clear_of_tokens(&mut taken, [ne].into_iter(), words, wanted, 1.0);
    assert!(
        super::room_of(words, at, 1.0).intersect(ne).is_empty(),
        "{at:?}"
    );
    assert_eq!(at, Vec2::new(0.0, 26.0 + 25.0 + 10.0 + 2.0));
    assert_eq!(taken.len(), 1, "the words' room is kept, the token's not");
    // Nothing in the way: where it was wanted.
    let mut taken = Vec::new();
    let far = token(400.0, 0.0);
    let at = super::clear_of_tokens(&mut taken, [far].into_iter(), words, wanted, 1.0);
    assert_eq!(at, wanted);
    // A column of tokens above and below: no room within two hexes, so over a token.
    let mut taken = Vec::new();
    let column: Vec<Rect> = (-6..=6)
        .filter(|&i| i != 0)
        .map(|i| token(45.0, 52.0 * i as f32))
        .chain([ne])
        .collect();
    let at = super::clear_of_tokens(&mut taken, column.into_iter(), words, wanted, 1.0);
    assert_eq!(at, wanted);
}
