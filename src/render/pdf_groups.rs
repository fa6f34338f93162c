//! Translucent items in the PDF: each is drawn into a transparency group form XObject of its
//! own (in page points, its box the page), which the page paints under an ExtGState whose
//! fill and stroke alpha are the opacity — the group is blended as one picture, so the items
//! inside do not show through each other, as in an SVG group with `opacity`.

use std::collections::{BTreeMap, BTreeSet};

use printpdf::{
    DictItem, ExtendedGraphicsState, ExtendedGraphicsStateId, ExternalStream, ExternalXObject,
    XObject, XObjectId,
};

use crate::scene::opacity_steps;

/// Thousandths an opacity is written in (as the SVG writes it, to 3 decimals).
const ALPHA_STEPS: u16 = 1000;

/// A translucent item's drawing: its content stream in page points and the page's box.
#[derive(Debug)]
pub struct GroupForm {
    pub name: XObjectId,
    pub content: Vec<u8>,
    pub bbox: [f32; 4],
}

/// What a page's translucent items need besides its content: their group forms and the
/// alphas they are painted with (in thousandths).
#[derive(Debug, Default)]
pub struct Translucency {
    pub forms: Vec<GroupForm>,
    pub alphas: BTreeSet<u16>,
}

/// The resource name of the `index`-th group form (from 0) of page `page` (from 0).
pub fn group_xobject_id(page: usize, index: usize) -> XObjectId {
    XObjectId(format!("group-{}-{}", page + 1, index + 1))
}

/// An opacity (0 to 1) in thousandths, as drawn (`scene::opacity_steps`).
pub fn alpha_steps(opacity: f64) -> u16 {
    opacity_steps(opacity, ALPHA_STEPS)
}

/// The resource name of the ExtGState painting with `steps` thousandths of alpha.
pub fn alpha_name(steps: u16) -> String {
    format!("alpha-{steps}")
}

/// One ExtGState per alpha, fill (`ca`) and stroke (`CA`) alike.
pub fn alpha_states(
    alphas: &BTreeSet<u16>,
) -> BTreeMap<ExtendedGraphicsStateId, ExtendedGraphicsState> {
    alphas
        .iter()
        .map(|&steps| {
            let alpha = (f64::from(steps) / f64::from(ALPHA_STEPS)) as f32;
            let state = ExtendedGraphicsState::default()
                .with_current_fill_alpha(alpha)
                .with_current_stroke_alpha(alpha);
            (ExtendedGraphicsStateId(alpha_name(steps)), state)
        })
        .collect()
}

/// The group forms as form XObjects with a transparency group, by resource name.
pub fn group_xobjects(forms: Vec<GroupForm>) -> BTreeMap<XObjectId, XObject> {
    forms
        .into_iter()
        .map(|form| {
            let group =
                BTreeMap::from([("S".to_string(), DictItem::Name(b"Transparency".to_vec()))]);
            let bbox = form.bbox.map(DictItem::Real).to_vec();
            let dict = BTreeMap::from([
                ("Type".to_string(), DictItem::Name(b"XObject".to_vec())),
                ("Subtype".to_string(), DictItem::Name(b"Form".to_vec())),
                ("BBox".to_string(), DictItem::Array(bbox)),
                ("Group".to_string(), DictItem::Dict { map: group }),
            ]);
            let stream = ExternalStream { dict, content: form.content, compress: true };
            let xobject = ExternalXObject { stream, width: None, height: None, dpi: None };
            (form.name, XObject::External(xobject))
        })
        .collect()
}

/// Gives every group form of the saved document the pages' resources: it draws symbols,
/// bitmaps, alphas and the group forms nested in it by the names the pages use.
pub fn share_page_resources(lo: &mut lopdf::Document, page: lopdf::ObjectId) {
    let Ok(resources) = lo.get_dictionary(page).and_then(|page| page.get(b"Resources")) else {
        return;
    };
    let resources = match resources.as_reference() {
        Ok(id) => lo.get_dictionary(id).cloned(),
        Err(_) => resources.as_dict().cloned(),
    };
    let Ok(resources) = resources else { return };
    let (Ok(xobjects), Ok(states)) = (resources.get(b"XObject"), resources.get(b"ExtGState"))
    else {
        return;
    };
    let Ok(all) = xobjects.as_reference().and_then(|id| lo.get_dictionary(id)) else { return };
    let groups: Vec<lopdf::ObjectId> = all
        .iter()
        .filter(|(name, _)| name.starts_with(b"group-"))
        .filter_map(|(_, form)| form.as_reference().ok())
        .collect();
    let shared = lopdf::Dictionary::from_iter([
        ("XObject", xobjects.clone()),
        ("ExtGState", states.clone()),
    ]);
    for id in groups {
        if let Ok(form) = lo.get_object_mut(id).and_then(|form| form.as_stream_mut()) {
            form.dict.set("Resources", shared.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alphas_are_named_in_thousandths_and_set_fill_and_stroke_alike() {
        assert_eq!(alpha_steps(0.35), 350);
        assert_eq!(alpha_steps(1.7), 1000);
        assert_eq!(alpha_steps(f64::NAN), 1000, "drawn as it is, as the SVG and PNG draw it");
        assert_eq!(alpha_name(alpha_steps(0.05)), "alpha-50");
        let states = alpha_states(&BTreeSet::from([350]));
        let dict = printpdf::graphics::extgstate_to_dict(
            &states[&ExtendedGraphicsStateId("alpha-350".into())],
        );
        assert_eq!(dict.get(b"ca").unwrap().as_float().unwrap(), 0.35);
        assert_eq!(dict.get(b"CA").unwrap().as_float().unwrap(), 0.35);
    }
}
