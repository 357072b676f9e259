//! The summary since the player's last declaration: the events of note, the latest first, each
//! in a few words, and how the level is won before anything of note has happened.

use crate::sim::model::MatchLog;

/// The kinds of events the summary names (what the other side did and what befell).
const NOTABLE: [&str; 15] = [
    "arrive",
    // A gun jammed or dropped by a calamity card (a play-test's summary said "Hank Daggett
    // shoots at Vaquero: a miss" of the shot that jammed his shotgun).
    "calamity",
    "shot",
    "melee",
    "escape",
    "resolve",
    "stun_check",
    "recovery",
    "objective",
    "hold",
    "fate",
    "stray_hit",
    "blast",
    "discharge",
    "free_attack",
];

/// An event the summary names: of a notable kind, or a counter that has just filled (a
/// play-test's marshal rode in with the town's counter full, and neither was "of note").
fn notable(e: &crate::sim::model::LogEvent) -> bool {
    NOTABLE.contains(&e.kind.as_str())
        || (e.kind == "counter" && e.fields.get("complete") == Some(&serde_json::Value::Bool(true)))
}

/// The events of note the summary shows when the computer plays every side: the latest.
const LATEST: usize = 4;

/// An event in a few words, for the summary box: who did what to whom and how it ended, the
/// log's workings left out (the parenthesised terms, the card and its TN, the weapon fired).
/// "Octavio fires the Peacemaker at Cyril Wellington (snap shot, 1 AP): card 31: 1 vs TN 5, a
/// miss" is "Octavio shoots at Cyril Wellington: a miss".
pub fn gist(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0u32;
    for ch in text.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(ch),
            _ => {}
        }
    }
    let mut out = out
        .replace("  ", " ")
        .replace(" :", ":")
        .replace(" ,", ",")
        .replace(" ;", ";");
    // "card 31: 1 vs TN 5, " (or "cards 1, 26: 7 vs TN 6, ", a blow's "cards 15, 43: 23 vs
    // defense 6: "): the draw and its number.
    if let Some(card) = out.find("card ").or_else(|| out.find("cards "))
        && let Some(vs) = out[card..].find(" vs ")
        && let Some(end) = [", ", ": "]
            .iter()
            .filter_map(|sep| out[card + vs..].find(sep))
            .min()
    {
        let end = card + vs + end + 2;
        let before = out[..card].trim_end_matches([' ', ':', ',']);
        out = format!("{before}: {}", &out[end..]);
    }
    // A blow "at Hank Daggett with bowie knife:" is "at Hank Daggett:".
    if out.contains(" attack at ")
        && let Some(with) = out.find(" with ")
        && let Some(colon) = out[with..].find(':')
    {
        out = format!("{}{}", &out[..with], &out[with + colon..]);
    }
    // "fires the Peacemaker at" is "shoots at".
    if let Some(fires) = out.find(" fires the ")
        && let Some(at) = out[fires..].find(" at ")
    {
        out = format!("{} shoots{}", &out[..fires], &out[fires + at..]);
    }
    out.trim().to_string()
}

/// An event's words as the window's log says them: each location with its wound track, and a
/// refusal named for the hero whose action it refused ("Clem Perkins: refused: Cyril
/// Wellington is not within one pace of Clem Perkins", which a play-test read as Cyril's).
pub fn line_of(e: &crate::sim::model::LogEvent) -> String {
    let text = crate::app::anim::with_tracks(&e.text);
    match (text.strip_prefix("Refused: "), e.actor.as_deref()) {
        (Some(reason), Some(actor)) => format!("{actor}: refused: {reason}"),
        _ => text,
    }
}

