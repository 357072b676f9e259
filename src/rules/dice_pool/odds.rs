//! Exact odds of a dice-pool check, not by sampling: every pool's successes as a distribution
//! over (4s, 5s, 6s), combined step by step exactly as [`super::roll`] combines the dice.
//!
//! Exploding dice have no upper bound, so each exploding pool is cut off at the number of 6s
//! past which less than [`TAIL`] of its probability lies. The mass cut off is summed in
//! [`PoolOdds::unaccounted`]: the true chance lies between `success` and
//! `success + unaccounted`.

use super::{PoolCheck, PoolError, Tally, WILL_DICE, interfere_counts, oppose, venture};

/// The most probability any one exploding pool may leave out.
pub const TAIL: f64 = 1e-7;

/// The odds of a dice-pool check before it is rolled.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolOdds {
    /// P(the check succeeds), after any Opposition.
    pub success: f64,
    /// P(the check succeeds before any Opposition).
    pub before_opposition: f64,
    /// `momentum[k]`: P(the check ends with k Momentum); k = 0 includes failures.
    pub momentum: Vec<f64>,
    /// Probability left out by the explosion cut-off (below 2e-6 for any legal check: at
    /// most 18 exploding pools).
    pub unaccounted: f64,
}

/// P(success) of a dice-pool check, exact up to the explosion cut-off.
pub fn success_chance(check: &PoolCheck) -> Result<f64, PoolError> {
    Ok(odds(check)?.success)
}

/// A distribution over tallies, stored densely: index (4s, 5s, 6s).
#[derive(Clone, Debug)]
struct Dist {
    dims: [usize; 3],
    p: Vec<f64>,
}

impl Dist {
    /// All zero, for tallies up to `max` of each value.
    fn zeros(max: [u32; 3]) -> Dist {
        let dims = max.map(|m| m as usize + 1);
        Dist {
            dims,
            p: vec![0.0; dims[0] * dims[1] * dims[2]],
        }
    }

    fn certain(t: Tally) -> Dist {
        let mut d = Dist::zeros(t.0);
        d.add(t, 1.0);
        d
    }

    fn max(&self) -> [u32; 3] {
        self.dims.map(|d| d as u32 - 1)
    }

    fn add(&mut self, t: Tally, p: f64) {
        let [a, b, c] = t.0.map(|x| x as usize);
        self.p[(a * self.dims[1] + b) * self.dims[2] + c] += p;
    }

    /// Every tally with a chance, in index order (so sums are the same run after run).
    fn iter(&self) -> impl Iterator<Item = (Tally, f64)> + '_ {
        let [_, d1, d2] = self.dims;
        self.p
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(move |(i, &p)| {
                let c = i % d2;
                let b = (i / d2) % d1;
                let a = i / (d1 * d2);
                (Tally([a as u32, b as u32, c as u32]), p)
            })
    }

    /// Map every tally through `f`, which never raises a count above `max`.
    fn map(&self, max: [u32; 3], f: impl Fn(Tally) -> Tally) -> Dist {
        let mut out = Dist::zeros(max);
        for (t, p) in self.iter() {
            out.add(f(t), p);
        }
        out
    }
}

/// The sum of two independent pools' successes.
fn plus(a: &Dist, b: &Dist) -> Dist {
    let (ma, mb) = (a.max(), b.max());
    let mut out = Dist::zeros([ma[0] + mb[0], ma[1] + mb[1], ma[2] + mb[2]]);
    let b: Vec<(Tally, f64)> = b.iter().collect();
    for (s, p) in a.iter() {
        for &(t, q) in &b {
            out.add(s.plus(t), p * q);
        }
    }
    out
}

/// A pool after an independent Interference pool.
fn interfered(pool: &Dist, interference: &PoolDist) -> Dist {
    match interference {
        PoolDist::Plain(i) => interfered_by(pool, i),
        // The 4s and 5s are used before the 6s, and independent of them: two short steps
        // instead of one long one.
        PoolDist::Exploding { ends, sixes } => {
            let mut six = Dist::zeros([0, 0, sixes.len() as u32 - 1]);
            for (k, &p) in sixes.iter().enumerate() {
                six.add(Tally([0, 0, k as u32]), p);
            }
            interfered_by(&interfered_by(pool, ends), &six)
        }
    }
}

