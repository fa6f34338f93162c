//! Templates that extend others (`extends = "card"`): a template's layers are those of the template it extends, then its own, each replacing the one with its `id`; unknown names and cycles are reported once, at `extends`.

use toml::Spanned;

use super::schema::{LayerTable, TemplatesTable};
use crate::model::context::resolver::Resolver;
use crate::model::input::suggest::closest;

/// Most templates one chain of `extends` passes through.
pub const MAX_EXTENDS: usize = 32;

/// A face's layer tables in drawing order, each with how messages name it.
pub type LabelledLayers<'t> = Vec<(&'t Spanned<LayerTable>, String)>;

/// Reports every `extends` that names no template, or leads back to its own template.
pub fn check_extends(r: &mut Resolver<'_>, templates: Option<&TemplatesTable>) {
    let Some(templates) = templates else { return };
    for (name, template) in templates {
        let Some(base) = &template.get_ref().extends else { continue };
        let mut chain = vec![name.as_str()];
        let mut next = Some(base);
        while let Some(base) = next {
            let wanted = base.get_ref().trim();
            let Some(found) = templates.get_key_value(wanted) else {
                // Reported where it is written, by the template that writes it.
                if chain.len() == 1 {
                    let known: Vec<&str> = templates.keys().map(String::as_str).collect();
                    let help = closest(wanted, known.iter().copied()).map_or_else(
                        || format!("extend one of {}", known.join(", ")),
                        |near| format!("did you mean `{near}`?"),
                    );
                    r.error(
                        &base.span(),
                        format!("[faces.{name}] extends `{wanted}`, which is not a template"),
                        &help,
                    );
                }
                break;
            };
            if chain.contains(&found.0.as_str()) || chain.len() > MAX_EXTENDS {
                if found.0 == name {
                    chain.push(found.0.as_str());
                    r.error(
                        &template.get_ref().extends.as_ref().map_or(0..0, Spanned::span),
                        format!("[faces.{name}] extends itself: {}", chain.join(" → ")),
                        "let one template of the chain extend none",
                    );
                }
                break;
            }
            chain.push(found.0.as_str());
            next = found.1.get_ref().extends.as_ref();
        }
    }
}

/// The layers of template `name` added to `layers`: those it extends first, then its own,
/// each replacing the layer with its `id`. Unknown names and cycles (reported by
/// [`check_extends`]) end the chain.
pub fn template_layers<'t>(
    templates: &'t TemplatesTable,
    name: &str,
    chain: &mut Vec<String>,
    layers: &mut LabelledLayers<'t>,
) {
    let Some(template) = templates.get(name) else { return };
    if chain.iter().any(|seen| seen == name) || chain.len() > MAX_EXTENDS {
        return;
    }
    chain.push(name.to_string());
    if let Some(base) = &template.get_ref().extends {
        template_layers(templates, base.get_ref().trim(), chain, layers);
    }
    for (index, layer) in template.get_ref().layers.iter().enumerate() {
        replace_or_push(layers, layer, format!("layer {} of [faces.{name}]", index + 1));
    }
}

/// Adds `layer` to `layers`, in the place of the layer with its `id` when there is one.
pub fn replace_or_push<'t>(
    layers: &mut LabelledLayers<'t>,
    layer: &'t Spanned<LayerTable>,
    label: String,
) {
    let id = layer.get_ref().id.as_ref().map(|i| i.get_ref().trim());
    let replaced = id.and_then(|id| {
        layers.iter().position(|(t, _)| {
            t.get_ref().id.as_ref().is_some_and(|own| own.get_ref().trim() == id)
        })
    });
    match replaced {
        Some(at) => layers[at] = (layer, label),
        None => layers.push((layer, label)),
    }
}
