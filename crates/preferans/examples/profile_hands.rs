//! Plays random hands through the unchecked path, for profiling with callgrind or perf:
//! `cargo build --release -p preferans --example profile_hands && valgrind --tool=callgrind target/release/examples/profile_hands 5000`.
//! The loop is the benchmark's (`benches/random_hands.rs`).
use preferans::russian::{HandConfig, PhaseKind};
use preferans::{Action, Deal, HandState, Rules, RussianHand};

fn _uses(h: &RussianHand) -> bool {
    h.is_over()
}

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let cfg = HandConfig::from_rules(&Rules::sochi());
    let mut x = 0x1234_5678_9abc_def1u64;
    let mut below = |n: u32| {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        (((x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) * u64::from(n)) >> 32) as u32
    };
    // STOP=new|auction|play|end: where each hand stops, to profile the phases separately.
    let stop = std::env::var("STOP").unwrap_or_default();
    let mut tricks = 0u64;
    let t = std::time::Instant::now();
    for seed in 0..n {
        let mut h = RussianHand::new(cfg, (seed % 3) as u8, Deal::seeded(seed, 0), None);
        loop {
            let phase = h.phase_kind();
            if stop == "new"
                || (stop == "auction" && phase != PhaseKind::Auction)
                || (stop == "play" && phase == PhaseKind::Play)
            {
                break;
            }
            if phase == PhaseKind::Play {
                let cards = h.legal_cards_now();
                if let Some(c) = cards.nth(below(cards.len().max(1))) {
                    h.apply_unchecked(Action::Play(c));
                    continue;
                }
            }
            let k = h.legal_count() - h.offer_count();
            let Some(a) = (k > 0).then(|| h.nth_legal(below(k))).flatten() else {
                break;
            };
            h.apply_unchecked(a);
        }
        tricks += u64::from(h.tricks_done());
    }
    println!(
        "{n} hands, {:.2} tricks/hand, {:?}/hand",
        tricks as f64 / n as f64,
        t.elapsed() / n as u32
    );
}
