use preferans::russian::HandConfig;
use preferans::{
    deal::{hand_rng, uniform_below},
    Deal, HandState, Rules, RussianHand,
};
fn main() {
    let cfg = HandConfig::from_rules(&Rules::sochi());
    let mut rng = hand_rng(1, 1);
    let (mut acts, mut tricks, mut count_sum) = (0u64, 0u64, 0u64);
    let n: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let t = std::time::Instant::now();
    for seed in 0..n {
        let mut h = RussianHand::new(cfg, (seed % 3) as u8, Deal::seeded(seed, 0), None);
        loop {
            let c = h.legal_count() - h.offer_count();
            if c == 0 {
                break;
            }
            count_sum += c as u64;
            let a = h.nth_legal(uniform_below(&mut rng, c)).unwrap();
            h.apply_unchecked(a);
            acts += 1;
        }
        tricks += h.tricks_done() as u64;
        let _ = h.to_move();
    }
    println!(
        "actions/hand {:.1}, tricks/hand {:.2}, avg branching {:.1}, {:?}/hand",
        acts as f64 / n as f64,
        tricks as f64 / n as f64,
        count_sum as f64 / acts as f64,
        t.elapsed() / n as u32
    );
}
