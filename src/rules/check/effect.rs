//! The effect grid of a complex check: the exact cell, column shifts with their limits,
//! increased effect, direct adjustments and effect spends.

use super::*;

/// The effect grid: the exact cell, column shifts, increased effect, direct adjustments and
/// effect spends. Returns the magnitude and whether increased effect applied.
pub(in crate::rules) fn resolve_effect(
    source: &mut dyn CardSource,
    drawn: &mut Vec<u8>,
    trace: &mut Vec<Step>,
    card: &Card,
    effect: &EffectRequest,
    request: &CheckRequest,
    options: &CheckOptions,
) -> Result<(u32, bool), CheckError> {
    let pool = adjust::rows(effect.quality, effect.adjust.row);
    if pool != effect.quality {
        trace.push(Step::RowAdjusted {
            from: effect.quality,
            to: pool,
        });
    }
    let original = card.effect(pool.rows, pool.die);
    trace.push(Step::ReadEffect {
        card: card.number,
        rows: pool.rows,
        die: pool.die,
        cell: original,
    });

    let shift = effect.adjust.column;
    let die = pool.die.shifted(shift).expect("checked before drawing");
    let limit = adjust::column_limit(original.value, shift);
    let (start, increased) = if shift == 0 {
        (original, original.increased)
    } else {
        let shifted = card.effect(pool.rows, die);
        // A right shift keeps the increased effect the original had.
        let increased = shifted.increased || (shift > 0 && original.increased);
        trace.push(Step::ColumnShifted {
            from: pool.die,
            to: die,
            original: original.value,
            shifted: EffectCell {
                value: shifted.value,
                increased,
            },
            limit,
        });
        (shifted, increased)
    };

    let mut total = start.value;
    if increased && options.increased_effect {
        let mut open = true;
        while open && !adjust::limit_reached(total, limit) {
            let extra = draw(source, drawn, trace, Draw::IncreasedEffect)?;
            let cell = extra.effect(pool.rows, die);
            total += cell.value;
            open = cell.increased;
            trace.push(Step::IncreasedEffect {
                card: extra.number,
                rows: pool.rows,
                die,
                cell,
                total,
                continues: open,
            });
        }
    }
    let limited = adjust::apply_limit(total, limit);
    if limited != total {
        trace.push(Step::Limited {
            from: total,
            to: limited,
        });
    }
    let mut magnitude = adjust::direct_effect(limited, effect.adjust.direct);
    if magnitude != limited {
        trace.push(Step::DirectAdjusted {
            from: limited,
            to: magnitude,
        });
    }
    if let Some(spend @ (Spend::Aces | Spend::AsIPlanned { .. })) = request.spend {
        let before = magnitude;
        magnitude += spend.value();
        trace.push(Step::Spent {
            spend,
            note: format!("effect {before} + {} = {magnitude}", spend.value()),
        });
    }
    Ok((magnitude, increased))
}

/// Read the effect grid of `card` for `effect` (column shift limits, increased effect drawn
/// from `source` and discarded after). Returns the magnitude, whether increased effect
/// applied, the cards drawn for it and the steps.
pub fn read_effect(
    source: &mut dyn CardSource,
    card: &Card,
    effect: &EffectRequest,
    options: &CheckOptions,
) -> Result<(u32, bool, Vec<u8>, Vec<Step>), CheckError> {
    let shift = effect.adjust.column;
    if effect.quality.die.shifted(shift).is_none() {
        return Err(CheckError::ColumnOffCard {
            die: effect.quality.die,
            shift,
        });
    }
    let mut drawn = Vec::new();
    let mut trace = Vec::new();
    let request = CheckRequest::simple(Skill::Unskilled { trait_rank: 1 }, 0);
    let result = resolve_effect(
        source, &mut drawn, &mut trace, card, effect, &request, options,
    );
    for &n in &drawn {
        source.discard(n);
    }
    let (magnitude, increased) = result?;
    Ok((magnitude, increased, drawn, trace))
}
