//! Decimal text (`1990`, `3.5`, `0.000125`) to `f64`, to the same bits as
//! `str::parse::<f64>`, without the standard library's float parser: its Eisel–Lemire
//! table alone is 10.4 KB of wasm data that compresses poorly, and the numbers a claim
//! states need only digits and one decimal point.
//!
//! Short numbers take Clinger's fast path (at most 15 significant digits and a power of
//! ten up to 10^22: both operands exact, so one correctly rounded multiplication or
//! division). Anything else is divided out exactly with a small big integer and rounded
//! to nearest, ties to even, at the precision of the result (subnormals included). Digits
//! past the 800th only matter as "something non-zero follows" (no halfway point between
//! two doubles has more than 767 significant digits), so longer text costs no more.

/// Parses text of ASCII digits with at most one `.` (`"5."` and `".5"` included) as
/// `str::parse::<f64>` does. `None` for text of another shape or without digits.
pub(crate) fn parse_decimal(s: &str) -> Option<f64> {
    let mut digits: Vec<u8> = Vec::new();
    let mut frac: i64 = 0;
    let mut dot = false;
    let mut any = false;
    for &c in s.as_bytes() {
        match c {
            b'0'..=b'9' => {
                any = true;
                if dot {
                    frac += 1;
                }
                if !digits.is_empty() || c != b'0' {
                    digits.push(c - b'0');
                }
            }
            b'.' if !dot => dot = true,
            _ => return None,
        }
    }
    if !any {
        return None;
    }
    while digits.last() == Some(&0) {
        digits.pop();
        frac -= 1;
    }
    if digits.is_empty() {
        return Some(0.0);
    }
    let e10 = -frac;
    if digits.len() <= 15 && e10.abs() <= 22 {
        let w = digits.iter().fold(0u64, |w, &d| w * 10 + u64::from(d)) as f64;
        let p = (0..e10.abs()).fold(1.0f64, |p, _| p * 10.0);
        return Some(if e10 >= 0 { w * p } else { w / p });
    }
    Some(slow(&digits, e10))
}

/// Most significant digits kept; more only set a sticky digit (see the module docs).
const KEPT: usize = 800;

/// `digits × 10^e10` correctly rounded (`digits` without leading or trailing zeros).
fn slow(digits: &[u8], mut e10: i64) -> f64 {
    let mut kept = digits;
    let mut sticky_digit = false;
    if digits.len() > KEPT {
        kept = &digits[..KEPT];
        sticky_digit = true;
        e10 += (digits.len() - KEPT) as i64 - 1;
    }
    let n = kept.len() as i64 + i64::from(sticky_digit);
    // The value is below 10^(n + e10) and at least 10^(n + e10 − 1).
    if n + e10 > 310 {
        return f64::INFINITY;
    }
    if n + e10 < -330 {
        return 0.0;
    }
    let mut x = Big::default();
    for &d in kept {
        x.mul_add(10, u32::from(d));
    }
    if sticky_digit {
        x.mul_add(10, 1);
    }
    let mut p = Big::from(1);
    if e10 >= 0 {
        for _ in 0..e10 {
            x.mul_add(10, 0);
        }
    } else {
        for _ in 0..-e10 {
            p.mul_add(10, 0);
        }
    }
    // q = floor(x · 2^s / p) with 55 to 57 bits; the value is q · 2^−s (plus the rest).
    let s = 56 - (x.bits() as i64 - p.bits() as i64);
    if s >= 0 {
        x.shl(s as usize);
    } else {
        p.shl((-s) as usize);
    }
    let (q, rest) = x.div_small_quotient(&p);
    round(q, rest, s)
}

