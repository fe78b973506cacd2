//! What the commands print: standard output through [`emit`], and `out!` / `outln!`.

/// Writes to stdout. A closed pipe (`pref replay … | head`) ends the program quietly, as
/// for any Unix tool; `print!` would panic there.
pub(crate) fn emit(text: &str) {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_all(text.as_bytes()).and_then(|()| o.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        say_error(&format!("error: cannot write the output: {e}"));
        std::process::exit(1);
    }
}

/// Writes a line to stderr, ignoring a failure (there is nowhere left to tell of it).
pub(crate) fn say_error(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// Whether `e` is a write to standard output that found its pipe closed: a bare I/O error, as
/// `writeln!(stdout, …)?` gives. A record that could not be written carries its file's name
/// as context, and is reported.
pub(crate) fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().count() == 1
        && e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}

/// `print!` through [`emit`].
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::emit(&format!($($arg)*)) };
}

/// `println!` through [`emit`].
macro_rules! outln {
    ($($arg:tt)*) => { $crate::output::emit(&format!("{}\n", format_args!($($arg)*))) };
}
