//! The bonus counter pool ("The Bonus Counter").

use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// The four ways to spend a bonus counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spend {
    /// +2 to a cause result, only to increase bumps; never turns a failure into a success.
    RightOn,
    /// +2 to an effect result.
    Aces,
    /// +3 to an effect result; the player must invoke an Impetus on this action.
    AsIPlanned { impetus: bool },
    /// Give the counter to another player for their action (1 AP, or 0 at the Judge's word).
    IveGotYourBack,
}

impl Spend {
    pub fn value(self) -> u32 {
        match self {
            Spend::RightOn | Spend::Aces => 2,
            Spend::AsIPlanned { .. } => 3,
            Spend::IveGotYourBack => 0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Spend::RightOn => "Right on!",
            Spend::Aces => "Aces!",
            Spend::AsIPlanned { .. } => "As I planned!",
            Spend::IveGotYourBack => "I've got your back!",
        }
    }

    /// AP cost of the spend as an action of its own.
    pub fn ap_cost(self) -> u32 {
        u32::from(self == Spend::IveGotYourBack)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BonusError {
    #[error("player {0} already holds a bonus counter: no player may hold more than one")]
    AlreadyHolds(u32),
    #[error("the bonus pool is empty")]
    PoolEmpty,
    #[error("player {0} holds no bonus counter")]
    NotHolding(u32),
    #[error("a player cannot back themself up")]
    SelfHelp,
}

/// The shared pool and who holds a counter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BonusPool {
    pool: u32,
    holders: BTreeSet<u32>,
}

impl BonusPool {
    /// At the start of a session: "one less than the number of players".
    pub fn for_session(players: u32) -> BonusPool {
        BonusPool {
            pool: players.saturating_sub(1),
            holders: BTreeSet::new(),
        }
    }

    pub fn in_pool(&self) -> u32 {
        self.pool
    }

    pub fn holds(&self, player: u32) -> bool {
        self.holders.contains(&player)
    }

    /// A player earns a counter from the pool.
    pub fn earn(&mut self, player: u32) -> Result<(), BonusError> {
        if self.holds(player) {
            return Err(BonusError::AlreadyHolds(player));
        }
        if self.pool == 0 {
            return Err(BonusError::PoolEmpty);
        }
        self.pool -= 1;
        self.holders.insert(player);
        Ok(())
    }

    /// "Spent bonus counters are immediately placed back in the pool".
    pub fn spend(&mut self, player: u32) -> Result<(), BonusError> {
        if !self.holders.remove(&player) {
            return Err(BonusError::NotHolding(player));
        }
        self.pool += 1;
        Ok(())
    }

    /// "I've got your back!": the helper's counter goes to the target, who may spend it. "The
    /// target player may not be already holding a bonus counter, unless it is also spent on
    /// this action": `target_spends_own` spends the target's own counter first.
    pub fn back_up(
        &mut self,
        helper: u32,
        target: u32,
        target_spends_own: bool,
    ) -> Result<(), BonusError> {
        if helper == target {
            return Err(BonusError::SelfHelp);
        }
        if !self.holds(helper) {
            return Err(BonusError::NotHolding(helper));
        }
        if self.holds(target) {
            if !target_spends_own {
                return Err(BonusError::AlreadyHolds(target));
            }
            self.spend(target)?;
        }
        self.holders.remove(&helper);
        self.holders.insert(target);
        Ok(())
    }

    /// "Unspent bonus counters are lost at the end of any session of play."
    pub fn end_session(&mut self) {
        self.holders.clear();
        self.pool = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pool_is_players_minus_one_and_one_per_player() {
        let mut b = BonusPool::for_session(4);
        assert_eq!(b.in_pool(), 3);
        b.earn(1).unwrap();
        assert_eq!(b.earn(1), Err(BonusError::AlreadyHolds(1)));
        b.earn(2).unwrap();
        b.earn(3).unwrap();
        assert_eq!(b.earn(4), Err(BonusError::PoolEmpty));
        b.spend(2).unwrap();
        assert_eq!(b.in_pool(), 1);
        b.earn(4).unwrap();
        b.end_session();
        assert_eq!((b.in_pool(), b.holds(1)), (0, false));
    }

    #[test]
    fn backing_up_moves_the_counter() {
        let mut b = BonusPool::for_session(3);
        b.earn(1).unwrap();
        b.earn(2).unwrap();
        assert_eq!(b.back_up(1, 2, false), Err(BonusError::AlreadyHolds(2)));
        b.back_up(1, 2, true).unwrap();
        assert!(!b.holds(1) && b.holds(2));
        assert_eq!(b.in_pool(), 1);
        assert_eq!(Spend::IveGotYourBack.ap_cost(), 1);
        assert_eq!(Spend::AsIPlanned { impetus: true }.value(), 3);
    }
}
