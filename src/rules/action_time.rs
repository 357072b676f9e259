//! Action time (conflict chapter, "Action Time"): the 20-segment round, the initiative test,
//! the action track with its tokens, the initiative stack, and continuous movement.

use super::card::Card;
use super::check::CheckOutcome;
use serde::{Deserialize, Serialize};

/// "Each round is divided into 20 segments."
pub const SEGMENTS: u32 = 20;

/// "The initiative test is an Easy (3) Quickness test."
pub const INITIATIVE_TN: u32 = 3;

/// "resolve a TN 5 Quick Draw check"
pub const QUICK_DRAW_TN: u32 = 5;

/// The segment of the first token after the initiative test: "For each bump, shift the token
/// one slot to the left. If the test is failed, ... one slot to the right. If the result is a
/// calamity, shift the token a number of slots equal to the Step, plus one, to the right."
/// Never left of segment 1, never right of segment 20: a token shifted past the track comes
/// at the last segment, not never (docs/rules-decisions.md).
pub fn initiative_segment(initiative: u32, test: &CheckOutcome, step: u32) -> u32 {
    let shifted = if test.calamity {
        initiative + step + 1
    } else if test.success {
        initiative.saturating_sub(test.bumps)
    } else {
        initiative + 1
    };
    shifted.clamp(1, SEGMENTS)
}

/// A declared action that is not fully paid yet: AP go to it as tokens come ("During each
/// segment up to 1 AP may be spent toward an action").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment {
    pub cost: u32,
    pub paid: u32,
    /// Skills at 4/8 AP may be paid over several rounds; other actions lapse at the end of the
    /// round unless they can still be paid beyond segment 20.
    pub over_rounds: bool,
}

impl Commitment {
    pub fn remaining(&self) -> u32 {
        self.cost.saturating_sub(self.paid)
    }
}

/// What a declaration did to the track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Declared {
    /// Paid in full from the tokens in front: the action resolves this segment. `lost` tokens
    /// beyond the cost are gone ("they still must remove all of their counters").
    Paid { lost: u32 },
    /// Fewer tokens than the cost: they are spent toward it, and each later token too, until
    /// it is paid.
    Committed { paid: u32 },
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrackError {
    #[error("not enough AP: it costs {cost} AP, and {has} AP are left this round")]
    NotEnoughAp { cost: u32, has: u32 },
    #[error("an action is already being paid ({paid} of {cost} AP)")]
    AlreadyCommitted { paid: u32, cost: u32 },
    #[error("no tokens on the track yet: the first comes at segment {0}")]
    NoTokensYet(u32),
    #[error("no more actions may be declared after segment 20")]
    PastSegment20,
}

/// One character's action track for a round: the tokens still in the pool, the tokens placed
/// in front of them, and what they have spent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionTrack {
    /// The segment of the first token (the IN after the initiative test).
    pub start: u32,
    /// AP this round: the AP characteristic less the worst wound's penalty and any debt.
    pub total: u32,
    /// Tokens not yet placed on the track (the pool).
    pub pool: u32,
    /// Tokens placed and not spent ("in front of them on the action track").
    pub in_front: u32,
    /// Tokens placed on the track so far this round, one a segment from `start`.
    pub placed: u32,
    /// Tokens spent this round (the spent box), excess lost included.
    pub spent: u32,
    /// An action being paid token by token.
    pub commitment: Option<Commitment>,
    /// AP owed to the next round (the stack fee or a Rush Tax paid "from next round's AP").
    pub debt: u32,
}

impl ActionTrack {
    /// The track at the start of a round. `carried` is a multi-round commitment still open.
    pub fn new(start: u32, ap: u32, owed: u32, carried: Option<Commitment>) -> ActionTrack {
        let total = ap.saturating_sub(owed);
        ActionTrack {
            start,
            total,
            pool: total,
            in_front: 0,
            placed: 0,
            spent: 0,
            commitment: carried,
            debt: owed.saturating_sub(ap),
        }
    }

    /// An empty track: no AP this round (stunned, down).
    pub fn idle() -> ActionTrack {
        ActionTrack::default()
    }

    /// AP not yet spent this round: in front plus the pool.
    pub fn left(&self) -> u32 {
        self.in_front + self.pool
    }

