//! Numbers written into messages without `core::fmt`'s float code.
//!
//! `format!("{x}")` and `format!("{x:.2}")` on an `f64` link Rust's float formatting
//! (Grisu with a Dragon fallback, for both the shortest and the fixed-precision modes:
//! about 18 KB of wasm before `wasm-opt`). These two functions print exactly what those
//! do, for every `f64`, with a few lines of exact integer arithmetic on the float's bits
//! (slow next to Grisu, which does not matter for error messages and reasons) and the
//! string-to-float parser the module has anyway. The tests compare both with `format!` on
//! special values and on random bit patterns.

/// `x` as `format!("{x}")` writes it: the shortest digits that read back as `x` (the
/// closer to `x` when there are two, the greater on a tie), in positional notation (`1e21` is written out in
/// full, `0.1` as `0.1`, `1.0` as `1`).
pub fn shortest(x: f64) -> String {
    if !x.is_finite() {
        return non_finite(x).to_string();
    }
    let mut out = String::new();
    if x.is_sign_negative() {
        out.push('-');
    }
    let (exact, point) = exact_digits(x);
    let all = exact.trim_start_matches('0');
    if all.is_empty() {
        out.push('0');
        return out;
    }
    // `all` holds the exact value's significant digits; the value is 0.all × 10^point.
    let point = point - (exact.len() - all.len()) as i64;
    let mut digits = all.to_string();
    let mut dpoint = point;
    for len in 1..all.len() {
        let (head, rest) = all.split_at(len);
        let down = head.to_string();
        let (up, up_point) = increment(head, point);
        let reads_back = |d: &str, p: i64| parse_back(d, p) == Some(x.abs());
        let (ok_down, ok_up) = (reads_back(&down, point), reads_back(&up, up_point));
        let pick_up = match (ok_down, ok_up) {
            (false, false) => continue,
            (true, false) => false,
            (false, true) => true,
            (true, true) => {
                let first = rest.as_bytes().first().copied().unwrap_or(b'0');
                // The closer one; an exact tie rounds up (as core::fmt's shortest mode).
                first >= b'5'
            }
        };
        (digits, dpoint) = if pick_up {
            (up, up_point)
        } else {
            (down, point)
        };
        break;
    }
    let digits = digits.trim_end_matches('0');
    let len = digits.len() as i64;
    if dpoint <= 0 {
        out.push_str("0.");
        out.push_str(&"0".repeat((-dpoint) as usize));
        out.push_str(digits);
    } else if dpoint >= len {
        out.push_str(digits);
        out.push_str(&"0".repeat((dpoint - len) as usize));
    } else {
        let (a, b) = digits.split_at(dpoint as usize);
        out.push_str(a);
        out.push('.');
        out.push_str(b);
    }
    out
}

/// The exact decimal digits of `|x|` (finite) and the position of the point: the value
/// is `0.digits × 10^point`.
fn exact_digits(x: f64) -> (String, i64) {
    let (m, e) = decompose(x);
    let mut n = Big::from(m);
    if e >= 0 {
        n.shl(e as usize);
        let d = n.into_decimal();
        let p = d.len() as i64;
        (d, p)
    } else {
        // m / 2^s = m × 5^s / 10^s.
        let s = (-e) as usize;
        for _ in 0..s {
            n.mul_small(5);
        }
        let d = n.into_decimal();
        let p = d.len() as i64 - s as i64;
        (d, p)
    }
}

/// `digits` + 1 in its last place, and the point (one further when it carries: 99 → 100).
fn increment(digits: &str, point: i64) -> (String, i64) {
    let mut b = digits.as_bytes().to_vec();
    for d in b.iter_mut().rev() {
        if *d == b'9' {
            *d = b'0';
        } else {
            *d += 1;
            return (String::from_utf8(b).unwrap_or_default(), point);
        }
    }
    b.insert(0, b'1');
    (String::from_utf8(b).unwrap_or_default(), point + 1)
}

/// The `f64` that `0.digits × 10^point` reads as.
fn parse_back(digits: &str, point: i64) -> Option<f64> {
    let exp = point - digits.len() as i64;
    format!("{digits}e{exp}").parse().ok()
}

/// `x = m × 2^e` exactly (finite `x`; the sign is dropped).
fn decompose(x: f64) -> (u64, i64) {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1 << 52) - 1);
    if biased == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), biased - 1075)
    }
}

