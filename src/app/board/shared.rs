//! One mesh a shape and one material a colour, shared by every part drawn with them: the
//! renderer batches them (software rendering drew a street of 100 things 25 ms a frame slower
//! with a mesh and a material each).

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use std::collections::HashMap;

/// The meshes and materials made so far, by shape and by colour.
#[derive(Default)]
pub struct Shared {
    shapes: HashMap<String, Handle<Mesh>>,
    paints: HashMap<String, Handle<ColorMaterial>>,
}

impl Shared {
    /// The mesh of this shape, made once.
    pub fn mesh(&mut self, meshes: &mut Assets<Mesh>, mesh: Mesh) -> Handle<Mesh> {
        self.shapes
            .entry(format!("{:?}", mesh.attribute(Mesh::ATTRIBUTE_POSITION)))
            .or_insert_with(|| meshes.add(mesh))
            .clone()
    }

    /// The material of this colour, made once.
    pub fn paint(
        &mut self,
        materials: &mut Assets<ColorMaterial>,
        colour: Color,
    ) -> Handle<ColorMaterial> {
        self.paints
            .entry(format!("{colour:?}"))
            .or_insert_with(|| materials.add(colour))
            .clone()
    }
}

/// A flat mesh of triangles: corners (x, y) and, three at a time, the corners of each triangle.
pub fn triangles(corners: Vec<[f32; 3]>, indices: Vec<u32>) -> Mesh {
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, corners)
    .with_inserted_indices(Indices::U32(indices))
}