/// `(q + rest) · 2^−s` to the nearest double, ties to even (`rest`: a non-zero remainder).
fn round(q: u64, rest: bool, s: i64) -> f64 {
    let len = 64 - i64::from(q.leading_zeros());
    // The value is in [2^e, 2^(e+1)).
    let e = len - 1 - s;
    if e > 1023 {
        return f64::INFINITY;
    }
    let precision = if e >= -1022 { 53 } else { 53 - (-1022 - e) };
    let drop = len - precision;
    if drop > 63 {
        return 0.0;
    }
    let (mut m, r, half) = if drop <= 0 {
        (q << (-drop), 0, 1)
    } else {
        (q >> drop, q & ((1u64 << drop) - 1), 1u64 << (drop - 1))
    };
    if drop > 0 && (r > half || (r == half && (rest || m & 1 == 1))) {
        m += 1;
    }
    // m · 2^k, both exact, the product representable (its precision was rounded to).
    let k = e - (precision - 1);
    let scale = if k >= -1022 {
        f64::from_bits(((k + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (k + 1074))
    };
    m as f64 * scale
}

/// A non-negative big integer, little-endian 32-bit limbs, no trailing zero limbs.
#[derive(Default, Clone)]
struct Big(Vec<u32>);

impl From<u32> for Big {
    fn from(v: u32) -> Self {
        let mut b = Big(vec![v]);
        b.trim();
        b
    }
}

impl Big {
    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// self = self · m + a.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn bits(&self) -> usize {
        match self.0.last() {
            None => 0,
            Some(&top) => self.0.len() * 32 - top.leading_zeros() as usize,
        }
    }

    fn shl(&mut self, by: usize) {
        let (limbs, bits) = (by / 32, by % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = (*limb << bits) | carry;
                carry = *limb >> (32 - bits);
                *limb = v;
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        if limbs > 0 && !self.0.is_empty() {
            self.0.splice(0..0, std::iter::repeat_n(0, limbs));
        }
    }

    fn shr1(&mut self) {
        let mut carry = 0u32;
        for limb in self.0.iter_mut().rev() {
            let v = (*limb >> 1) | carry;
            carry = *limb << 31;
            *limb = v;
        }
        self.trim();
    }

    fn ge(&self, other: &Big) -> bool {
        if self.0.len() != other.0.len() {
            return self.0.len() > other.0.len();
        }
        for (a, b) in self.0.iter().rev().zip(other.0.iter().rev()) {
            if a != b {
                return a > b;
            }
        }
        true
    }

    /// self −= other (other ≤ self).
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let o = i64::from(other.0.get(i).copied().unwrap_or(0));
            let mut v = i64::from(*limb) - o - borrow;
            borrow = 0;
            if v < 0 {
                v += 1 << 32;
                borrow = 1;
            }
            *limb = v as u32;
        }
        self.trim();
    }

    /// floor(self / d) (which must fit 64 bits) and whether a remainder is left; restoring
    /// division, one quotient bit per step.
    fn div_small_quotient(mut self, d: &Big) -> (u64, bool) {
        let top = self.bits().saturating_sub(d.bits()).min(63);
        let mut shifted = d.clone();
        shifted.shl(top);
        let mut q = 0u64;
        for i in (0..=top).rev() {
            if self.ge(&shifted) {
                self.sub(&shifted);
                q |= 1u64 << i;
            }
            shifted.shr1();
        }
        (q, !self.0.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::parse_decimal;

    fn same(s: &str) {
        let want = s.parse::<f64>().ok().map(f64::to_bits);
        let got = parse_decimal(s).map(f64::to_bits);
        assert_eq!(got, want, "{s}");
    }

    /// xorshift64*.
    fn rng(seed: u64) -> impl FnMut() -> u64 {
        let mut s = seed;
        move || {
            s ^= s >> 12;
            s ^= s << 25;
            s ^= s >> 27;
            s.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    /// The exact decimal expansion of a finite non-negative double.
    fn exact(x: f64) -> String {
        let s = format!("{x:.1100}");
        let s = s.trim_end_matches('0');
        s.strip_suffix('.').unwrap_or(s).to_string()
    }

    /// (a + b) / 2 of two decimal strings, exactly.
    fn midpoint(a: &str, b: &str) -> String {
        let split = |s: &str| -> (String, String) {
            match s.split_once('.') {
                Some((i, f)) => (i.to_string(), f.to_string()),
                None => (s.to_string(), String::new()),
            }
        };
        let ((ai, af), (bi, bf)) = (split(a), split(b));
        let f = af.len().max(bf.len()) + 1;
        let il = ai.len().max(bi.len()) + 1;
        let pad = |i: &str, fr: &str| format!("{i:0>il$}{fr:0<f$}");
        let (x, y) = (pad(&ai, &af), pad(&bi, &bf));
        // sum
        let mut sum = vec![0u8; x.len()];
        let mut carry = 0;
        for k in (0..x.len()).rev() {
            let v = (x.as_bytes()[k] - b'0') + (y.as_bytes()[k] - b'0') + carry;
            sum[k] = v % 10;
            carry = v / 10;
        }
        // halve
        let mut rem = 0;
        let mut out = String::new();
        for d in sum {
            let v = rem * 10 + d;
            out.push((b'0' + v / 2) as char);
            rem = v % 2;
        }
        let (i, fr) = out.split_at(il);
        format!("{i}.{fr}")
    }

    #[test]
    fn same_bits_as_the_standard_parser() {
        for s in [
            "0",
            "0.",
            ".0",
            "5.",
            ".5",
            "00012.5000",
            "0.1",
            "0.3",
            "1990",
            "2.1",
            "330",
            "9007199254740992",
            "9007199254740993",
            "9007199254740993.5",
            "18446744073709551615",
            "18446744073709551616.5",
            "123456789012345678901234567890",
            "3.14159265358979323846264338327950288",
            "0.000000000000000000000000000001",
            "1797693134862315708145274237317043567981",
            "0000.0000",
            "1.7976931348623157",
        ] {
            same(s);
        }
        for bad in ["", ".", "1.2.3", "1e5", "-1", " 1", "1_000"] {
            assert_eq!(parse_decimal(bad), None, "{bad}");
        }
        // Around the largest double, and far past it.
        same(&format!("{}", f64::MAX));
        same(&format!("{}9", f64::MAX));
        same(&"9".repeat(400));
        // Tiny: the smallest subnormal, half of it (a tie, to 0), just above half, far below.
        let min = exact(f64::from_bits(1));
        same(&min);
        let half = midpoint(&min, "0");
        same(&half);
        same(&format!("{half}1"));
        same(&format!("0.{}1", "0".repeat(400)));
        // Long text: 5,000 digits.
        same(&format!("1.{}", "3".repeat(5000)));
        same(&format!("{}.5", "7".repeat(5000)));
        let mut next = rng(0x9E37_79B9_7F4A_7C15);
        for i in 0..20_000 {
            // Random digits with the point anywhere, some with many leading zeros.
            let len = 1 + (next() % 40) as usize;
            let mut d: String = (0..len)
                .map(|_| (b'0' + (next() % 10) as u8) as char)
                .collect();
            let at = (next() % (len as u64 + 1)) as usize;
            d.insert(at, '.');
            if i % 7 == 0 {
                d = format!(
                    "0.{}{}",
                    "0".repeat((next() % 330) as usize),
                    d.replace('.', "")
                );
            }
            same(&d);
            // A random double: its shortest text, its exact expansion, and the exact
            // midpoint to the next double (a tie) with just above and below it.
            let x = f64::from_bits(next() >> 1);
            if !x.is_finite() {
                continue;
            }
            same(&format!("{x}"));
            if i % 4 == 0 {
                let e = exact(x);
                same(&e);
                let up = f64::from_bits(x.to_bits() + 1);
                if up.is_finite() {
                    let mid = midpoint(&e, &exact(up));
                    same(&mid);
                    same(&format!("{mid}000001"));
                    let mut below = mid.clone();
                    // Decrease the last digit (the midpoint ends in 5).
                    below.pop();
                    below.push('4');
                    below.push('9');
                    same(&below);
                }
            }
        }
    }
}
