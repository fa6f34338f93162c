//! Small hostile workbooks for the attack suite, written with the `zip` crate: an .xlsx sheet of given cells, an .ods sheet of given rows (with their repeats).

use std::io::Write;
use std::path::Path;

const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PACKAGE: &str = "http://schemas.openxmlformats.org/package/2006/relationships";

fn write_zip(path: &Path, parts: &[(&str, String)]) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, text) in parts {
        zip.start_file(*name, options).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap();
}

/// An .xlsx workbook with one sheet `Cards` holding `cells` (`("A1", "text")`), each an
/// inline string.
pub fn xlsx(path: &Path, cells: &[(&str, &str)]) {
    let cells: String = cells
        .iter()
        .map(|(at, text)| {
            format!(r#"<row><c r="{at}" t="inlineStr"><is><t>{text}</t></is></c></row>"#)
        })
        .collect();
    write_zip(
        path,
        &[
            ("[Content_Types].xml", r#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>"#.into()),
            ("_rels/.rels", format!(r#"<?xml version="1.0"?><Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#)),
            ("xl/workbook.xml", format!(r#"<?xml version="1.0"?><workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>"#)),
            ("xl/_rels/workbook.xml.rels", format!(r#"<?xml version="1.0"?><Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#)),
            ("xl/worksheets/sheet1.xml", format!(r#"<?xml version="1.0"?><worksheet xmlns="{MAIN}"><sheetData>{cells}</sheetData></worksheet>"#)),
        ],
    );
}

/// An .ods workbook with one sheet `Cards` of `rows`, each the XML inside a
/// `<table:table-row>` and its `number-rows-repeated`.
pub fn ods(path: &Path, rows: &[(&str, u64)]) {
    ods_sheets(path, &[("Cards", rows)]);
}

/// An .ods workbook of several sheets, each its name and rows (as [`ods`]).
pub fn ods_sheets(path: &Path, sheets: &[(&str, &[(&str, u64)])]) {
    let tables: String = sheets
        .iter()
        .map(|(name, rows)| {
            let rows: String = rows
                .iter()
                .map(|(cells, repeated)| {
                    format!(r#"<table:table-row table:number-rows-repeated="{repeated}">{cells}</table:table-row>"#)
                })
                .collect();
            format!(r#"<table:table table:name="{name}">{rows}</table:table>"#)
        })
        .collect();
    let content = format!(
        r#"<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet>{tables}</office:spreadsheet></office:body></office:document-content>"#
    );
    write_zip(
        path,
        &[
            ("mimetype", "application/vnd.oasis.opendocument.spreadsheet".into()),
            ("META-INF/manifest.xml", r#"<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#.into()),
            ("content.xml", content),
        ],
    );
}

/// One string cell of an .ods row, repeated `columns` times.
pub fn ods_cell(text: &str, columns: u64) -> String {
    format!(
        r#"<table:table-cell table:number-columns-repeated="{columns}" office:value-type="string"><text:p>{text}</text:p></table:table-cell>"#
    )
}