    /// "When the Judge calls a segment that is equal to or greater than the IN of a character,
    /// that player places a counter." Returns `Some(true)` when a commitment became fully paid
    /// by this token, `Some(false)` when a token was placed otherwise, `None` when none was.
    pub fn place(&mut self, segment: u32) -> Option<bool> {
        if segment < self.start || self.pool == 0 {
            return None;
        }
        self.pool -= 1;
        self.placed += 1;
        match &mut self.commitment {
            Some(c) => {
                c.paid += 1;
                self.spent += 1;
                Some(c.paid >= c.cost)
            }
            None => {
                self.in_front += 1;
                Some(false)
            }
        }
    }

    /// Take a fully paid commitment off the track (its action resolves now).
    pub fn take_paid(&mut self) -> Option<Commitment> {
        if self.commitment.as_ref().is_some_and(|c| c.paid >= c.cost) {
            self.commitment.take()
        } else {
            None
        }
    }

    /// Declare an action costing `cost` AP at `segment`. With enough tokens in front, it is
    /// paid (all tokens are removed); with fewer, the tokens are spent toward it as a
    /// commitment, which must be payable this round (or over rounds, for skills).
    pub fn declare(
        &mut self,
        cost: u32,
        segment: u32,
        over_rounds: bool,
    ) -> Result<Declared, TrackError> {
        if segment > SEGMENTS {
            return Err(TrackError::PastSegment20);
        }
        if let Some(c) = &self.commitment {
            return Err(TrackError::AlreadyCommitted {
                paid: c.paid,
                cost: c.cost,
            });
        }
        if self.in_front >= cost {
            let lost = self.in_front - cost;
            self.spent += self.in_front;
            self.in_front = 0;
            return Ok(Declared::Paid { lost });
        }
        if !over_rounds && self.left() < cost {
            return Err(TrackError::NotEnoughAp {
                cost,
                has: self.left(),
            });
        }
        if self.in_front == 0 && segment < self.start {
            return Err(TrackError::NoTokensYet(self.start));
        }
        let paid = self.in_front;
        self.spent += paid;
        self.in_front = 0;
        self.commitment = Some(Commitment {
            cost,
            paid,
            over_rounds,
        });
        Ok(Declared::Committed { paid })
    }

    /// What the track shows at `segment` (1-based) when the Judge has called `now`.
    pub fn mark(&self, segment: u32, now: u32) -> TrackMark {
        let last_placed = self.start + self.placed; // one past the last placed token
        if segment < self.start || self.placed == 0 && segment > now && self.pool == 0 {
            return TrackMark::Empty;
        }
        if segment < last_placed {
            // Tokens are spent in the order they were placed: the last ones are in front.
            if segment >= last_placed - self.in_front {
                TrackMark::InFront
            } else {
                TrackMark::Spent
            }
        } else if segment < last_placed + self.pool && segment > now {
            TrackMark::ToCome
        } else {
            TrackMark::Empty
        }
    }

    /// Give up a commitment as the Judge calls `segment` (decision 134): "Once spent, APs are
    /// lost, even if the action never resolves." The token placed toward it in `segment`
    /// itself goes in front instead, to declare with now; the AP spent before stay spent.
    pub fn give_up(&mut self, segment: u32) -> Option<Commitment> {
        let mut given_up = self.commitment.take()?;
        if self.placed_in(segment) && given_up.paid > 0 {
            given_up.paid -= 1;
            self.spent -= 1;
            self.in_front += 1;
        }
        Some(given_up)
    }

    /// Whether this track placed its token in `segment` (its last token so far).
    pub fn placed_in(&self, segment: u32) -> bool {
        self.placed > 0 && self.start + self.placed - 1 == segment
    }

    /// "Placing an action onto the stack in this manner costs 1 AP from the pool. If a
    /// character does not have an AP to pay ..., they may pay it from their next round AP."
    /// Returns true when it was paid from the pool, false when it became debt.
    pub fn pay_stack_fee(&mut self) -> bool {
        if self.pool > 0 {
            self.pool -= 1;
            self.spent += 1;
            true
        } else {
            self.debt += 1;
            false
        }
    }

    /// A rush ("spend the appropriate AP from the action track and available pool"): the
    /// tokens in front, or a commitment's paid AP, and `rushed` AP from the pool all go to the
    /// action now; a commitment is given up for it (its AP stay spent).
    pub fn rush(&mut self, rushed: u32) {
        self.spent += self.in_front;
        self.in_front = 0;
        self.commitment = None;
        let rushed = rushed.min(self.pool);
        self.pool -= rushed;
        self.spent += rushed;
    }