fn interfered_by(pool: &Dist, interference: &Dist) -> Dist {
    let mut out = Dist::zeros(pool.max());
    let interference: Vec<(Tally, f64)> = interference.iter().collect();
    for (s, p) in pool.iter() {
        for &(t, q) in &interference {
            out.add(interfere_counts(s, t), p * q);
        }
    }
    out
}

/// A pool's successes. An exploding pool is kept in two parts: each die's run of 6s is
/// independent of how the run ends (a 1-3, a 4 or a 5, at 3:1:1), so the pool's 4s and 5s
/// are independent of its 6s.
enum PoolDist {
    Plain(Dist),
    Exploding {
        /// The 4s and 5s (no 6s).
        ends: Dist,
        /// `sixes[k]`: P(k 6s), up to the cut-off.
        sixes: Vec<f64>,
    },
}

impl PoolDist {
    /// The joint distribution of 4s, 5s and 6s.
    fn joint(&self) -> Dist {
        match self {
            PoolDist::Plain(d) => d.clone(),
            PoolDist::Exploding { ends, sixes } => {
                let m = ends.max();
                let mut d = Dist::zeros([m[0], m[1], sixes.len() as u32 - 1]);
                for (t, p) in ends.iter() {
                    for (k, &q) in sixes.iter().enumerate() {
                        d.add(Tally([t.0[0], t.0[1], k as u32]), p * q);
                    }
                }
                d
            }
        }
    }
}

/// The number of 6s past which less than [`TAIL`] of an exploding `n`-dice pool lies, and
/// P(k 6s) up to it: each die's 6s before its first non-6 are geometric, so the pool's are
/// negative binomial.
fn sixes(n: u32) -> Vec<f64> {
    let mut pmf = (5.0f64 / 6.0).powi(n as i32);
    let mut out = vec![pmf];
    let mut cumulative = pmf;
    while 1.0 - cumulative >= TAIL {
        let s = out.len() as u32 - 1;
        pmf *= f64::from(n + s) / f64::from(s + 1) / 6.0;
        cumulative += pmf;
        out.push(pmf);
    }
    out
}

/// The successes of `n` dice, and the probability the cut-off left out.
fn pool(n: u32, explode: bool) -> (PoolDist, f64) {
    let one = |faces: &[(Option<u32>, f64)]| {
        let mut die = Dist::zeros([1, 1, 1]);
        for &(face, p) in faces {
            let mut t = Tally::default();
            if let Some(v) = face {
                t.add(v);
            }
            die.add(t, p);
        }
        die
    };
    let sixth = 1.0 / 6.0;
    let (die, sixes) = if explode {
        // How a die's run ends, once it is not a 6: 1-3, 4 or 5.
        let end = one(&[(None, 0.6), (Some(4), 0.2), (Some(5), 0.2)]);
        (end, sixes(n))
    } else {
        let face = [
            (None, 0.5),
            (Some(4), sixth),
            (Some(5), sixth),
            (Some(6), sixth),
        ];
        (one(&face), Vec::new())
    };
    let mut d = Dist::certain(Tally::default());
    for _ in 0..n {
        d = plus(&d, &die);
    }
    if explode {
        let lost = (1.0 - sixes.iter().sum::<f64>()).max(0.0);
        (PoolDist::Exploding { ends: d, sixes }, lost)
    } else {
        (PoolDist::Plain(d), 0.0)
    }
}

