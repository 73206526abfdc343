//! [`first_uses`]: which earlier item a repeated key (a code, a symbol, a type) repeats,
//! found with one sort instead of a hash map, and never with a scan per item (enums with a
//! thousand variants are derived).

/// For each of `keys`, the index of the first key equal to it (its own index when it is the
/// first of its spelling).
pub fn first_uses<K: Ord + Clone>(keys: &[K]) -> Vec<usize> {
    let mut distinct = keys.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let mut first_of = vec![usize::MAX; distinct.len()];
    let mut first = Vec::with_capacity(keys.len());
    for (i, key) in keys.iter().enumerate() {
        let Ok(k) = distinct.binary_search(key) else {
            unreachable!("every key is among the distinct keys")
        };
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
