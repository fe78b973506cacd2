//! Writes the benchmark set to stdout: `cargo run -p preferans-solver --example make_bench_set > crates/preferans-solver/benches/data/deals.txt`.
use preferans_solver::benchset::{bench_line, bench_set};

fn main() {
    println!("# seed kind target trump | hand0 | hand1 | hand2 | talon leads — see preferans_solver::benchset");
    for (seed, kind) in bench_set() {
        println!("{}", bench_line(seed, kind));
    }
}
