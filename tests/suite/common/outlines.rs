//! Outlines read back from built SVG sheets: path points, the placed outlines of the art
//! layer, their areas and comparable keys, and the sizes of a cut file's paths.

/// A closed outline's corners in page mm.
pub type Outline = Vec<(f64, f64)>;

/// Numbers of an SVG path's `M`/`L` commands as points (glyph curves are not expected here).
pub fn points(d: &str) -> Outline {
    let numbers: Vec<f64> = d
        .split(|c: char| c.is_ascii_alphabetic() || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect();
    numbers.chunks(2).map(|p| (p[0], p[1])).collect()
}

pub fn attribute<'a>(tag: &'a str, name: &str) -> &'a str {
    let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
    &tag[start..start + tag[start..].find('"').unwrap()]
}

/// Each placed piece's outline on the page: the first path of each transformed group in the
/// art layer, mapped by the group's matrix.
pub fn piece_outlines(svg: &str) -> Vec<Outline> {
    let art = &svg[svg.find("inkscape:label=\"art\"").unwrap()
        ..svg.find("layer-cut").unwrap_or(svg.find("layer-marks").unwrap())];
    let mut outlines = Vec::new();
    for group in art.split("<g transform=\"matrix(").skip(1) {
        let m: Vec<f64> =
            group[..group.find(')').unwrap()].split(' ').map(|v| v.parse().unwrap()).collect();
        let path = &group[group.find("<path").unwrap()..];
        let outline = points(attribute(path, "d"))
            .into_iter()
            .map(|(x, y)| (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]))
            .collect();
        outlines.push(outline);
    }
    outlines
}

pub fn area(outline: &Outline) -> f64 {
    let n = outline.len();
    (0..n)
        .map(|k| {
            let (a, b) = (outline[k], outline[(k + 1) % n]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum::<f64>()
        .abs()
        / 2.0
}

pub fn sorted_keys(outline: &Outline) -> Vec<(i64, i64)> {
    let mut keys: Vec<(i64, i64)> = outline
        .iter()
        .map(|&(x, y)| ((x * 1000.0).round() as i64, (y * 1000.0).round() as i64))
        .collect();
    keys.sort_unstable();
    keys
}

/// The width and height of every path (`M …`) of a cut SVG file, from its points.
pub fn cut_spans(svg: &str) -> Vec<(f64, f64)> {
    let span = |v: &[f64]| {
        v.iter().copied().fold(f64::MIN, f64::max) - v.iter().copied().fold(f64::MAX, f64::min)
    };
    svg.split('M')
        .skip(1)
        .map(|path| {
            let path = path.split(['"', 'Z']).next().unwrap_or("");
            let numbers: Vec<f64> = path
                .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                .filter_map(|t| t.parse().ok())
                .collect();
            let xs: Vec<f64> = numbers.iter().step_by(2).copied().collect();
            let ys: Vec<f64> = numbers.iter().skip(1).step_by(2).copied().collect();
            (span(&xs), span(&ys))
        })
        .collect()
}

/// The first path of a sheet's cut layer (a board's outline): its corners and the width and
/// height they span.
pub fn first_cut(svg: &str) -> (Outline, (f64, f64)) {
    let cut = &svg[svg.find("label=\"cut\"").unwrap()..];
    let corners = points(attribute(&cut[cut.find("<path").unwrap()..], "d"));
    let span = |v: Vec<f64>| {
        v.iter().cloned().fold(f64::MIN, f64::max) - v.iter().cloned().fold(f64::MAX, f64::min)
    };
    let size =
        (span(corners.iter().map(|p| p.0).collect()), span(corners.iter().map(|p| p.1).collect()));
    (corners, size)
}
