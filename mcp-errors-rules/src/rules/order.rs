//! [`first_uses`]: which earlier item a repeated key (a code, a symbol) repeats, found with
//! one sort instead of a hash map, and never with a scan per item (enums with a thousand
//! variants are derived). [`sorted_order`] is the one sort of the derive: every list is
//! sorted through it, by index, so that the sort is compiled once and not once per key type.
use std::cmp::Ordering;

/// The indices `0..len` ordered by `cmp`, equal keys by index (so the first of them comes
/// first).
///
/// A bottom-up merge sort, written out: std's sort instantiated for it was about 2,500 lines
/// of the crate's LLVM IR. Being stable, it keeps equal keys in index order.
#[inline]
pub fn sorted_order(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order = Vec::with_capacity(len);
    for i in 0..len {
        order.push(i);
    }
    let mut merged = vec![0; len];
    // Sorted runs of `width` indices, merged in pairs into runs twice as long.
    let mut width = 1;
    while width < len {
        let mut start = 0;
        while start < len {
            let mid = len.min(start + width);
            let end = len.min(mid + width);
            merge(
                &order[start..mid],
                &order[mid..end],
                &mut merged[start..end],
                cmp,
            );
            start = end;
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

/// The sorted runs `left` and `right` merged into `out`, `left`'s first of equal keys.
#[inline]
fn merge(
    left: &[usize],
    right: &[usize],
    out: &mut [usize],
    cmp: &dyn Fn(usize, usize) -> Ordering,
) {
    let (mut l, mut r) = (0, 0);
    for slot in out {
        if r == right.len() || (l < left.len() && cmp(left[l], right[r]) != Ordering::Greater) {
            *slot = left[l];
            l += 1;
        } else {
            *slot = right[r];
            r += 1;
        }
    }
}

/// `keys` in ascending order.
#[inline]
pub fn sort<K: Ord + Clone>(keys: &mut Vec<K>) {
    let order = sorted_order(keys.len(), &|a, b| keys[a].cmp(&keys[b]));
    let mut sorted = Vec::with_capacity(keys.len());
    for &i in &order {
        sorted.push(keys[i].clone());
    }
    *keys = sorted;
}

/// For each of `keys`, the index of the first key equal to it (its own index when it is the
/// first of its spelling).
#[inline]
pub fn first_uses<K: Ord>(keys: &[K]) -> Vec<usize> {
    first_uses_by(keys.len(), &|a, b| keys[a].cmp(&keys[b]))
}

/// [`first_uses`] of `len` keys compared by index.
#[inline]
pub fn first_uses_by(len: usize, cmp: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let order = sorted_order(len, cmp);
    let mut first = vec![0; len];
    // Runs of equal keys: the first index of a run is the first use of its key.
    let mut run = 0;
    for k in 0..order.len() {
        let i = order[k];
        if k == 0 || cmp(order[k - 1], i) != Ordering::Equal {
            run = i;
        }
        first[i] = run;
    }
    first
}

#[cfg(test)]
mod tests {
    use super::{first_uses, sort, sorted_order};

    #[test]
    fn each_key_points_at_its_first_use() {
        assert_eq!(
            first_uses(&["b", "a", "b", "c", "a", "b"]),
            [0, 1, 0, 3, 1, 0]
        );
        assert_eq!(first_uses::<i32>(&[]), Vec::<usize>::new());
    }

    #[test]
    fn sorts() {
        for len in 0..40 {
            let keys: Vec<u32> = (0..len).map(|i| (i * 7919 + 13) % 11).collect();
            let mut expected: Vec<usize> = (0..keys.len()).collect();
            expected.sort_by_key(|&i| keys[i]);
            assert_eq!(
                sorted_order(keys.len(), &|a, b| keys[a].cmp(&keys[b])),
                expected
            );
        }
        let mut keys = vec![3, 1, 2, 1];
        sort(&mut keys);
        assert_eq!(keys, [1, 1, 2, 3]);
    }
}