/// The summary of what happened since the player's last declaration: how many events, how
/// many of them matter (shots, blows, wounds, the fallen), and every one of those in order, in
/// a few words each (the box scrolls: a play-test read "12 of note" over the last four, each
/// cut short, and never saw its hero hit and stunned). With no human side (the computer plays
/// every side), the latest events.
pub fn summary(log: &MatchLog, since: Option<usize>, goals: &[String]) -> String {
    let from = since.map_or(log.events.len().saturating_sub(40), |s| {
        s.min(log.events.len())
    });
    let new = &log.events[from..];
    // The latest first, each with its round and segment: the box shows its first lines, and a
    // play-test saw the oldest there while its hero's own hit was cut off below.
    let notable: Vec<String> = new
        .iter()
        .rev()
        .filter(|e| notable(e))
        .map(|e| {
            let when = if e.segment == 0 {
                format!("R{} init", e.round)
            } else {
                format!("R{} S{:02}", e.round, e.segment)
            };
            format!("  {when} {}", gist(&line_of(e)))
        })
        .collect();
    let mut s = match since {
        // One line, so the box at its least (six heroes' cards over it) still shows the
        // latest event under it: the play-test's Longhorn showed the title alone.
        Some(_) => format!("SINCE YOU LAST DECLARED: {} of note", notable.len()),
        None => "THE LATEST EVENTS OF NOTE, THE LATEST FIRST".to_string(),
    };
    // Before anything of note, how the level is won (a play-test found the gulch chase never
    // said that Hank wins by holding out three rounds).
    if notable.is_empty() && since.is_some() {
        if goals.is_empty() {
            s.push_str("\n  nothing of note yet");
        }
        for (i, goal) in goals.iter().enumerate() {
            let head = if i == 0 { "HOW TO WIN: " } else { "  " };
            s.push_str(&format!("\n{head}{goal}"));
        }
    }
    // Watching (no human side), the latest few; a player's own summary, every one.
    let shown = match since {
        Some(_) => notable.len(),
        None => notable.len().min(LATEST),
    };
    for line in &notable[..shown] {
        s.push('\n');
        s.push_str(line);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(kind: &str, text: &str) -> crate::sim::model::LogEvent {
        crate::sim::model::LogEvent {
            round: 1,
            segment: 5,
            actor: None,
            kind: kind.into(),
            text: text.into(),
            fields: Default::default(),
        }
    }

    /// A refusal is named for the hero whose action it refused; other lines are as logged; the
    /// summary lists a blast that killed, as the log does.
    #[test]
    fn a_refusal_names_its_hero_and_a_blast_is_of_note() {
        let mut refused = event(
            "failed",
            "Refused: Cyril Wellington is not within one pace of Clem Perkins: close in first",
        );
        refused.actor = Some("Clem Perkins".into());
        assert_eq!(
            line_of(&refused),
            "Clem Perkins: refused: Cyril Wellington is not within one pace of Clem Perkins: close in first"
        );
        let blast = event(
            "blast",
            "The Dynamite goes off at 6,4: Vaquero, 0 paces off, is hit in the chest: effect 9, 4 wounds and 2 Conc: killed",
        );
        let log = MatchLog {
            events: vec![blast],
        };
        let s = summary(&log, Some(0), &[]);
        assert!(s.contains("1 of note") && s.contains("Vaquero"), "{s}");
    }

    /// The gist of a shot, a stun check and a blow: who, whom, how it ended.
    #[test]
    fn an_event_in_a_few_words() {
        assert_eq!(
            gist(
                "Octavio fires the Peacemaker at Cyril Wellington (snap shot, 1 AP): card 31: 1 vs TN 5, a miss, 1 stray shot"
            ),
            "Octavio shoots at Cyril Wellington: a miss, 1 stray shot"
        );
        assert_eq!(
            gist("Josiah Reed: Stun check (Fortitude), card 42: 5 vs TN 3, failure; stunned"),
            "Josiah Reed: Stun check: failure; stunned"
        );
        assert_eq!(
            gist(
                "Billy Claiborne fires the Henry rifle at Ada Thorne (snap shot, 2 AP): cards 1, 26: 7 vs TN 6, a hit in the right arm"
            ),
            "Billy Claiborne shoots at Ada Thorne: a hit in the right arm"
        );
        assert_eq!(
            gist(
                "Dave Perkins: quick attack at Hank Daggett with bowie knife: cards 15, 43: 23 vs defense 6: a hit in the head; deadly damage 12: 2 wounds and 0 Conc"
            ),
            "Dave Perkins: quick attack at Hank Daggett: a hit in the head; deadly damage 12: 2 wounds and 0 Conc"
        );
        assert_eq!(gist("Hank moves 3 paces"), "Hank moves 3 paces");
        // The wound track after a location, dropped, leaves no space before the semicolon.
        assert_eq!(
            gist("Hank: a hit in the vitals (torso); deadly damage 9"),
            "Hank: a hit in the vitals; deadly damage 9"
        );
    }

    /// The summary counts every event and those of note, lists every one of note in a few
    /// words, and says when nothing of note happened; with no human side, the latest ones.
    #[test]
    fn the_summary_counts_what_matters_and_lists_it_all() {
        let mut log = MatchLog::default();
        log.events.push(event("declare", "Hank declares: move"));
        let long = "Miranda Valentine fires the Peacemaker at Felicia Laroq (snap shot, 1 AP)";
        for _ in 0..7 {
            log.events.push(event("shot", long));
        }
        log.events
            .push(event("commit", "Hank declares: aimed shot"));
        for (i, e) in log.events.iter_mut().enumerate() {
            (e.round, e.segment) = (1, i as u32);
        }
        let s = summary(&log, Some(0), &[]);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "SINCE YOU LAST DECLARED: 7 of note");
        assert_eq!(lines.len(), 1 + 7, "{s}");
        // The latest first: the seventh shot (segment 7) heads the list.
        assert_eq!(
            lines[1],
            "  R1 S07 Miranda Valentine shoots at Felicia Laroq"
        );
        assert_eq!(
            lines[7],
            "  R1 S01 Miranda Valentine shoots at Felicia Laroq"
        );
        let quiet = summary(&log, Some(8), &["Any side: put every foe down".into()]);
        assert_eq!(
            quiet,
            "SINCE YOU LAST DECLARED: 0 of note\nHOW TO WIN: Any side: put every foe down"
        );
        let latest = summary(&log, None, &[]);
        assert!(latest.starts_with("THE LATEST EVENTS OF NOTE, THE LATEST FIRST\n"));
        assert_eq!(latest.lines().count(), 1 + LATEST, "{latest}");
    }

    /// A figure arriving and a counter filling are of note; a counter's round-by-round points
    /// are not.
    #[test]
    fn an_arrival_and_a_full_counter_are_of_note() {
        let mut log = MatchLog::default();
        let mut points = event("counter", "Counter 'The town wakes' (danger): +3: 2 of 4");
        points.fields.insert("complete".into(), false.into());
        let mut full = event(
            "counter",
            "Counter 'The town wakes' (danger): +8: 4 of 4: full",
        );
        full.fields.insert("complete".into(), true.into());
        log.events.push(points);
        log.events.push(full);
        log.events.push(event(
            "arrive",
            "Marshal Tate arrives at 15,4: 'The town wakes' is full",
        ));
        let s = summary(&log, Some(0), &[]);
        assert!(s.starts_with("SINCE YOU LAST DECLARED: 2 of note"), "{s}");
        assert!(s.contains("Marshal Tate arrives at 15,4"), "{s}");
        // A calamity's jam is of note too.
        log.events.push(event(
            "calamity",
            "CALAMITY: Hank Daggett's Double-barrel shotgun jams; it must be cleared (reload) to \
             fire again",
        ));
        let s = summary(&log, Some(0), &[]);
        assert!(s.starts_with("SINCE YOU LAST DECLARED: 3 of note"), "{s}");
        assert!(
            s.contains("Hank Daggett's Double-barrel shotgun jams"),
            "{s}"
        );
    }
}
