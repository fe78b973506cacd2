//! Progress bars of the long commands (`sim`, `match`, `review`), drawn on standard error
//! when it is a terminal (indicatif draws nothing otherwise).

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// `{rate}`: whole units a second ("18701/s", not indicatif's "18,700.5174/s").
fn with_rate(style: ProgressStyle) -> ProgressStyle {
    style.with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
        let _ = write!(w, "{:.0}/s", state.per_sec());
    })
}

/// A bar over `len` steps, each one `unit` (a plural: "hands", "deals").
pub fn bar(len: u64, unit: &str) -> ProgressBar {
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit} · {{rate}} · {{eta}} left");
    ProgressBar::new(len)
        .with_style(ProgressStyle::with_template(&template).map_or_else(|_| ProgressStyle::default_bar(), with_rate))
}

/// A counter of `unit`s with no known end, `what` saying what runs.
pub fn spinner(unit: &str, what: &str) -> ProgressBar {
    let template = format!("{{spinner}} {{pos}} {unit} · {{rate}} · {{elapsed}} ({what})");
    ProgressBar::new_spinner().with_style(
        ProgressStyle::with_template(&template).map_or_else(|_| ProgressStyle::default_spinner(), with_rate),
    )
}
