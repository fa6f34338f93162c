//! Matchings of items into pairs, visited one by one from buffers kept between calls.

/// What [`Matching::each`] calls with each matching: its pairs in order; `false` stops.
pub type VisitMatching<'a> = dyn FnMut(&[(usize, usize)]) -> bool + 'a;

/// The buffers of [`Matching::each`]: the items to pair, which of them are taken, and the
/// pairs of the matching being built.
#[derive(Debug, Default)]
pub struct Matching {
    items: Vec<usize>,
    taken: Vec<bool>,
    pairs: Vec<(usize, usize)>,
}

impl Matching {
    /// The items the next matchings pair, in order.
    pub fn set_items(&mut self, items: impl IntoIterator<Item = usize>) {
        self.items.clear();
        self.items.extend(items);
    }

    /// Calls `visit` with every matching of `self.items` using pairs that `pairable`
    /// accepts, until it returns `false`; `perfect` keeps only those that use every item.
    /// Pairs are (smaller, larger) and listed in order; the matchings come leaving the first
    /// item unpaired first (unless `perfect`), then pairing it with each later item in turn.
    /// Returns whether it went on to the end.
    pub fn each(
        &mut self,
        perfect: bool,
        pairable: &dyn Fn(usize, usize) -> bool,
        visit: &mut VisitMatching<'_>,
    ) -> bool {
        self.taken.clear();
        self.taken.resize(self.items.len(), false);
        self.pairs.clear();
        let left = self.items.len();
        self.extend(0, left, perfect, pairable, visit)
    }

    /// The matchings that extend `self.pairs`, the items before `from` all taken and `left`
    /// items untaken.
    fn extend(
        &mut self,
        from: usize,
        left: usize,
        perfect: bool,
        pairable: &dyn Fn(usize, usize) -> bool,
        visit: &mut VisitMatching<'_>,
    ) -> bool {
        let Some(first) = (from..self.items.len()).find(|&i| !self.taken[i]) else {
            return visit(&self.pairs);
        };
        if perfect && left % 2 == 1 {
            return true;
        }
        self.taken[first] = true;
        let mut went_on = perfect || self.extend(first + 1, left - 1, perfect, pairable, visit);
        for partner in first + 1..self.items.len() {
            if !went_on {
                break;
            }
            let (a, b) = (self.items[first], self.items[partner]);
            if self.taken[partner] || !pairable(a, b) {
                continue;
            }
            self.taken[partner] = true;
            self.pairs.push((a.min(b), a.max(b)));
            went_on = self.extend(first + 1, left - 2, perfect, pairable, visit);
            self.pairs.pop();
            self.taken[partner] = false;
        }
        self.taken[first] = false;
        went_on
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Every matching [`Matching::each`] visits, in its order.
    pub(in crate::validate) fn all_matchings(
        items: &[usize],
        perfect: bool,
        pairable: &dyn Fn(usize, usize) -> bool,
    ) -> Vec<Vec<(usize, usize)>> {
        let mut found = Vec::new();
        let mut matching = Matching::default();
        matching.set_items(items.iter().copied());
        matching.each(perfect, pairable, &mut |pairs| {
            found.push(pairs.to_vec());
            true
        });
        found
    }

    #[test]
    fn matchings_come_in_order_pairs_sorted_and_stop_when_asked() {
        // Leaving the first unpaired first, then pairing it with each later item in turn.
        let optional = all_matchings(&[0, 1, 2], false, &|_, _| true);
        let expected: Vec<Vec<(usize, usize)>> =
            vec![vec![], vec![(1, 2)], vec![(0, 1)], vec![(0, 2)]];
        assert_eq!(optional, expected);
        let perfect = all_matchings(&[1, 3, 4, 6], true, &|a, b| (a + b) % 2 == 1);
        assert_eq!(perfect, vec![vec![(1, 4), (3, 6)], vec![(1, 6), (3, 4)]]);
        assert!(all_matchings(&[0, 1, 2], true, &|_, _| true).is_empty(), "odd: none perfect");
        assert_eq!(all_matchings(&[], true, &|_, _| true), vec![Vec::new()]);
        let mut seen = 0;
        let mut matching = Matching::default();
        matching.set_items(0..6);
        let finished = matching.each(true, &|_, _| true, &mut |_| {
            seen += 1;
            seen < 4
        });
        assert!(!finished);
        assert_eq!(seen, 4, "no matching after the one that said stop");
    }
}
