//! A text layer's drawing: its glyph outlines in the text's colour, then its inline icons in
//! the boxes the layout gave them (an image in its own colours, stored once as a symbol; a
//! shape in its colour or the text's).

use kurbo::Affine;

use super::shapes::shape_items;
use crate::model::face::inline_icons::IconArt;
use crate::model::face::{ShapeLayer, TextLayer};
use crate::scene::{Group, Item, Shape, Use};

/// What a text layer draws, in its own frame.
pub fn text_items(text: &TextLayer) -> Vec<Item> {
    let laid = text.laid();
    let mut items = vec![Item::Shape(Shape::filled(laid.path, text.colour))];
    for (name, rect) in &laid.icons {
        match text.icons.icons.get(name) {
            Some(IconArt::Image(image)) if image.height > 0.0 => {
                let scale = rect.height() / image.height;
                let transform = Affine::translate((rect.x0, rect.y0)) * Affine::scale(scale);
                items.push(Item::Use(Use { symbol: image.symbol.clone(), transform }));
            }
            Some(IconArt::Shape { figure, colour }) => {
                let shape = ShapeLayer {
                    figure: *figure,
                    width_mm: rect.width(),
                    height_mm: rect.height(),
                    fill: Some(colour.unwrap_or(text.colour)),
                    stroke: None,
                    hatched: false,
                };
                let transform = Affine::translate(rect.center().to_vec2());
                items.push(Item::Group(Group { transform, items: shape_items(&shape) }));
            }
            _ => {}
        }
    }
    items
}
