//! Random full hands through the engine on one core (issue: ≥ 1,000,000 hands/s on the
//! unchecked path). Each hand: seeded ChaCha8 deal, then random legal actions (offers left
//! out, so hands are played to the end) through `legal_actions` + `apply_unchecked`.
//! Run: `cargo bench -p preferans --bench random_hands`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use preferans::russian::{HandConfig, PhaseKind};
use preferans::{Action, Deal, HandState, Rules, RussianHand};

/// xorshift64*: a cheap generator for the bots' choices (deals use ChaCha8).
struct XorShift(u64);
impl XorShift {
    #[inline]
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize * n) >> 32
    }
}

/// The unchecked path: during play the legal cards straight from `legal_cards_now`, in the
/// other phases `legal_count` + `nth_legal`; then `apply_unchecked`. No allocation but the
/// hand's history.
fn play_random(cfg: HandConfig, seed: u64, rng: &mut XorShift) -> u8 {
    let mut h = RussianHand::new(cfg, (seed % 3) as u8, Deal::seeded(seed, 0), None);
    loop {
        if h.phase_kind() == PhaseKind::Play {
            let cards = h.legal_cards_now();
            if let Some(c) = cards.nth(rng.below(cards.len().max(1) as usize) as u32) {
                h.apply_unchecked(Action::Play(c));
                continue;
            }
        }
        let n = h.legal_count() - h.offer_count();
        if n == 0 {
            break;
        }
        let Some(a) = h.nth_legal(rng.below(n as usize) as u32) else {
            break;
        };
        h.apply_unchecked(a);
    }
    h.tricks_done()
}

/// The checked path a UI or server takes: `legal_actions` into a vector + `apply`.
fn play_random_checked(cfg: HandConfig, seed: u64, rng: &mut XorShift, buf: &mut Vec<Action>) -> u8 {
    let mut h = RussianHand::new(cfg, (seed % 3) as u8, Deal::seeded(seed, 0), None);
    while let Some(seat) = h.to_move() {
        h.legal_actions(buf);
        let n = buf
            .iter()
            .position(|a| matches!(a, Action::Offer(_)))
            .unwrap_or(buf.len());
        let a = buf[rng.below(n)];
        if h.apply(seat, a).is_err() {
            break;
        }
    }
    h.tricks_done()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_hands");
    group.throughput(Throughput::Elements(1));
    for (name, rules) in [
        ("sochi_3p", Rules::sochi()),
        ("sochi_4p", Rules::sochi().with("players", "4").unwrap()),
    ] {
        let cfg = HandConfig::from_rules(&rules);
        let mut seed = 0u64;
        let mut rng = XorShift(0x1234_5678_9abc_def1);
        group.bench_function(format!("unchecked_{name}"), |b| {
            b.iter(|| {
                seed += 1;
                play_random(cfg, seed, &mut rng)
            })
        });
    }
    let cfg = HandConfig::from_rules(&Rules::sochi());
    let mut rng = XorShift(0x1234_5678_9abc_def1);
    let mut buf = Vec::with_capacity(128);
    let mut seed = 0u64;
    group.bench_function("checked_sochi_3p", |b| {
        b.iter(|| {
            seed += 1;
            play_random_checked(cfg, seed, &mut rng, &mut buf)
        })
    });
    let mut seed = 0u64;
    group.bench_function("deal_only", |b| {
        b.iter(|| {
            seed += 1;
            Deal::seeded(seed, 0)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
