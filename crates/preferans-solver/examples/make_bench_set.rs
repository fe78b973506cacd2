//! Writes the benchmark set to stdout:
//! `cargo run -p preferans-solver --example make_bench_set > crates/preferans-solver/benches/data/deals.txt`;
//! with `values`, each deal's exact result instead (golden values, checked by a test):
//! `cargo run --release -p preferans-solver --example make_bench_set values > crates/preferans-solver/benches/data/values.txt`.
use preferans_solver::benchset::{bench_line, bench_position, bench_set, value_line};
use preferans_solver::Solver;

fn main() {
    if std::env::args().nth(1).as_deref() == Some("values") {
        println!("# seed kind tricks — the target's exact result for each deal of deals.txt");
        let mut solver = Solver::new();
        for (seed, kind) in bench_set() {
            let (state, objective) = bench_position(seed, kind);
            match solver.solve(&state, objective) {
                Ok(v) => println!("{}", value_line(seed, kind, v.tricks)),
                Err(e) => {
                    eprintln!("deal {seed}: {e}");
                    std::process::exit(1);
                }
            }
        }
        return;
    }
    println!("# seed kind target trump | hand0 | hand1 | hand2 | talon leads — see preferans_solver::benchset");
    for (seed, kind) in bench_set() {
        println!("{}", bench_line(seed, kind));
    }
}
