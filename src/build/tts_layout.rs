//! Where the Tabletop Simulator export puts its objects: part by part in rows across the table, footprints apart.

/// How wide a row may grow, in units (about 1 m: the default table is wider).
const ROW_UNITS: f64 = 40.0;
/// Space between two objects of one row and between rows of one part, in units.
const GAP_UNITS: f64 = 0.5;
/// Space between the rows of two parts, in units.
const PART_GAP_UNITS: f64 = 2.0;
/// The far edge of the first row (`z` grows away from the first player).
const TOP_Z: f64 = 20.0;

/// An object's footprint on the table, in units: `width` along x, `depth` along z.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Footprint {
    pub width: f64,
    pub depth: f64,
}

/// The centre (x, z) of every footprint of every part: each part starts a row of its own,
/// its objects left to right, a new row when one would pass `ROW_UNITS`.
pub fn lay_out(parts: &[Vec<Footprint>]) -> Vec<Vec<(f64, f64)>> {
    let left = -ROW_UNITS / 2.0;
    let mut top = TOP_Z;
    let mut placed = Vec::new();
    for part in parts {
        let mut centres = Vec::new();
        let (mut x, mut row_depth) = (left, 0.0_f64);
        for footprint in part {
            if x > left && x + footprint.width > left + ROW_UNITS {
                top -= row_depth + GAP_UNITS;
                (x, row_depth) = (left, 0.0);
            }
            centres.push((x + footprint.width / 2.0, top - footprint.depth / 2.0));
            x += footprint.width + GAP_UNITS;
            row_depth = row_depth.max(footprint.depth);
        }
        if !part.is_empty() {
            top -= row_depth + PART_GAP_UNITS;
        }
        placed.push(centres);
    }
    placed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn overlap(a: ((f64, f64), Footprint), b: ((f64, f64), Footprint)) -> bool {
        let ((ax, az), fa) = a;
        let ((bx, bz), fb) = b;
        (ax - bx).abs() < (fa.width + fb.width) / 2.0
            && (az - bz).abs() < (fa.depth + fb.depth) / 2.0
    }

    #[test]
    fn parts_lie_in_rows_of_their_own_and_nothing_overlaps() {
        let hex = Footprint { width: 1.89, depth: 1.64 };
        let card = Footprint { width: 2.48, depth: 3.46 };
        let disc = Footprint { width: 0.79, depth: 0.79 };
        let parts = vec![vec![hex; 56], vec![card], vec![disc; 4]];
        let placed = lay_out(&parts);
        let all: Vec<((f64, f64), Footprint)> = (placed.iter().zip(&parts))
            .flat_map(|(centres, part)| centres.iter().copied().zip(part.iter().copied()))
            .collect();
        for (i, a) in all.iter().enumerate() {
            assert!(a.0.0 - a.1.width / 2.0 >= -ROW_UNITS / 2.0 - 1e-9);
            assert!(a.0.0 + a.1.width / 2.0 <= ROW_UNITS / 2.0 + 1e-9, "{a:?} within the row");
            for b in &all[i + 1..] {
                assert!(!overlap(*a, *b), "{a:?} and {b:?} overlap");
            }
        }
        // 16 hexagons to a row (16 × 1.89 + 15 × 0.5 = 37.7 units; a 17th would reach
        // 40.1): four rows. The card starts a row below the last row of hexagons, the discs
        // one below the card.
        let rows = |centres: &[(f64, f64)]| {
            let mut zs: Vec<f64> = centres.iter().map(|c| c.1).collect();
            zs.dedup();
            zs
        };
        assert_eq!(rows(&placed[0]).len(), 4);
        let lowest_hex = placed[0].last().unwrap().1 - hex.depth / 2.0;
        assert!(placed[1][0].1 + card.depth / 2.0 <= lowest_hex - PART_GAP_UNITS + 1e-9);
        assert!(placed[2][0].1 + disc.depth / 2.0 <= placed[1][0].1 - card.depth / 2.0);
        // A later part's first object starts at the left again, however many came before.
        assert_eq!(placed[2][0].0, -ROW_UNITS / 2.0 + disc.width / 2.0);
    }
}
