//! [`first_uses`]: which earlier item a repeated key (a code, a symbol, a type) repeats,
//! found with one sort instead of a hash map, and never with a scan per item (enums with a
//! thousand variants are derived).

/// For each of `keys`, the index of the first key equal to it (its own index when it is the
/// first of its spelling).
pub fn first_uses<K: Ord + Clone>(keys: &[K]) -> Vec<usize> {
    let mut sorted = keys.to_vec();
    sorted.sort_unstable();
    // Per position in `sorted`: the first index of that key, once known; equal keys share
    // the position of the first of them.
    let mut first_of = vec![usize::MAX; sorted.len()];
    let mut first = Vec::with_capacity(keys.len());
    for (i, key) in keys.iter().enumerate() {
        let k = sorted.partition_point(|k| k < key);
        if first_of[k] == usize::MAX {
            first_of[k] = i;
        }
        first.push(first_of[k]);
    }
    first
}

#[cfg(test)]
mod tests {
    use super::first_uses;

    #[test]
    fn each_key_points_at_its_first_use() {
        assert_eq!(
            first_uses(&["b", "a", "b", "c", "a", "b"]),
            [0, 1, 0, 3, 1, 0]
        );
        assert_eq!(first_uses::<i32>(&[]), Vec::<usize>::new());
    }
}
