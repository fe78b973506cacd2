//! Times the expert's decisions (single thread) over N hands against heuristic bots, by kind:
//! cards, bids, whist calls, discards with the contract:
//! `cargo run --release -p preferans-bots --example expert_latency [HANDS]`.
use std::time::Instant;

use preferans::russian::PhaseKind;
use preferans::{HandState, Match, Rules, Viewer};
use preferans_bots::{Bot, ExpertBot, HeuristicBot};

fn main() {
    let hands: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let mut m = Match::new(Rules::sochi(), 7, 0, Some(hands));
    let mut expert = ExpertBot::of_level("expert", 1).expect("a level");
    let mut others = [HeuristicBot::new(), HeuristicBot::new()];
    let mut times = Vec::new();
    let mut bid_times = Vec::new();
    let mut whist_times = Vec::new();
    let mut contract_times = Vec::new();
    while let Some(h) = m.current_hand() {
        let seat = h.to_move().expect("a hand in progress has a seat to move");
        let o = h.observation(Viewer::Seat(seat));
        let a = if seat == 0 {
            let t = Instant::now();
            let a = expert.choose(&o);
            if o.phase == PhaseKind::Play && o.legal_actions.len() > 1 {
                times.push(t.elapsed().as_secs_f64() * 1e3);
            }
            let ms = t.elapsed().as_secs_f64() * 1e3;
            match o.phase {
                PhaseKind::Auction => bid_times.push(ms),
                PhaseKind::Whist => whist_times.push(ms),
                PhaseKind::Discard | PhaseKind::Declare => contract_times.push(ms),
                _ => {}
            }
            a
        } else {
            others[seat as usize - 1].choose(&o)
        };
        m.apply(seat, a.expect("bots always answer"))
            .expect("bots choose legal actions");
    }
    for (what, mut v) in [
        ("card", times),
        ("bidding", bid_times),
        ("whist", whist_times),
        ("discard and contract", contract_times),
    ] {
        v.sort_by(|a, b| a.total_cmp(b));
        let Some(&max) = v.last() else { continue };
        let q = |p: f64| v[((v.len() as f64 * p) as usize).min(v.len() - 1)];
        println!(
            "{} {what} decisions: median {:.1} ms, p95 {:.1} ms, max {max:.1} ms",
            v.len(),
            q(0.5),
            q(0.95)
        );
    }
}
