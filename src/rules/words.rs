//! Small helpers for the game's words: counts with their plural, verbs agreeing with a name.

/// "1 pace", "2 paces": a count with the singular or the plural.
pub fn count(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// A name that reads as plural ("Perkins brothers", "Hank and Cyril", "Fists").
pub fn is_plural(name: &str) -> bool {
    let n = name.trim();
    n.contains(" and ") || (n.ends_with('s') && !n.ends_with("ss"))
}

/// "Hank wins", "the Perkins brothers win".
pub fn wins(side: &str) -> String {
    if is_plural(side) {
        format!("{side} win")
    } else {
        format!("{side} wins")
    }
}

/// A decided battle in words: "Laroq gang win: the last side standing".
pub fn verdict(side: &str, why: &str) -> String {
    format!("{}: {why}", wins(side))
}

/// "the Peacemaker is", "the Fists are".
pub fn the_is(name: &str) -> String {
    if is_plural(name) {
        format!("the {name} are")
    } else {
        format!("the {name} is")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_verbs_agree() {
        assert_eq!(count(1, "pace", "paces"), "1 pace");
        assert_eq!(count(2, "pace", "paces"), "2 paces");
        assert_eq!(count(0, "wound", "wounds"), "0 wounds");
        assert_eq!(wins("Hank"), "Hank wins");
        assert_eq!(wins("Laroq gang"), "Laroq gang wins");
        assert_eq!(wins("Perkins brothers"), "Perkins brothers win");
        assert_eq!(wins("Hank and Cyril"), "Hank and Cyril win");
        assert_eq!(the_is("Fists"), "the Fists are");
        assert_eq!(the_is("Peacemaker"), "the Peacemaker is");
        assert_eq!(
            the_is("Double-barrel shotgun"),
            "the Double-barrel shotgun is"
        );
    }
}
