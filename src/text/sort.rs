//! One copy of the stable sort for the whole crate.
//!
//! Every `sort_by_key` / `sort_by` call on a new element type or with a new closure gets
//! its own copy of the standard library's sort (driftsort with its small-sort networks,
//! 2–4 KB of wasm each; the module carried about a hundred). These helpers sort a list of
//! indexes through one comparator behind `dyn`, so the sort itself is compiled once, and
//! then move the elements into that order. Same result as the standard stable sort: the
//! same comparisons decide the same unique stable order.

use std::cmp::Ordering;

/// Sorts `v` stably by `cmp`, as `v.sort_by(cmp)` does.
pub fn sort_by<T>(v: &mut Vec<T>, mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..v.len()).collect();
    {
        let items: &[T] = v;
        sort_indexes(&mut order, &mut |a, b| match (items.get(a), items.get(b)) {
            (Some(x), Some(y)) => cmp(x, y),
            _ => Ordering::Equal,
        });
    }
    let mut slots: Vec<Option<T>> = v.drain(..).map(Some).collect();
    v.extend(
        order
            .iter()
            .filter_map(|&i| slots.get_mut(i).and_then(Option::take)),
    );
}

/// Sorts `v` stably by `key`, as `v.sort_by_key(key)` does.
pub fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts integers ascending: the one copy of the unstable sort for the crate's integer
/// lists (each element type and closure of `sort_unstable` compiles a quicksort of its
/// own, 2–8 KB of wasm each). Lists of `u32` or `usize`, and tuples of small integers
/// packed in order-preserving bit fields, go through it.
#[inline(never)]
pub fn sort_u64(v: &mut [u64]) {
    v.sort_unstable();
}

/// Sorts `u32`s ascending through [`sort_u64`].
pub fn sort_u32(v: &mut Vec<u32>) {
    sort_packed(v, |&x| u64::from(x), |k| k as u32);
}

/// Sorts `usize`s ascending through [`sort_u64`].
pub fn sort_usize(v: &mut Vec<usize>) {
    sort_packed(v, |&x| x as u64, |k| k as usize);
}

/// Sorts pairs of `u32` ascending (by the first, then the second) through [`sort_u64`].
pub fn sort_u32_pairs(v: &mut Vec<(u32, u32)>) {
    sort_packed(
        v,
        |&(a, b)| u64::from(a) << 32 | u64::from(b),
        |k| ((k >> 32) as u32, k as u32),
    );
}

/// Sorts `v` by packing each element into a `u64` whose order is the elements' order
/// (`pack` must be order-preserving and `unpack` its inverse), sorting the keys once.
pub fn sort_packed<T>(v: &mut Vec<T>, pack: impl Fn(&T) -> u64, unpack: impl Fn(u64) -> T) {
    if v.len() < 2 {
        return;
    }
    let mut keys: Vec<u64> = v.iter().map(pack).collect();
    sort_u64(&mut keys);
    v.clear();
    v.extend(keys.into_iter().map(unpack));
}

/// The first 16 bytes of `s` as a big-endian integer, padded with zero bytes: two
/// strings whose keys differ compare as their keys do, so a sort of strings compares
/// integers and the strings themselves only where the keys tie.
pub fn prefix_key(s: &[u8]) -> u128 {
    let mut buf = [0u8; 16];
    let n = s.len().min(16);
    if let (Some(to), Some(from)) = (buf.get_mut(..n), s.get(..n)) {
        to.copy_from_slice(from);
    }
    u128::from_be_bytes(buf)
}

/// The one stable sort: indexes ordered by a comparator of indexes.
#[inline(never)]
fn sort_indexes(order: &mut [usize], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| cmp(a, b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_keys_then_strings_order_as_strings() {
        let words = [
            "b",
            "a",
            "",
            "ab",
            "a\0",
            "abcdefghijklmnopq",
            "abcdefghijklmnop",
            "abcdefghijklmnopz",
            "zoë",
            "zoe",
            "東京",
            "Zebra",
            "abcdefghijklmnop\0",
            "ä",
        ];
        let mut want: Vec<&str> = words.to_vec();
        want.sort();
        let mut got: Vec<&str> = words.to_vec();
        sort_by(&mut got, |a, b| {
            prefix_key(a.as_bytes())
                .cmp(&prefix_key(b.as_bytes()))
                .then_with(|| a.cmp(b))
        });
        assert_eq!(got, want);
    }

    #[test]
    #[allow(clippy::unnecessary_sort_by)] // the point is to compare with `sort_by`
    fn same_order_as_the_standard_stable_sort() {
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        for n in [0usize, 1, 2, 3, 7, 20, 33, 100, 1000] {
            let v: Vec<(u8, usize)> = (0..n)
                .map(|i| {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    ((s % 5) as u8, i)
                })
                .collect();
            let mut want = v.clone();
            want.sort_by_key(|p| p.0);
            let mut got = v.clone();
            sort_by_key(&mut got, |p| p.0);
            assert_eq!(got, want);
            let mut want = v.clone();
            want.sort_by(|a, b| b.0.cmp(&a.0));
            let mut got = v;
            sort_by(&mut got, |a, b| b.0.cmp(&a.0));
            assert_eq!(got, want);
        }
    }

    #[test]
    fn integer_sorts_match_the_standard_sort() {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for n in [0usize, 1, 2, 5, 40, 500] {
            let v: Vec<u32> = (0..n).map(|_| next() as u32 % 97).collect();
            let (mut want, mut got) = (v.clone(), v);
            want.sort_unstable();
            sort_u32(&mut got);
            assert_eq!(got, want);
            let v: Vec<usize> = (0..n).map(|_| next() as usize).collect();
            let (mut want, mut got) = (v.clone(), v);
            want.sort_unstable();
            sort_usize(&mut got);
            assert_eq!(got, want);
            let v: Vec<(u32, u32)> = (0..n)
                .map(|_| (next() as u32 % 7, u32::MAX - next() as u32 % 5))
                .collect();
            let (mut want, mut got) = (v.clone(), v);
            want.sort_unstable();
            sort_u32_pairs(&mut got);
            assert_eq!(got, want);
            let v: Vec<u64> = (0..n).map(|_| next()).collect();
            let (mut want, mut got) = (v.clone(), v);
            want.sort_unstable();
            sort_u64(&mut got);
            assert_eq!(got, want);
        }
    }
}