    /// A penalty paid from the pool, then from next round's AP ("Any penalty AP that are paid
    /// (Rush Tax) may be paid from next rounds AP once the current pool is exhausted"), or the
    /// rest of a load a failed speed load takes. Returns (from the pool, owed to next round).
    pub fn pay_penalty(&mut self, ap: u32) -> (u32, u32) {
        let from_pool = ap.min(self.pool);
        self.pool -= from_pool;
        self.spent += from_pool;
        let owed = ap - from_pool;
        self.debt += owed;
        (from_pool, owed)
    }

    /// "Each AP spent from the pool grants the character +1 ... No character may spend more
    /// AP for bonus than their level in Quick Draw." Returns the AP actually spent.
    pub fn spend_for_bonus(&mut self, wanted: u32, quick_draw_level: u32) -> u32 {
        let n = wanted.min(quick_draw_level).min(self.pool);
        self.pool -= n;
        self.spent += n;
        n
    }

    /// Beyond segment 20: "If one or more characters have APs spent toward an action, and
    /// enough APs to perform that action, those characters may perform those actions as if
    /// there were segments beyond 20."
    pub fn can_finish_beyond_20(&self) -> bool {
        self.commitment
            .as_ref()
            .is_some_and(|c| c.paid > 0 && c.remaining() <= self.pool)
    }

    /// Nothing left to do this round: no tokens to place (or none before segment 20 ends)
    /// and none in front. A commitment the pool cannot pay further waits or lapses.
    pub fn finished(&self) -> bool {
        self.in_front == 0 && (self.pool == 0 || self.start > SEGMENTS)
    }

    /// The end of the round: unused AP are lost, commitments lapse unless they are paid over
    /// rounds. Returns the commitment that carries into the next round and what was lost.
    pub fn end_round(&mut self) -> (Option<Commitment>, u32) {
        let lost = self.in_front + self.pool;
        self.spent += lost;
        self.in_front = 0;
        self.pool = 0;
        let carried = self.commitment.take().filter(|c| c.over_rounds);
        (carried, lost)
    }
}

/// One slot of the action track as the window draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackMark {
    Empty,
    /// A token placed and spent (on an action, or lost).
    Spent,
    /// A token placed and waiting in front of the character.
    InFront,
    /// A token still in the pool, due at this segment.
    ToCome,
}

impl TrackMark {
    pub fn symbol(self) -> char {
        match self {
            TrackMark::Empty => '.',
            TrackMark::Spent => 'x',
            TrackMark::InFront => 'O',
            TrackMark::ToCome => 'o',
        }
    }
}

/// AP penalty and Stun TN by the worst wound level ("Wound Effects" table): 1 Flesh Wound
/// 1/3, 2 Light 2/5, 3 Heavy 3/7, 4 Serious 4/9, 5 Critical 5/11.
pub fn wound_penalty(worst_wound: u32) -> u32 {
    worst_wound.min(5)
}

/// The Stun column: 3, 5, 7, 9, 11 for wound levels 1 to 5 (0 without a wound).
pub fn stun_tn(worst_wound: u32) -> u32 {
    match worst_wound.min(5) {
        0 => 0,
        w => 2 * w + 1,
    }
}

/// AP on the track this round: "Wound effects are subtracted from the total APs."
pub fn round_ap(ap: u32, worst_wound: u32) -> u32 {
    ap.saturating_sub(wound_penalty(worst_wound))
}

/// The Quick Draw check before the stack: "For each success and bump add +1 to the bonus
/// pool. ... On a Calamity no AP may be spent, and the Quick Draw provides no bonus."
/// Returns the bonus and whether AP may still be spent for more.
pub fn quick_draw_bonus(check: &CheckOutcome) -> (i32, bool) {
    if check.calamity {
        (0, false)
    } else if check.success {
        (1 + check.bumps as i32, true)
    } else {
        (0, true)
    }
}

/// One action on the initiative stack, with its flipped card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackEntry {
    /// Who: an index the caller understands.
    pub actor: usize,
    pub fragment: u32,
    pub number: u8,
    /// Gear, wounds, Quick Draw and AP spent.
    pub bonus: i32,
    /// The single-action trait "wins initiative-based ties".
    pub wins_ties: bool,
}

impl StackEntry {
    pub fn new(actor: usize, card: &Card, bonus: i32, wins_ties: bool) -> StackEntry {
        StackEntry {
            actor,
            fragment: card.fragment,
            number: card.number,
            bonus,
            wins_ties,
        }
    }

