//! The real terminal: the loop that draws, reads keys and lets bots act, and what ends the
//! process when the terminal is gone.

use std::time::{Duration, Instant};

use anyhow::Result;
use ratatui::crossterm::event::{self, Event, KeyEventKind};

use super::{draw, App};

/// The real terminal loop: bots act every `pace`, keys are handled as they come. Gives the
/// app back when the user leaves.
pub fn run(mut app: App, pace: Duration) -> Result<App> {
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
    use std::sync::Arc;
    // SIGTERM, SIGINT, SIGHUP or SIGQUIT from outside: leave as Ctrl-C does (the terminal is
    // given back; the game was saved as it went); a second one ends the process at once.
    let signalled = Arc::new(AtomicBool::new(false));
    #[cfg(unix)]
    for sig in signal_hook::consts::TERM_SIGNALS
        .iter()
        .chain([&signal_hook::consts::SIGHUP])
    {
        signal_hook::flag::register_conditional_shutdown(*sig, 1, Arc::clone(&signalled))?;
        signal_hook::flag::register(*sig, Arc::clone(&signalled))?;
    }
    let left = Arc::new(AtomicBool::new(false));
    watch_terminal(Arc::clone(&signalled), Arc::clone(&left));
    let mut terminal = ratatui::init();
    let result = (|| -> Result<()> {
        let mut last_bot = Instant::now();
        loop {
            terminal.draw(|f| draw(f, &app))?;
            if app.quit || signalled.load(Relaxed) {
                return Ok(());
            }
            // A quarter of a second at most, so that a signal is seen soon whatever the pace.
            let wait = if app.human_to_move() || app.m.is_over() {
                Duration::from_millis(250)
            } else {
                pace.saturating_sub(last_bot.elapsed()).min(Duration::from_millis(250))
            };
            if event::poll(wait)? {
                if let Event::Key(k) = event::read()? {
                    if k.kind == KeyEventKind::Press {
                        app.key(k);
                    }
                }
            } else if !app.human_to_move() && last_bot.elapsed() >= pace {
                app.step_bot();
                last_bot = Instant::now();
            }
        }
    })();
    left.store(true, Relaxed);
    ratatui::restore();
    result.map(|()| app)
}

/// Ends the process when the game cannot end itself, until `left` is set. When the terminal is
/// gone without a SIGHUP, or a signal came but the loop does not leave (crossterm reads
/// end-of-file for ever inside its own loop once the terminal is gone: crossterm issue 793),
/// the game was saved as it went, so the process ends.
fn watch_terminal(
    signalled: std::sync::Arc<std::sync::atomic::AtomicBool>,
    left: std::sync::Arc<std::sync::atomic::AtomicBool>,
) {
    use std::sync::atomic::Ordering::Relaxed;
    std::thread::spawn(move || {
        let mut watch_hangup = true;
        let mut ticks_since_signal = 0;
        loop {
            std::thread::sleep(Duration::from_millis(250));
            if left.load(Relaxed) {
                return;
            }
            if watch_hangup {
                match terminal_hung_up() {
                    Some(true) => std::process::exit(0),
                    Some(false) => {}
                    // The terminal cannot be asked (macOS's poll does not take devices).
                    None => watch_hangup = false,
                }
            }
            if signalled.load(Relaxed) {
                ticks_since_signal += 1;
                // Three seconds: a bot's longest think, then the loop would have left.
                if ticks_since_signal > 12 {
                    ratatui::restore();
                    std::process::exit(1);
                }
            }
        }
    });
}

/// Whether the terminal on standard input is gone (its other end closed); `None` when poll(2)
/// cannot tell. Asked only on Linux, where it was checked; elsewhere `None`.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn terminal_hung_up() -> Option<bool> {
    let mut fd = libc::pollfd {
        fd: 0,
        events: 0,
        revents: 0,
    };
    // SAFETY: one valid `pollfd` for one entry, and no wait.
    let ready = unsafe { libc::poll(&mut fd, 1, 0) };
    if ready > 0 && fd.revents & libc::POLLNVAL != 0 {
        return None;
    }
    Some(ready > 0 && fd.revents & (libc::POLLHUP | libc::POLLERR) != 0)
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn terminal_hung_up() -> Option<bool> {
    None
}
