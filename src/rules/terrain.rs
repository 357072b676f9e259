//! Terrain of a hex (one pace across), as the Movement AP table names it.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Terrain {
    Open,
    Rough,
    GentleGrade,
    SteepGrade,
    Water,
    /// Wall or anything else no one walks through.
    Wall,
    Ladder,
    Stairs,
    CliffFace,
}

impl Terrain {
    pub const ALL: [Terrain; 9] = [
        Terrain::Open,
        Terrain::Rough,
        Terrain::GentleGrade,
        Terrain::SteepGrade,
        Terrain::Water,
        Terrain::Wall,
        Terrain::Ladder,
        Terrain::Stairs,
        Terrain::CliffFace,
    ];

    /// The character that stands for this terrain in a level's map rows.
    pub fn symbol(self) -> char {
        match self {
            Terrain::Open => '.',
            Terrain::Rough => ',',
            Terrain::GentleGrade => '/',
            Terrain::SteepGrade => '^',
            Terrain::Water => '~',
            Terrain::Wall => '#',
            Terrain::Ladder => 'H',
            Terrain::Stairs => '=',
            Terrain::CliffFace => '|',
        }
    }

    pub fn from_symbol(c: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.symbol() == c)
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open ground",
            Terrain::Rough => "rough ground",
            Terrain::GentleGrade => "gentle grade",
            Terrain::SteepGrade => "steep grade",
            Terrain::Water => "water",
            Terrain::Wall => "wall",
            Terrain::Ladder => "ladder",
            Terrain::Stairs => "stairs",
            Terrain::CliffFace => "cliff face",
        }
    }

    pub fn passable(self) -> bool {
        self != Terrain::Wall
    }
}

/// Cover material and its Armor Value ("Cover Penetration").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Material {
    Glass,
    ThinWood,
    Hardwood,
    Adobe,
    ThinIron,
    ThickIron,
}

impl Material {
    pub const ALL: [Material; 6] = [
        Material::Glass,
        Material::ThinWood,
        Material::Hardwood,
        Material::Adobe,
        Material::ThinIron,
        Material::ThickIron,
    ];

    pub fn armor_value(self) -> u32 {
        match self {
            Material::Glass => 1,
            Material::ThinWood => 2,
            Material::Hardwood => 3,
            Material::Adobe | Material::ThinIron => 4,
            Material::ThickIron => 5,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Material::Glass => "glass",
            Material::ThinWood => "thin wood",
            Material::Hardwood => "hardwood",
            Material::Adobe => "adobe",
            Material::ThinIron => "thin iron plating",
            Material::ThickIron => "thick iron",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip_and_armor_values_follow_the_table() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_symbol(t.symbol()), Some(t));
        }
        let av: Vec<u32> = [
            Material::Glass,
            Material::ThinWood,
            Material::Hardwood,
            Material::Adobe,
            Material::ThickIron,
        ]
        .map(Material::armor_value)
        .to_vec();
        assert_eq!(av, vec![1, 2, 3, 4, 5]);
    }
}
