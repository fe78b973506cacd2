//! What the command-line test files share: the `pref` binary, its output as text, and a
//! record made by `pref sim`.
#![allow(dead_code)] // each test file uses its own share of these

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The `pref` binary of this build.
pub fn pref() -> Command {
    Command::cargo_bin("pref").unwrap()
}

/// Standard error as text.
pub fn stderr_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

/// Standard output as text.
pub fn stdout_of(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// `pref sim` with `args`, the record written to `dir/name`.
pub fn sim(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let file = dir.join(name);
    let out = pref()
        .arg("sim")
        .args(args)
        .arg("--overwrite")
        .arg("--out")
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    file
}