/// `x` as `format!("{x:.decimals$}")` writes it: the exact binary value rounded to
/// `decimals` places, ties to even.
pub fn fixed(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return non_finite(x).to_string();
    }
    let (m, e) = decompose(x);
    let mut n = Big::from(m);
    for _ in 0..decimals {
        n.mul_small(10);
    }
    let q = if e >= 0 {
        n.shl(e as usize);
        n
    } else {
        n.shr_round_half_even((-e) as usize)
    };
    let mut digits = q.into_decimal();
    if digits.len() <= decimals {
        let pad = decimals + 1 - digits.len();
        digits.insert_str(0, &"0".repeat(pad));
    }
    let mut out = String::new();
    if x.is_sign_negative() {
        out.push('-');
    }
    let (int, frac) = digits.split_at(digits.len() - decimals);
    out.push_str(int);
    if decimals > 0 {
        out.push('.');
        out.push_str(frac);
    }
    out
}

fn non_finite(x: f64) -> &'static str {
    if x.is_nan() {
        "NaN"
    } else if x > 0.0 {
        "inf"
    } else {
        "-inf"
    }
}

/// A non-negative integer of any size: 32-bit limbs, least significant first.
struct Big(Vec<u32>);

impl Big {
    fn from(v: u64) -> Self {
        Big(vec![v as u32, (v >> 32) as u32])
    }

    fn mul_small(&mut self, k: u32) {
        let mut carry = 0u64;
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(k) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn shl(&mut self, bits: usize) {
        let (words, rest) = (bits / 32, bits % 32);
        if rest > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = (u64::from(*limb) << rest) | u64::from(carry);
                *limb = v as u32;
                carry = (v >> 32) as u32;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, std::iter::repeat_n(0, words));
    }

    fn bit(&self, i: usize) -> bool {
        self.0.get(i / 32).is_some_and(|l| l >> (i % 32) & 1 == 1)
    }

    /// `self / 2^bits`, rounded to nearest, ties to even.
    fn shr_round_half_even(&self, bits: usize) -> Big {
        let half = self.bit(bits - 1);
        let below = (0..bits - 1).any(|i| self.bit(i));
        let (words, rest) = (bits / 32, bits % 32);
        let src = self.0.get(words..).unwrap_or_default();
        let mut q: Vec<u32> = (0..src.len())
            .map(|i| {
                let lo = u64::from(src[i]);
                let hi = u64::from(src.get(i + 1).copied().unwrap_or(0));
                (((hi << 32) | lo) >> rest) as u32
            })
            .collect();
        let odd = q.first().is_some_and(|l| l & 1 == 1);
        if half && (below || odd) {
            for limb in &mut q {
                let (v, overflow) = limb.overflowing_add(1);
                *limb = v;
                if !overflow {
                    break;
                }
            }
            if q.iter().all(|&l| l == 0) {
                q.push(1);
            }
        }
        Big(q)
    }

    fn into_decimal(mut self) -> String {
        let mut chunks = Vec::new();
        while self.0.iter().any(|&l| l != 0) {
            let mut rem = 0u64;
            for limb in self.0.iter_mut().rev() {
                let v = (rem << 32) | u64::from(*limb);
                *limb = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            chunks.push(rem as u32);
        }
        let Some((last, rest)) = chunks.split_last() else {
            return "0".to_string();
        };
        let mut out = last.to_string();
        for c in rest.iter().rev() {
            let s = c.to_string();
            out.push_str(&"0".repeat(9 - s.len()));
            out.push_str(&s);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn special() -> Vec<f64> {
        let mut v = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            0.5,
            1.5,
            2.5,
            0.125,
            0.375,
            1.005,
            1.015,
            0.045,
            0.995,
            0.9999,
            99.995,
            1e-7,
            1e21,
            1e22,
            1e300,
            -1e-300,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            f64::EPSILON,
            123_456_789.123_456_78,
            0.7,
            0.42,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        for i in 0..=1000 {
            v.push(f64::from(i) / 1000.0);
            v.push(f64::from(i) / 8.0);
        }
        v
    }

    /// Random bit patterns (xorshift), and random values in [0, 100). (Before this was
    /// committed, 1 000 000 values for `shortest` and 200 000 for `fixed` found no
    /// difference either.)
    fn random(n: usize) -> Vec<f64> {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let mut out = Vec::with_capacity(2 * n);
        for _ in 0..n {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            out.push(f64::from_bits(s));
            out.push((s >> 11) as f64 / (1u64 << 53) as f64 * 100.0);
        }
        out
    }

    #[test]
    fn shortest_is_display() {
        for x in special().into_iter().chain(random(20_000)) {
            assert_eq!(shortest(x), format!("{x}"), "{:#x}", x.to_bits());
        }
    }

    #[test]
    fn fixed_is_display_with_precision() {
        for x in special() {
            for d in 0..=4 {
                assert_eq!(fixed(x, d), format!("{x:.d$}"), "{x:e} .{d}");
            }
        }
        for x in random(20_000) {
            for d in [0, 2] {
                assert_eq!(fixed(x, d), format!("{x:.d$}"), "{:#x} .{d}", x.to_bits());
            }
        }
    }
}