    pub fn total(&self) -> i32 {
        self.fragment as i32 + self.bonus
    }
}

/// "actions are resolved in descending order of Fragment plus bonus. Any ties are broken by
/// the Number on the card." The single-action trait wins a tie first; then the higher card
/// Number goes first (docs/rules-decisions.md).
pub fn stack_order(entries: &[StackEntry]) -> Vec<StackEntry> {
    let mut sorted = entries.to_vec();
    sorted.sort_by(|a, b| {
        b.total()
            .cmp(&a.total())
            .then(b.wins_ties.cmp(&a.wins_ties))
            .then(b.number.cmp(&a.number))
    });
    sorted
}

/// Continuous movement: "divide the total movement into equal (or roughly equal) parts and
/// spread them between the 20 segments. The movement during the slowest segment must be within
/// one pace of that in the fastest." Paces in segment s (1-based) = floor(total*s/20) -
/// floor(total*(s-1)/20).
pub fn continuous_paces(total: u32, segment: u32) -> u32 {
    if segment == 0 || segment > SEGMENTS {
        return 0;
    }
    total * segment / SEGMENTS - total * (segment - 1) / SEGMENTS
}

/// The order of continuous movers in a segment: "proceeds from slowest to fastest, based on
/// Quickness value". Ties keep the given order.
pub fn continuous_order<T: Clone>(movers: &[(T, u32)]) -> Vec<T> {
    let mut sorted = movers.to_vec();
    sorted.sort_by_key(|m| m.1);
    sorted.into_iter().map(|m| m.0).collect()
}

/// Declarations: "Actions are declared in ascending order of Quickness". Ties by the given
/// order (the level's).
pub fn declaration_order<T: Clone>(characters: &[(T, u32)]) -> Vec<T> {
    continuous_order(characters)
}

/// "The cost to perform a skill is 4/8 AP": 8 for what needs full attention.
pub fn skill_cost(full_attention: bool) -> u32 {
    if full_attention { 8 } else { 4 }
}

// ---- when an action resolves, counted on the track (the window's previews) ----

/// The last segment a round's tokens can reach (beyond 20, paid actions may still finish):
/// how far the window looks ahead for when an action resolves.
pub const LAST_SEGMENT: u32 = 40;

/// The segment an action of `ap` declared at `now` resolves in: this one when the tokens in
/// front pay it, else the segment its last token is placed. `None`: it cannot be paid.
pub fn resolves_in(track: &ActionTrack, ap: u32, now: u32, over_rounds: bool) -> Option<u32> {
    resolves_losing(track, ap, now, over_rounds).map(|(segment, _)| segment)
}

/// The segment, as `resolves_in`, and the tokens in front the declaration loses (the track's
/// own count: "they still must remove all of their counters").
pub fn resolves_losing(
    track: &ActionTrack,
    ap: u32,
    now: u32,
    over_rounds: bool,
) -> Option<(u32, u32)> {
    let mut t = track.clone();
    match t.declare(ap, now, over_rounds).ok()? {
        Declared::Paid { lost } => Some((now, lost)),
        Declared::Committed { .. } => paid_at(&mut t, now).map(|s| (s, 0)),
    }
}

/// The segment the commitment on the track is paid in, counting on from `now`.
pub fn paid_at(t: &mut ActionTrack, now: u32) -> Option<u32> {
    for s in now + 1..=LAST_SEGMENT {
        match t.place(s) {
            Some(true) => {
                t.take_paid();
                return Some(s);
            }
            None if t.pool == 0 => return None,
            _ => {}
        }
    }
    None
}

/// The segment the last of several declarations resolves in, each declared as soon as the
/// hero has a token in front again after the one before.
pub fn chain_resolves_in(track: &ActionTrack, aps: &[u32], now: u32) -> Option<u32> {
    let mut t = track.clone();
    let mut seg = now;
    let mut last = None;
    for (i, ap) in aps.iter().enumerate() {
        if i > 0 {
            loop {
                seg += 1;
                if seg > LAST_SEGMENT || t.pool == 0 && t.in_front == 0 {
                    return None;
                }
                t.place(seg);
                if t.in_front > 0 {
                    break;
                }
            }
        }
        match t.declare(*ap, seg, false).ok()? {
            Declared::Paid { .. } => last = Some(seg),
            Declared::Committed { .. } => {
                seg = paid_at(&mut t, seg)?;
                last = Some(seg);
            }
        }
    }
    last
}

#[cfg(test)]
mod tests;
