//! The portraits a hero's token may wear on the map (issue 24): icons from game-icons.net
//! (`assets/icons/`, credited in `assets/CREDITS.md`). A level names one with a hero's
//! `portrait`; without, the hero wears the icon of its first weapon. Drawing only: no rule
//! reads it.

/// Every portrait there is, by name.
pub const PORTRAITS: &[&str] = &[
    "revolver",
    "winchester-rifle",
    "shotgun",
    "chaingun",
    "thrown-knife",
    "dynamite",
    "bowie-knife",
    "whip",
    "lasso",
    "fist",
    "cooking-pot",
    "wooden-chair",
    "broken-bottle",
    "horse-head",
    "person",
];

/// The icon of a weapon, by the words of its name in the gear file; `person` for one the
/// list does not know.
pub fn for_weapon(weapon: &str) -> &'static str {
    let w = weapon.to_lowercase();
    let by_words: &[(&str, &str)] = &[
        ("shotgun", "shotgun"),
        ("winchester", "winchester-rifle"),
        ("gatling", "chaingun"),
        ("rifle", "winchester-rifle"),
        ("throwing knife", "thrown-knife"),
        ("knife", "bowie-knife"),
        ("dynamite", "dynamite"),
        ("whip", "whip"),
        ("lasso", "lasso"),
        ("fist", "fist"),
        ("skillet", "cooking-pot"),
        ("chair", "wooden-chair"),
        ("bottle", "broken-bottle"),
        ("peacemaker", "revolver"),
        ("schofield", "revolver"),
        ("colt", "revolver"),
        ("pistol", "revolver"),
        ("revolver", "revolver"),
    ];
    by_words
        .iter()
        .find(|(words, _)| w.contains(words))
        .map_or("person", |(_, icon)| icon)
}

/// The portrait a hero wears: the level's choice, else its first weapon's icon.
pub fn of_hero(portrait: Option<&str>, weapons: &[String]) -> &'static str {
    portrait
        .and_then(|p| PORTRAITS.iter().find(|n| **n == p).copied())
        .unwrap_or_else(|| weapons.first().map_or("person", |w| for_weapon(w)))
}

/// The portrait of the level's hero of that name (`person` for a name the level lacks).
pub fn of_level_hero(level: &crate::data::level::Level, name: &str) -> &'static str {
    level
        .heroes
        .iter()
        .find(|h| h.name == name)
        .map_or("person", |h| of_hero(h.portrait.as_deref(), &h.weapons))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_weapon_of_the_gear_file_has_an_icon_of_its_own_kind() {
        assert_eq!(for_weapon("Peacemaker"), "revolver");
        assert_eq!(for_weapon("Sharps rifle"), "winchester-rifle");
        assert_eq!(for_weapon("Winchester"), "winchester-rifle");
        assert_eq!(for_weapon("Hammerless shotgun"), "shotgun");
        assert_eq!(for_weapon("Gatling gun"), "chaingun");
        assert_eq!(for_weapon("Throwing knife"), "thrown-knife");
        assert_eq!(for_weapon("Bowie knife"), "bowie-knife");
        assert_eq!(for_weapon("Iron skillet"), "cooking-pot");
        assert_eq!(for_weapon("Something else"), "person");
        let gear = crate::data::gear::load(
            &crate::data::paths::find("assets/gear.ron").expect("the gear file"),
        )
        .expect("the gear file");
        for w in &gear.weapons {
            assert_ne!(for_weapon(&w.name), "person", "{} has no icon", w.name);
            assert!(PORTRAITS.contains(&for_weapon(&w.name)));
        }
    }

    #[test]
    fn a_level_s_portrait_wins_over_the_first_weapon() {
        let weapons = vec!["Winchester".to_string()];
        assert_eq!(of_hero(None, &weapons), "winchester-rifle");
        assert_eq!(of_hero(Some("lasso"), &weapons), "lasso");
        assert_eq!(of_hero(None, &[]), "person");
    }
}