/// The exact odds of a check (see the module text for the cut-off).
pub fn odds(check: &PoolCheck) -> Result<PoolOdds, PoolError> {
    check.validate()?;
    let explode = check.explosions();
    let (for_check, against) = (explode.check, explode.interference_and_opposition);
    let mut lost = 0.0;
    let mut roll = |n: u32, explode: bool| {
        let (d, l) = pool(n, explode);
        lost += l;
        d
    };

    let mut d = interfered(
        &roll(check.dice, for_check).joint(),
        &roll(check.interference + check.venture, against),
    );
    if check.will {
        d = plus(&d, &roll(WILL_DICE, for_check).joint());
    }
    for &h in &check.helpers {
        let help = interfered(&roll(h, for_check).joint(), &roll(check.dice, against));
        d = plus(&d, &help);
    }
    let m = d.max();
    let room = m.map(|x| x + check.venture);
    d = d.map(room, |t| {
        let mut t = t;
        venture(&mut t, check.venture, |_| {});
        t
    });
    let before_opposition: f64 = d
        .iter()
        .filter(|(t, _)| !t.is_empty())
        .map(|(_, p)| p)
        .sum();

    if let Some(o) = &check.opposition {
        let mut op = interfered(
            &roll(o.dice, against).joint(),
            &roll(o.interference + o.venture, against),
        );
        if o.will {
            op = plus(&op, &roll(WILL_DICE, against).joint());
        }
        // Only which values the Opposition holds matters to its one discard.
        let mut held = [0.0f64; 8];
        for (t, p) in op.iter() {
            let mask = (0..3).filter(|&i| t.0[i] > 0).fold(0, |m, i| m | 1 << i);
            held[mask] += p;
        }
        let mut after = Dist::zeros(d.max());
        for (t, p) in d.iter() {
            if t.is_empty() {
                after.add(t, p);
                continue;
            }
            for (mask, &q) in held.iter().enumerate().filter(|(_, q)| **q > 0.0) {
                let mut opposition = Tally([0, 1, 2].map(|i| u32::from(mask & 1 << i != 0)));
                let mut c = t;
                oppose(&mut c, &mut opposition);
                after.add(c, p * q);
            }
        }
        d = after;
    }

    let mut success = 0.0;
    let mut momentum = Vec::new();
    for (t, p) in d.iter() {
        if !t.is_empty() {
            success += p;
        }
        let k = t.momentum() as usize;
        if momentum.len() <= k {
            momentum.resize(k + 1, 0.0);
        }
        momentum[k] += p;
    }
    Ok(PoolOdds {
        success,
        before_opposition,
        momentum,
        unaccounted: lost,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cut_off_grows_with_the_pool_and_leaves_out_less_than_the_tail() {
        assert_eq!(sixes(0), [1.0]);
        // One die: P(more than s 6s) = 6^-(s+1) < 1e-7 first at s = 8.
        assert_eq!(sixes(1).len(), 9);
        assert!((sixes(1)[2] - 5.0 / 216.0).abs() < 1e-15);
        assert!(sixes(20).len() > 9);
        for n in [1, 3, 10, 20] {
            let (d, lost) = pool(n, true);
            let total: f64 = d.joint().iter().map(|(_, p)| p).sum();
            assert!(lost < TAIL, "{n}: {lost}");
            assert!((total + lost - 1.0).abs() < 1e-12, "{n}: {total} + {lost}");
        }
    }

    #[test]
    fn a_pool_without_explosions_is_binomial() {
        // 3 dice, no explosions: P(no success) = 1/8, P(three 6s) = 1/216.
        let (d, lost) = pool(3, false);
        let d = d.joint();
        assert_eq!(lost, 0.0);
        let p = |t: [u32; 3]| d.iter().find(|(u, _)| u.0 == t).map_or(0.0, |(_, p)| p);
        assert!((p([0, 0, 0]) - 1.0 / 8.0).abs() < 1e-15);
        assert!((p([0, 0, 3]) - 1.0 / 216.0).abs() < 1e-15);
        assert!((p([1, 1, 1]) - 6.0 / 216.0).abs() < 1e-15);
    }

    #[test]
    fn an_exploding_die_shows_two_6s_one_time_in_36() {
        let d = pool(1, true).0.joint();
        // Two 6s, then a 1-3, a 4 or a 5: (1/36) * (5/6).
        let two: f64 = d.iter().filter(|(t, _)| t.0[2] == 2).map(|(_, p)| p).sum();
        assert!((two - 5.0 / 216.0).abs() < 1e-15, "{two}");
    }
}
