//! Plain-text views for the terminal.

use crate::rules::card::{Card, Direction};
use crate::rules::check::CheckOutcome;
use crate::rules::die::Die;

/// A card laid out as a Judge reads it.
pub fn card(card: &Card) -> String {
    let mut s = format!(
        "Card {} ({})\n  cause      4    6    8   10   12\n",
        card.number, card.corner
    );
    for (r, row) in card.cause.iter().enumerate() {
        s.push_str(&format!("  row {}  ", r + 1));
        for d in Die::ALL {
            let cell = row[d.column()];
            let ex = if cell.is_exceptional(d) { "*" } else { " " };
            s.push_str(&format!("{:>4}{ex}", cell.to_string()));
        }
        s.push('\n');
    }
    s.push_str("  effect     4    6    8   10   12   (+ = increased effect)\n");
    for (r, row) in card.effect.iter().enumerate() {
        s.push_str(&format!("  ({})    ", r + 1));
        for cell in row {
            s.push_str(&format!(
                "{:>4}{}",
                cell.value,
                if cell.increased { "+" } else { " " }
            ));
        }
        s.push('\n');
    }
    let stack: Vec<String> = card
        .location
        .iter()
        .map(|e| match e.dir {
            Direction::Standard => format!("[{}]", e.location),
            Direction::Up => format!("{} {}", e.location, "^".repeat(e.bumps as usize)),
            Direction::Down => format!("{} {}", e.location, "v".repeat(e.bumps as usize)),
        })
        .collect();
    s.push_str(&format!(
        "  hit locations (top first): {}\n",
        stack.join(", ")
    ));
    let burst: Vec<String> = card
        .burst
        .iter()
        .map(|b| format!("{}->{}", b.value, b.hits))
        .collect();
    s.push_str(&format!(
        "  shield {:+}  scatter {} o'clock  step {}  fragment {}  toggle {:?}\n  burst {}  unintended {:?}  wrench {}\n",
        card.shield,
        card.scatter,
        card.step,
        card.fragment,
        card.toggle,
        burst.join(" "),
        card.unintended,
        card.wrench.map_or("blank".to_string(), |w| w.to_string()),
    ));
    s
}

/// The last line of a check: the verdict.
pub fn verdict(o: &CheckOutcome) -> String {
    let mut s = if o.calamity {
        "CALAMITY: the Judge decides what goes wrong.".to_string()
    } else if o.success {
        format!(
            "SUCCESS: {} against TN {}, {}",
            o.result,
            o.tn,
            crate::rules::words::count(o.bumps, "bump", "bumps")
        )
    } else {
        format!("FAILURE: {} against TN {}", o.result, o.tn)
    };
    if let (Some(m), Some(v)) = (o.magnitude, o.victories) {
        s.push_str(&format!(
            "; magnitude {m}, {}",
            crate::rules::words::count(v, "victory", "victories")
        ));
    }
    s.push_str(&format!(". Cards drawn: {:?}.\n", o.cards));
    s
}
