//! A PDF made PDF/X for a print shop: its output intent (the CMYK profile embedded, its
//! output condition named), the version it claims (in the Info dictionary for X-1a, in XMP
//! metadata for X-4), `/Trapped`, and a TrimBox and BleedBox on every page.

use lopdf::{Dictionary, Object, Stream, StringFormat};

use crate::model::print::pdf_x::{PdfX, PdfXOutput};

/// The PDF version a PDF/X file is written as: PDF/X-1a:2003 is built on PDF 1.4 (and so
/// has no optional content), PDF/X-4 allows up to 1.6.
pub fn pdf_version(version: PdfX) -> &'static str {
    match version {
        PdfX::X1a => "1.4",
        PdfX::X4 => "1.5",
    }
}

/// Makes `lo` the PDF/X `pdf_x`; `title` is the document's, `fingerprint` 32 hex digits
/// of its content (the XMP document ID of an X-4 file).
pub fn make_pdf_x(lo: &mut lopdf::Document, pdf_x: PdfXOutput<'_>, title: &str, fingerprint: &str) {
    lo.version = pdf_version(pdf_x.version).to_string();
    for page in lo.get_pages().into_values() {
        if let Ok(page) = lo.get_object_mut(page).and_then(Object::as_dict_mut) {
            every_page_boxed(page);
        }
    }
    let condition = || Object::string_literal(pdf_x.profile.description.as_str());
    let profile = Stream::new(
        Dictionary::from_iter([("N", Object::Integer(4))]),
        pdf_x.profile.bytes.clone(),
    );
    let profile = lo.add_object(profile);
    let intent = Dictionary::from_iter([
        ("Type", Object::Name(b"OutputIntent".to_vec())),
        ("S", Object::Name(b"GTS_PDFX".to_vec())),
        ("OutputConditionIdentifier", condition()),
        ("OutputCondition", condition()),
        ("RegistryName", Object::string_literal("http://www.color.org")),
        ("Info", condition()),
        ("DestOutputProfile", Object::Reference(profile)),
    ]);
    let metadata = (pdf_x.version == PdfX::X4).then(|| {
        let mut stream = Stream::new(
            Dictionary::from_iter([
                ("Type", Object::Name(b"Metadata".to_vec())),
                ("Subtype", Object::Name(b"XML".to_vec())),
            ]),
            xmp(pdf_x.version, title, fingerprint).into_bytes(),
        );
        // Left readable, as PDF/X and PDF/A readers expect metadata.
        stream.allows_compression = false;
        lo.add_object(stream)
    });
    if let Ok(catalog) = lo.catalog_mut() {
        catalog.set("OutputIntents", Object::Array(vec![Object::Dictionary(intent)]));
        if let Some(metadata) = metadata {
            catalog.set("Metadata", Object::Reference(metadata));
        }
        // PDF/X-4 asks every optional content configuration for a name.
        if let Ok(layers) = catalog.get_mut(b"OCProperties").and_then(Object::as_dict_mut)
            && let Ok(default) = layers.get_mut(b"D").and_then(Object::as_dict_mut)
        {
            default.set("Name", Object::string_literal("Layers"));
        }
    }
    if let Ok(info) = lo.trailer.get(b"Info").and_then(Object::as_reference)
        && let Ok(info) = lo.get_object_mut(info).and_then(Object::as_dict_mut)
    {
        info.set("Title", Object::String(title.as_bytes().to_vec(), StringFormat::Literal));
        info.set("Trapped", Object::Name(b"False".to_vec()));
        if pdf_x.version == PdfX::X1a {
            info.set("GTS_PDFXVersion", Object::string_literal(pdf_x.version.version()));
        }
    }
}

/// A page's TrimBox (where PDF/X says it is cut) and BleedBox, each the MediaBox where the
/// page has none (a sheet of items without bleed: the sheet is trimmed at its edge).
fn every_page_boxed(page: &mut Dictionary) {
    let Ok(media) = page.get(b"MediaBox").cloned() else { return };
    for key in [b"TrimBox".as_slice(), b"BleedBox"] {
        if !page.has(key) {
            page.set(key, media.clone());
        }
    }
}

/// The XMP metadata of a PDF/X file: the version it claims, its title, dates at the epoch
/// (as the Info dictionary's), not trapped, and an ID from its content.
fn xmp(version: PdfX, title: &str, fingerprint: &str) -> String {
    let title: String = title
        .chars()
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            c => c.to_string(),
        })
        .collect();
    let hex = |range: std::ops::Range<usize>| fingerprint.get(range).unwrap_or("0");
    let uuid = format!(
        "uuid:{}-{}-{}-{}-{}",
        hex(0..8),
        hex(8..12),
        hex(12..16),
        hex(16..20),
        hex(20..32)
    );
    let epoch = "1970-01-01T00:00:00Z";
    format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
         <x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
         <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
         <rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" \
         xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" \
         xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\" \
         xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\">\n\
         <dc:format>application/pdf</dc:format>\n\
         <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{title}</rdf:li></rdf:Alt></dc:title>\n\
         <xmp:CreateDate>{epoch}</xmp:CreateDate>\n\
         <xmp:ModifyDate>{epoch}</xmp:ModifyDate>\n\
         <xmp:MetadataDate>{epoch}</xmp:MetadataDate>\n\
         <xmp:CreatorTool>tilepress</xmp:CreatorTool>\n\
         <pdf:Producer>tilepress</pdf:Producer>\n\
         <pdf:Trapped>False</pdf:Trapped>\n\
         <xmpMM:DocumentID>{uuid}</xmpMM:DocumentID>\n\
         <xmpMM:InstanceID>{uuid}</xmpMM:InstanceID>\n\
         <xmpMM:VersionID>1</xmpMM:VersionID>\n\
         <xmpMM:RenditionClass>default</xmpMM:RenditionClass>\n\
         <pdfxid:GTS_PDFXVersion>{}</pdfxid:GTS_PDFXVersion>\n\
         </rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>",
        version.version()
    )
}
